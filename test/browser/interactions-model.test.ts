/**
 * A click through the API on real Chromium with Claude configured (against a local fake of the Messages API):
 * an easy description is resolved offline for 0 credits, a hard one asks the model once and is charged.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { creditsFor } from '../../functions/core/resolve/credits.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let api: FakeMessagesApi;
let sessionId: string;
let windowId: string;
let page: Page;

const click = (elementDescription: string) =>
  svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows/${windowId}/click`,
    headers: svc.auth,
    body: { elementDescription },
  });
const pageLog = () => page.evaluate(() => (window as unknown as { log: string[] }).log);

/** Answers like a model would: the id of the snapshot line naming the given text. */
const chooseLineWith = (text: string) => (request: Record<string, unknown>) => {
  const prompt = JSON.stringify(request.messages);
  const id = new RegExp(`(e\\d+) button \\\\"${text}\\\\"`).exec(prompt)?.[1] ?? 'none';
  return {
    toolInput: { elementId: id, reason: `the button labelled ${text}` },
    usage: { input_tokens: 3000, output_tokens: 60 },
  };
};

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
  sessionId = (await createRunningSession(svc)).id;
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: 'about:blank' },
  });
  windowId = window.json.data.windowId;
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  page = await browser.page(windowId);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
  await api?.close();
});
beforeEach(async () => {
  api.reset();
  await page.goto(`${fixtures.url}/resolve/interactions.html`);
});

describe('click with a language model configured', () => {
  it('resolves an easy description offline: no model call, 0 credits', async () => {
    const res = await click('the Increment button');
    expect(res.json.meta).toMatchObject({ status: 'success', usage: { credits: 0 } });
    expect(api.calls).toBe(0);
    expect(await pageLog()).toEqual(['click']);
  });

  it('asks the model once for a description only it can place, clicks its choice and charges the tokens', async () => {
    api.script(chooseLineWith('Increment'));
    const res = await click('the control that makes the counter go up by one');
    expect(api.calls).toBe(1);
    expect(res.json.meta).toMatchObject({
      status: 'success',
      usage: { credits: creditsFor({ inputTokens: 3000, outputTokens: 60 }) },
    });
    expect(await pageLog()).toEqual(['click']);
  });
});
