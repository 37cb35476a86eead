/**
 * JavaScript dialogs on real Chromium: a page that asks alert, confirm, prompt and beforeunload as it loads, or when
 * clicked, neither holds its window's load nor the operations that follow (before, each waited out the 30 s load
 * limit or the 60 s protocol limit). Nor does a popup the page opens that asks at once, though the service never
 * drove its window (before, its title never got past the dialog and each operation on it answered 503 after 60 s).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

interface ListedWindow {
  windowId: string;
  url: string;
  title: string;
}

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

const listWindows = async (): Promise<ListedWindow[]> => {
  const res = await svc.app.inject({ method: 'GET', path: `/v1/sessions/${sessionId}/windows`, headers: svc.auth });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  return res.json.data.windows as ListedWindow[];
};

/** The popup showing `page` once the browser lists it with `title`; whatever is listed for it by then otherwise. */
const popupTitled = async (page: string, title: string): Promise<ListedWindow | undefined> => {
  const find = (windows: ListedWindow[]) => windows.find((window) => window.url === `${fixtures.url}/dialogs/${page}`);
  return find(await waitFor(listWindows, (windows) => find(windows)?.title === title, 15_000));
};

/** A popup's own text, read through the API: a window frozen by a dialog answers 503 only after 60 s. */
const textOf = async (windowId: string): Promise<string> => {
  const scraped = await post(`/${windowId}/scrape-content`, {});
  expect(scraped.statusCode, JSON.stringify(scraped.json)).toBe(201);
  return scraped.json.data.modelResponse.scrapedContent.text as string;
};

it('accepts the dialogs of popups the service never drove, so they go on and answer at once', async () => {
  const opened = await post('', { url: `${fixtures.url}/dialogs/opens-popups.html`, waitUntilTimeoutSeconds: 20 });
  expect(opened.statusCode, JSON.stringify(opened.json)).toBe(201);
  const opener = opened.json.data.windowId as string;

  // window.open from a script: the popup calls alert() before anything of it is parsed.
  const alerting = await post(`/${opener}/click`, { elementDescription: 'the Open the alert popup button' });
  expect(alerting.json.meta.status, JSON.stringify(alerting.json)).toBe('success');
  const alertPopup = await popupTitled('popup-alert.html', 'Alert answered');
  expect(alertPopup?.title).toBe('Alert answered');
  expect(await textOf(alertPopup!.windowId)).toContain('The popup went on past its alert.');

  // A target=_blank link: the popup asks confirm() once loaded, and OK is what it hears.
  const confirming = await post(`/${opener}/click`, { elementDescription: 'the Open the confirm popup link' });
  expect(confirming.json.meta.status, JSON.stringify(confirming.json)).toBe('success');
  const confirmPopup = await popupTitled('popup-confirm.html', 'Confirmed');
  expect(confirmPopup?.title).toBe('Confirmed');
  expect(await textOf(confirmPopup!.windowId)).toContain('Confirmed');

  // Acting on a popup answers too: its window can be loaded elsewhere and closed.
  const loaded = await post(`/${alertPopup!.windowId}`, { url: `${fixtures.url}/`, waitUntilTimeoutSeconds: 20 });
  expect(loaded.json, JSON.stringify(loaded.json)).toMatchObject({ data: { success: true } });
  const closed = await svc.app.inject({
    method: 'DELETE',
    path: `/v1/sessions/${sessionId}/windows/${confirmPopup!.windowId}`,
    headers: svc.auth,
  });
  expect(closed.statusCode, JSON.stringify(closed.json)).toBeLessThan(300);
  expect((await listWindows()).map((window) => window.windowId)).not.toContain(confirmPopup!.windowId);
});
