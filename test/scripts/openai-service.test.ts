/**
 * The service as a user starts it with a local model: `MODEL_PROVIDER=openai OPENAI_BASE_URL=… MODEL_NAME=m npm start`
 * (bin/local.ts in its own process), against a local server speaking Chat Completions through the real SDK, on real
 * Chromium. page-query answers from the model (success, charged at least a credit), and a description the offline
 * resolver cannot settle (three equal "Add to cart" buttons) is decided by the model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.js';
import { runningSession, startServiceProcess, type ServiceProcess } from '../support/service-process.js';

let api: FakeChatCompletions;
let fixtures: FixtureServer;
let svc: ServiceProcess;

/** The fake model: a structured choice names the first "Add to cart" button of the snapshot it was sent; questions get prose. */
const fakeModel = (request: Record<string, unknown>) => {
  const sent = (request.messages as Array<{ content: unknown }>)
    .map((m) => (typeof m.content === 'string' ? m.content : ''))
    .join('\n');
  if (request.tools || request.response_format) {
    const id = /^(e\d+) button "Add to cart"/m.exec(sent)?.[1] ?? 'none';
    return { toolInput: { elementId: id, reason: 'the first Add to cart button, in page order' } };
  }
  return { text: 'The Pro plan costs 8 euros a month.', usage: { prompt_tokens: 1500, completion_tokens: 12 } };
};

beforeAll(async () => {
  [api, fixtures] = await Promise.all([startFakeChatCompletions(), startFixtureServer()]);
  api.always(fakeModel);
  svc = await startServiceProcess({
    MODEL_PROVIDER: 'openai',
    OPENAI_BASE_URL: api.url,
    MODEL_NAME: 'm',
    WARM_POOL_SIZE: '1',
  });
}, 120_000);
afterAll(async () => {
  await svc?.stop();
  await api?.close();
  await fixtures?.close();
});

describe('npm start with MODEL_PROVIDER=openai', { timeout: 120_000 }, () => {
  let sessionId: string;
  const openWindow = async (page: string) => {
    const res = await svc.call('POST', `/v1/sessions/${sessionId}/windows`, { url: `${fixtures.url}${page}` });
    expect(res.status, `${JSON.stringify(res.json)}\n${svc.output()}`).toBe(201);
    return res.json.data.windowId as string;
  };

  beforeAll(async () => {
    sessionId = await runningSession(svc);
  }, 120_000);

  it('answers page-query from the model: success, at least a credit, no start-up warning', async () => {
    const windowId = await openWindow('/query/plans.html');
    const res = await svc.call('POST', `/v1/sessions/${sessionId}/windows/${windowId}/page-query`, {
      prompt: 'How much does the Pro plan cost per month?',
    });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.data.modelResponse).toBe('The Pro plan costs 8 euros a month.');
    expect(res.json.meta.usage.credits).toBeGreaterThanOrEqual(1);
    const asked = api.requests.find((r) => !r.tools && !r.response_format)!;
    expect(asked.model).toBe('m');
    expect(JSON.stringify(asked.messages)).toContain('How much does the Pro plan cost per month?');
    expect(svc.output()).not.toContain('warning: model provider openai');
  });

  it('lets the model decide a description the offline resolver finds three equal answers for', async () => {
    const windowId = await openWindow('/resolve/shop.html');
    const before = api.calls;
    const res = await svc.call('POST', `/v1/sessions/${sessionId}/windows/${windowId}/hover`, {
      elementDescription: 'the Add to cart button',
    });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.meta.usage.credits).toBeGreaterThanOrEqual(1);
    const tools = api.requests
      .slice(before)
      .map((r) => (r.tools as Array<{ function: { name: string } }> | undefined)?.[0]?.function.name);
    // The element choice settled it: no look at a screenshot was needed.
    expect(tools).toEqual(['choose_element']);
    const asked = api.requests.slice(before).find((r) => r.tools);
    expect(JSON.stringify(asked!.messages)).toContain('the Add to cart button');
  });
});
