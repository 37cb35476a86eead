/**
 * JavaScript dialogs on real Chromium: a page that asks alert, confirm, prompt and beforeunload as it loads, or when
 * clicked, neither holds its window's load nor the operations that follow (before, each waited out the 30 s load
 * limit or the 60 s protocol limit).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let sessionId: string;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1, hostCapacity: 2 }), startFixtureServer()]);
  sessionId = (await createRunningSession(svc)).id;
});
afterAll(async () => {
  if (sessionId) await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${sessionId}`, headers: svc.auth });
  await svc?.stop();
  await fixtures?.close();
});

const post = (path: string, body: Record<string, unknown>) =>
  svc.app.inject({ method: 'POST', path: `/v1/sessions/${sessionId}/windows${path}`, headers: svc.auth, body });

it('accepts the dialogs a page opens, so its load and the operations on its window go on', async () => {
  const opened = await post('', { url: `${fixtures.url}/dialogs/at-load.html`, waitUntilTimeoutSeconds: 20 });
  expect(opened.statusCode, JSON.stringify(opened.json)).toBe(201);
  expect(opened.json.warnings ?? []).toEqual([]);
  const windowId = opened.json.data.windowId as string;

  const clicked = await post(`/${windowId}/click`, { elementDescription: 'the Alert again button' });
  expect(clicked.json.meta.status, JSON.stringify(clicked.json)).toBe('success');
  const scraped = await post(`/${windowId}/scrape-content`, {});
  expect(scraped.statusCode).toBe(201);
  expect(scraped.json.data.modelResponse.scrapedContent.text).toContain('confirmed=true named=Ada clicked');

  // The page's beforeunload does not hold a navigation away from it.
  const loaded = await post(`/${windowId}`, { url: `${fixtures.url}/`, waitUntilTimeoutSeconds: 20 });
  expect(loaded.json, JSON.stringify(loaded.json)).toMatchObject({ data: { success: true } });
  expect(loaded.json.warnings ?? []).toEqual([]);
});
