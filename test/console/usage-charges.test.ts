/**
 * Credits an operation spends reach the org's usage: a click that asks the model (a local fake of the Messages
 * API) on real Chromium is counted under today and its session in GET /v1/usage; one resolved offline adds nothing;
 * another org sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsFor } from '../../functions/core/resolve/credits.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let api: FakeMessagesApi;

beforeAll(async () => {
  api = await startFakeMessagesApi();
  [svc, fixtures] = await Promise.all([
    startTestService({
      warmPoolSize: 1,
      modelProvider: 'anthropic',
      anthropicApiKey: 'test-key',
      anthropicBaseUrl: api.url,
    }),
    startFixtureServer(),
  ]);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
  await api?.close();
});

describe('credits in the usage', () => {
  it('counts what a model-assisted click spent under today and its session', async () => {
    const sessionId = (await createRunningSession(svc)).id;
    const window = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${sessionId}/windows`,
      headers: svc.auth,
      body: { url: `${fixtures.url}/resolve/interactions.html` },
    });
    const windowId = window.json.data.windowId;
    const click = (elementDescription: string) =>
      svc.app.inject({
        method: 'POST',
        path: `/v1/sessions/${sessionId}/windows/${windowId}/click`,
        headers: svc.auth,
        body: { elementDescription },
      });

    expect((await click('the Increment button')).json.meta.usage.credits).toBe(0);
    api.script((request) => {
      const id = /(e\d+) button \\"Increment\\"/.exec(JSON.stringify(request.messages))?.[1] ?? 'none';
      return {
        toolInput: { elementId: id, reason: 'the increment button' },
        usage: { input_tokens: 3000, output_tokens: 60 },
      };
    });
    const charged = await click('the control that makes the counter go up by one');
    const credits = creditsFor({ inputTokens: 3000, outputTokens: 60 });
    expect(charged.json.meta.usage.credits).toBe(credits);
    expect(credits).toBeGreaterThan(0);

    const usage = await svc.app.inject({ method: 'GET', path: '/v1/usage?days=1', headers: svc.auth });
    expect(usage.json.data.days).toEqual([{ date: new Date().toISOString().slice(0, 10), credits, operations: 1 }]);
    expect(usage.json.data.sessions).toEqual([{ sessionId, credits }]);

    const other = await svc.newOrg('usage-charges-other');
    const theirs = await svc.app.inject({ method: 'GET', path: '/v1/usage?days=1', headers: other.auth });
    expect(theirs.json.data.days[0].credits).toBe(0);
    expect(theirs.json.data.sessions).toEqual([]);
  });
});
