/**
 * Visual analysis on real Chromium: a "Buy now" button drawn on a canvas, which no element of the DOM names. With
 * Claude configured (a local fake of the Messages API), click and hover fall back to screenshots the model points
 * into, act at that point with real mouse input, and charge each image; without a vision answer they fail clearly.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let offline: TestService;
let fixtures: FixtureServer;
let api: FakeMessagesApi;

const run = async (service: TestService, route: string, body: Record<string, unknown>) => {
  const sessionId = (await createRunningSession(service)).id;
  const opened = await service.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: service.auth,
    body: { url: `${fixtures.url}/visual/canvas-button.html` },
  });
  const windowId = opened.json.data.windowId as string;
  const res = await service.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows/${windowId}/${route}`,
    headers: service.auth,
    body,
  });
  const browser = (await service.deps.fleet.open(sessionId)) as unknown as {
    page(id: string): Promise<import('puppeteer-core').Page>;
  };
  const page = await browser.page(windowId);
  return { res, result: await page.$eval('#result', (el) => el.textContent) };
};

const noElement = { toolInput: { elementId: 'none', reason: 'nothing in the list is a Buy now button' } };
const codes = (issues: Array<{ code?: string }> | undefined) => (issues ?? []).map((issue) => issue.code);

beforeAll(async () => {
  api = await startFakeMessagesApi();
  [svc, offline, fixtures] = await Promise.all([
    startTestService({
      warmPoolSize: 1,
      modelProvider: 'anthropic',
      anthropicApiKey: 'test',
      anthropicBaseUrl: api.url,
    }),
    startTestService({ warmPoolSize: 1 }),
    startFixtureServer(),
  ]);
}, 60_000);
afterAll(async () => {
  await svc?.stop();
  await offline?.stop();
  await fixtures?.close();
  await api?.close();
});
beforeEach(() => api.reset());

describe('visual analysis', () => {
  it('clicks a button drawn on a canvas at the point the model sees it, sending it a screenshot', async () => {
    api.script(noElement, {
      toolInput: { found: true, x: 370, y: 145, confidence: 0.93, reason: 'the green Buy now button' },
    });
    const { res, result } = await run(svc, 'click', { elementDescription: 'the Buy now button' });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(result).toBe('bought');
    expect(res.json.data.modelResponse).toBe(
      'Clicked the point (370, 145) where visual analysis saw "the Buy now button" (the green Buy now button).',
    );
    expect(codes(res.json.warnings)).toContain('located_visually');
    expect(api.calls).toBe(2);
    const content = (
      api.requests[1].messages as Array<{
        content: Array<{ type: string; source?: { media_type: string; data: string } }>;
      }>
    )[0].content;
    expect(content[0]).toMatchObject({ type: 'image', source: { media_type: 'image/jpeg' } });
    expect(Buffer.from(content[0].source!.data, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Two calls of 1,200 input and 40 output tokens: 2 credits each.
    expect(res.json.meta.usage.credits).toBe(4);
  });

  it('hovers at the point the model sees', async () => {
    api.script(noElement, { toolInput: { found: true, x: 360, y: 140, confidence: 0.9, reason: 'button' } });
    const { res, result } = await run(svc, 'hover', { elementDescription: 'the Buy now button' });
    expect(res.json.meta.status).toBe('success');
    expect(result).toBe('hovering');
  });

  it('with scope viewport reads one image, and fails when the model does not see it, clicking nothing', async () => {
    api.script(noElement);
    api.always({ toolInput: { found: false, reason: 'no such button' } });
    const { res, result } = await run(svc, 'click', {
      elementDescription: 'the Sell button',
      configuration: { visualAnalysis: { scope: 'viewport' } },
    });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'element_not_found', details: { screenshots: 1 } });
    expect(api.calls).toBe(2);
    expect(result).toBe('nothing yet');
  });

  it('refuses a point outside the image as a malformed answer', async () => {
    api.script(noElement, { toolInput: { found: true, x: 5000, y: 10, confidence: 1, reason: 'far away' } });
    const { res, result } = await run(svc, 'click', {
      elementDescription: 'the Buy now button',
      configuration: { visualAnalysis: { scope: 'viewport' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('failure');
    expect(codes(res.json.errors)).toEqual(['model_malformed_answer']);
    expect(result).toBe('nothing yet');
  });

  it('without a model says visualAnalysis was not applied', async () => {
    const { res } = await run(offline, 'click', {
      elementDescription: 'the Buy now button',
      configuration: { visualAnalysis: { scope: 'scan' } },
    });
    expect(res.json.meta.status).toBe('failure');
    expect(codes(res.json.warnings)).toContain('visual_analysis_not_applied');
  });
});
