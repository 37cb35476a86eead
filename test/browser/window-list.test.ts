/**
 * The windows list on real Chromium: each window's title and URL as the browser shows them now (what CDP clients
 * see), agreeing with what window creation answered.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { closedPort } from '../support/ports.js';

interface ListedWindow {
  windowId: string;
  targetId: string;
  url: string;
  title: string;
}

let svc: TestService;
let fixtures: FixtureServer;
let sessionId: string;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1, hostCapacity: 3 }), startFixtureServer()]);
  sessionId = (await createRunningSession(svc)).id;
});
afterAll(async () => {
  if (sessionId) await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${sessionId}`, headers: svc.auth });
  await svc?.stop();
  await fixtures?.close();
});

const windowsPath = (suffix = '') => `/v1/sessions/${sessionId}/windows${suffix}`;

const open = async (body: Record<string, unknown>) => {
  const res = await svc.app.inject({ method: 'POST', path: windowsPath(), headers: svc.auth, body });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  return res.json as { data: ListedWindow; errors?: { code: string }[] };
};

const listed = async (windowId: string): Promise<ListedWindow | undefined> => {
  const res = await svc.app.inject({ method: 'GET', path: windowsPath(), headers: svc.auth });
  expect(res.statusCode).toBe(200);
  return (res.json.data.windows as ListedWindow[]).find((window) => window.windowId === windowId);
};

const pageOf = async (windowId: string): Promise<Page> => {
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  return browser.page(windowId);
};

describe('listing windows', () => {
  it('shows the title a page gives itself once loaded, as creating the window did', async () => {
    const url = `${fixtures.url}/windows/titled-on-load.html`;
    const created = await open({ url });
    expect(created.data).toMatchObject({ url, title: 'Home' });
    expect(await listed(created.data.windowId)).toEqual({
      windowId: created.data.windowId,
      targetId: created.data.windowId,
      url,
      title: 'Home',
    });
  });

  it('follows a page that renames itself and changes its address without navigating', async () => {
    const url = `${fixtures.url}/windows/renames.html`;
    const { data } = await open({ url });
    expect(await listed(data.windowId)).toMatchObject({ url, title: 'Inbox' });

    await (await pageOf(data.windowId)).evaluate(() =>
      (window as unknown as { rename(title: string, query: string): void }).rename('Inbox (3)', 'unread=3'),
    );
    // The page tells the browser its new title on its own schedule: give it a moment, not forever.
    const now = await waitFor(
      () => listed(data.windowId),
      (window) => window?.title === 'Inbox (3)',
      3_000,
    );
    expect(now).toMatchObject({ url: `${url}?unread=3`, title: 'Inbox (3)' });
  });

  it('shows the page a window moved to, and keeps each window apart', async () => {
    const first = await open({ url: `${fixtures.url}/windows/renames.html` });
    const second = await open({ url: `${fixtures.url}/index.html` });
    const loaded = await svc.app.inject({
      method: 'POST',
      path: windowsPath(`/${first.data.windowId}`),
      headers: svc.auth,
      body: { url: `${fixtures.url}/form.html` },
    });
    expect(loaded.json.data.success).toBe(true);
    expect(await listed(first.data.windowId)).toMatchObject({
      url: `${fixtures.url}/form.html`,
      title: 'Fixture Form',
    });
    expect(await listed(second.data.windowId)).toMatchObject({
      url: `${fixtures.url}/index.html`,
      title: 'Fixture Index',
    });
  });

  it('opens each window shown in a browser window of its own, so an earlier one is not left behind a later one', async () => {
    const first = await open({ url: `${fixtures.url}/index.html` });
    const second = await open({ url: `${fixtures.url}/form.html` });
    // A tab behind another is hidden on a full Chromium: not drawn, its animation frames and timers held back.
    expect(await (await pageOf(first.data.windowId)).evaluate('document.visibilityState')).toBe('visible');
    expect(await (await pageOf(second.data.windowId)).evaluate('document.visibilityState')).toBe('visible');
  });

  it("agrees with creation about a window whose first page could not be loaded: it shows the browser's error page for the address", async () => {
    const address = `http://127.0.0.1:${await closedPort()}/`;
    const created = await open({ url: address });
    expect(created.errors?.[0]).toMatchObject({ code: 'navigation_failed' });
    expect(created.data.url).toBe(address);
    expect(await listed(created.data.windowId)).toMatchObject({ url: created.data.url, title: created.data.title });
    // The error page is titled by its address until its own title is parsed: creation answers the settled one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await listed(created.data.windowId)).toMatchObject({ url: created.data.url, title: created.data.title });
  });

  it('lists a page opened over CDP, and forgets a closed window', async () => {
    const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { browser: import('puppeteer-core').Browser };
    const page = await browser.browser.newPage();
    await page.goto(`${fixtures.url}/form.html`);
    const windowId = (page.target() as unknown as { _targetId: string })._targetId;
    expect(await listed(windowId)).toMatchObject({ url: `${fixtures.url}/form.html`, title: 'Fixture Form' });

    const closed = await svc.app.inject({ method: 'DELETE', path: windowsPath(`/${windowId}`), headers: svc.auth });
    expect(closed.statusCode).toBe(200);
    expect(await listed(windowId)).toBeUndefined();
    const info = await svc.app.inject({ method: 'GET', path: windowsPath(`/${windowId}`), headers: svc.auth });
    expect(info.statusCode).toBe(404);
  });
});

describe('two loads of one window at once', () => {
  it('the earlier one, replaced before its page loaded, fails with ERR_ABORTED rather than taking the later load for its own', async () => {
    const { data } = await open({ url: `${fixtures.url}/index.html` });
    const load = (url: string) =>
      svc.app.inject({
        method: 'POST',
        path: windowsPath(`/${data.windowId}`),
        headers: svc.auth,
        body: { url, waitUntil: 'load' },
      });
    for (let round = 0; round < 3; round += 1) {
      const first = load(`${fixtures.url}/windows/slow-image.html?round=${round}`);
      // The first load has begun (its document is shown) and waits for its image: now a second one replaces it.
      await waitFor(
        () => listed(data.windowId),
        (window) => window?.url.includes(`slow-image.html?round=${round}`) === true,
        5_000,
      );
      await new Promise((resolve) => setTimeout(resolve, round * 100));
      const second = await load(`${fixtures.url}/index.html?round=${round}`);
      expect(second.statusCode).toBe(200);
      expect(second.json.data.success).toBe(true);
      const replaced = await first;
      expect(replaced.json.data.success, JSON.stringify(replaced.json)).toBe(false);
      expect(replaced.json.errors[0]).toMatchObject({
        code: 'navigation_failed',
        reason: expect.stringMatching(/^net::ERR_ABORTED/),
      });
      expect((await listed(data.windowId))?.url).toBe(`${fixtures.url}/index.html?round=${round}`);
    }
  });
});
