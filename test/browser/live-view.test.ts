/**
 * The live view on real Chromium: a session browser shows fixture pages, and a second headless Chromium plays the
 * person watching, through the viewer page framed in a parent page (for the postMessage events).
 */
import type { Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ViewerState } from '../../functions/browser-host/live-view/page.js';
import { signViewToken } from '../../functions/net/live-view-tokens.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { closedPort } from '../support/ports.js';
import { launchViewerBrowser, openViewerPage, viewerState, type ViewerBrowser } from '../support/viewer-browser.js';

let svc: TestService;
let fixtures: FixtureServer;
let viewers: ViewerBrowser;
let sessionId: string;

beforeAll(async () => {
  [svc, fixtures, viewers] = await Promise.all([
    startTestService({ warmPoolSize: 1 }),
    startFixtureServer(),
    launchViewerBrowser(),
  ]);
  sessionId = (await createRunningSession(svc)).id;
}, 60_000);
afterAll(async () => {
  if (sessionId) await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${sessionId}`, headers: svc.auth });
  await viewers?.close();
  await svc?.stop();
  await fixtures?.close();
});

const openWindow = async (path: string, session = sessionId): Promise<string> => {
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${session}/windows`,
    headers: svc.auth,
    body: { url: `${fixtures.url}${path}` },
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  return res.json.data.windowId as string;
};

/** The window's live view URL as `getWindowInfo` gives it, pointed at the test service's real port. */
const liveViewUrl = async (
  windowId: string,
  query: Record<string, string> = {},
  session = sessionId,
): Promise<string> => {
  const search = new URLSearchParams(query).toString();
  const res = await svc.app.inject({
    method: 'GET',
    path: `/v1/sessions/${session}/windows/${windowId}${search ? `?${search}` : ''}`,
    headers: svc.auth,
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  const url = new URL(res.json.data.liveViewUrl as string);
  return `${svc.url}${url.pathname}${url.search}`;
};

/** The session's page for a window, driven directly to read (and set up) its state. */
const remotePage = async (windowId: string, session = sessionId): Promise<Page> => {
  const browser = (await svc.deps.fleet.open(session)) as unknown as { page(id: string): Promise<Page | undefined> };
  const page = await browser.page(windowId);
  if (!page) throw new Error(`no page for window ${windowId}`);
  return page;
};

/** A parent page on the fixture server framing the viewer; resolves once the viewer has drawn a frame. */
const openEmbedded = async (
  src: string,
  options: { waitForFrame?: boolean } = {},
): Promise<{ parent: Page; view: Frame }> => {
  const parent = await openViewerPage(viewers);
  await parent.goto(`${fixtures.url}/live/embed.html?src=${encodeURIComponent(src)}`);
  const handle = await parent.waitForSelector('iframe');
  let view: Frame | null = null;
  for (let i = 0; i < 100 && !(view = await handle!.contentFrame())?.url().startsWith(svc.url); i += 1)
    await new Promise((r) => setTimeout(r, 50));
  if (!view) throw new Error('viewer frame did not load');
  if (options.waitForFrame !== false)
    await view.waitForFunction(
      () => ((window as unknown as { liveViewState?: ViewerState }).liveViewState?.frames ?? 0) > 0,
      { timeout: 10_000 },
    );
  return { parent, view };
};

const received = (parent: Page) => parent.evaluate(() => (window as unknown as { received: unknown[] }).received);

/**
 * Waits until the viewer shows the page at its current size (after the viewer resized it), so clicks map right.
 * Both sizes are read again on each try: a second viewer opened beside the first can still be resizing the page,
 * and a frame of the new size reaches a viewer only after the page has drawn it (seconds on a loaded machine).
 */
const settled = async (view: Frame, page: Page, size?: [number, number]) => {
  if (size)
    await waitFor(
      () => page.evaluate(() => [innerWidth, innerHeight]),
      ([w, h]) => w === size[0] && h === size[1],
    );
  const sizes = () =>
    Promise.all([
      page.evaluate(() => [innerWidth, innerHeight]),
      view.evaluate(() => {
        const state = (window as unknown as { liveViewState: ViewerState }).liveViewState;
        return [state.width, state.height];
      }),
    ]);
  const [[width, height], shown] = await waitFor(sizes, ([[w, h], [sw, sh]]) => w === sw && h === sh, 15_000);
  expect(shown, 'the size the viewer shows').toEqual([width, height]);
};

// Waits for a frame below are bounded at 15 s: a frame comes within one paint on a quiet machine, and a full
// Chromium's software compositing under load has taken over 5 s.

/** Clicks the viewer's canvas at a point given as fractions of its drawn size. */
const clickCanvas = async (view: Frame, fx: number, fy: number) => {
  const canvas = await view.$('#screen');
  const box = (await canvas!.boundingBox())!;
  await view.page().mouse.click(box.x + box.width * fx, box.y + box.height * fy);
};

describe('the live view page', () => {
  it('shows frames and turns a click in the viewer into a click in the page', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId));
    const page = await remotePage(windowId);
    // The viewer fills its 800x600 frame and the window follows it.
    await settled(view, page, [800, 600]);
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([800, 600]);
    const before = (await viewerState(view)).frames;
    await clickCanvas(view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('1');
    // The button changed colour: a new frame reaches the viewer.
    await view.waitForFunction(
      (n: number) => (window as unknown as { liveViewState: ViewerState }).liveViewState.frames > n,
      { timeout: 15_000 },
      before,
    );
    await parent.close();
  });

  it('types text, named keys and pasted text into the page', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId));
    const page = await remotePage(windowId);
    await settled(view, page, [800, 600]);
    await clickCanvas(view, 0.1, 0.6 + 10 / 600);
    await waitFor(
      () => page.evaluate(() => document.activeElement?.id),
      (id) => id === 'typed',
    );
    await view.page().keyboard.type('Hello wor');
    await view.page().keyboard.press('Backspace');
    await view.page().keyboard.type('ld!');
    await waitFor(
      () => page.$eval('#typed', (el) => (el as HTMLInputElement).value),
      (v) => v === 'Hello wold!',
    );
    expect(await page.$eval('#typed', (el) => (el as HTMLInputElement).value)).toBe('Hello wold!');
    // A shortcut with a modifier: select all, then typing replaces it.
    await view.page().keyboard.down('Control');
    await view.page().keyboard.press('a');
    await view.page().keyboard.up('Control');
    await view.page().keyboard.type('X');
    await waitFor(
      () => page.$eval('#typed', (el) => (el as HTMLInputElement).value),
      (v) => v === 'X',
    );
    expect(await page.$eval('#typed', (el) => (el as HTMLInputElement).value)).toBe('X');
    // The viewer's paste event carries clipboard text; it is inserted at the caret.
    await view.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', ' pasted');
      document
        .getElementById('screen')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    });
    await waitFor(
      () => page.$eval('#typed', (el) => (el as HTMLInputElement).value),
      (v) => v === 'X pasted',
    );
    expect(await page.$eval('#typed', (el) => (el as HTMLInputElement).value)).toBe('X pasted');
    await parent.close();
  });
});

describe('the live view and its parent frame', () => {
  it('navigates from its navigation bar, and posts UrlChange to the parent', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId, { includeNavigationBar: 'true' }));
    const page = await remotePage(windowId);
    expect(await view.$eval('#nav', (el) => (el as HTMLElement).hidden)).toBe(false);
    await waitFor(
      () => view.$eval('#address', (el) => (el as HTMLInputElement).value),
      (v) => v.endsWith('/live/target.html'),
    );
    await view.click('#address', { clickCount: 3 });
    await view.page().keyboard.type(`${fixtures.url}/live/other.html`);
    await view.page().keyboard.press('Enter');
    await waitFor(
      () => Promise.resolve(page.url()),
      (url) => url.endsWith('/live/other.html'),
    );
    expect(page.url()).toBe(`${fixtures.url}/live/other.html`);
    await waitFor(
      () => received(parent),
      (messages) => messages.length > 0,
    );
    expect(await received(parent)).toContainEqual({
      eventName: 'UrlChange',
      payload: `${fixtures.url}/live/other.html`,
    });
    // Back returns to the first page.
    await view.click('#back');
    await waitFor(
      () => Promise.resolve(page.url()),
      (url) => url.endsWith('/live/target.html'),
    );
    expect(page.url()).toBe(`${fixtures.url}/live/target.html`);
    await parent.close();
  });

  it('obeys NavigateToUrl, RefreshPage and CloseWindow from the parent', async () => {
    const windowId = await openWindow('/live/target.html');
    const link = await liveViewUrl(windowId);
    const { parent } = await openEmbedded(link);
    const page = await remotePage(windowId);
    await parent.evaluate(
      (url) =>
        (window as unknown as { command(m: unknown): void }).command({ eventName: 'NavigateToUrl', payload: url }),
      `${fixtures.url}/live/other.html`,
    );
    await waitFor(
      () => Promise.resolve(page.url()),
      (url) => url.endsWith('/live/other.html'),
    );
    expect(page.url()).toBe(`${fixtures.url}/live/other.html`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await parent.evaluate(() =>
      (window as unknown as { command(m: unknown): void }).command({ eventName: 'RefreshPage' }),
    );
    await waitFor(
      () => page.evaluate(() => (window as unknown as { marker?: number }).marker).catch(() => 1),
      (marker) => marker === undefined,
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await parent.evaluate(() =>
      (window as unknown as { command(m: unknown): void }).command({ eventName: 'CloseWindow' }),
    );
    await waitFor(
      () => received(parent),
      (messages) => messages.some((m) => (m as { eventName: string }).eventName === 'BrowserDisconnected'),
    );
    expect(await received(parent)).toContainEqual({ eventName: 'BrowserDisconnected' });
    const info = await svc.app.inject({
      method: 'GET',
      path: `/v1/sessions/${sessionId}/windows/${windowId}`,
      headers: svc.auth,
    });
    expect(info.statusCode).toBe(404);
    // The link of a closed window answers like an ended session's: 410, saying so.
    const again = await fetch(link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This window was closed.');
    await parent.close();
  });

  it('says why a NavigateToUrl failed, and shows the address that failed rather than an internal one', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent } = await openEmbedded(await liveViewUrl(windowId));
    const refused = `http://127.0.0.1:${await closedPort()}/`;
    await parent.evaluate(
      (url) =>
        (window as unknown as { command(m: unknown): void }).command({ eventName: 'NavigateToUrl', payload: url }),
      refused,
    );
    const messages = await waitFor(
      () => received(parent),
      (list) => list.some((m) => (m as { eventName: string }).eventName === 'Error'),
    );
    expect(messages).toContainEqual({
      eventName: 'Error',
      payload: {
        message: expect.stringMatching(new RegExp(`^could not load ${refused.replace(/[.]/g, '\\.')}: net::ERR_`)),
      },
    });
    const urls = (await received(parent))
      .filter((m) => (m as { eventName: string }).eventName === 'UrlChange')
      .map((m) => (m as { payload: string }).payload);
    expect(urls.some((url) => url.startsWith('chrome-error:'))).toBe(false);
    await parent.close();
  });

  it('posts NewWindowOpened with the new window id when the page opens a window', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent } = await openEmbedded(await liveViewUrl(windowId));
    const page = await remotePage(windowId);
    await page.click('#opener');
    const messages = await waitFor(
      () => received(parent),
      (list) => list.some((m) => (m as { eventName: string }).eventName === 'NewWindowOpened'),
    );
    const opened = messages.find((m) => (m as { eventName: string }).eventName === 'NewWindowOpened') as {
      payload: string;
    };
    expect(opened).toBeDefined();
    const info = await waitFor(
      () =>
        svc.app.inject({
          method: 'GET',
          path: `/v1/sessions/${sessionId}/windows/${opened.payload}`,
          headers: svc.auth,
        }),
      (res) => res.statusCode === 201,
      3_000,
    );
    expect(info.statusCode).toBe(201);
    expect(info.json.data.targetId).toBe(opened.payload);
    await parent.close();
  });
});

describe('viewers and sizing', () => {
  it('streams to two viewers at once, and input from either reaches the page', async () => {
    const windowId = await openWindow('/live/target.html');
    const url = await liveViewUrl(windowId);
    const first = await openEmbedded(url);
    const second = await openEmbedded(url);
    const page = await remotePage(windowId);
    await settled(first.view, page, [800, 600]);
    await settled(second.view, page);
    const before = await Promise.all([viewerState(first.view), viewerState(second.view)]);
    await clickCanvas(second.view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    for (const [i, viewer] of [first, second].entries()) {
      await viewer.view.waitForFunction(
        (n: number) => (window as unknown as { liveViewState: ViewerState }).liveViewState.frames > n,
        { timeout: 15_000 },
        before[i]!.frames,
      );
    }
    await clickCanvas(first.view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '2',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('2');
    await Promise.all([first.parent.close(), second.parent.close()]);
  });

  it('renders at a fixed screenResolution and sizes the window to it', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId, { screenResolution: '640x400' }));
    const page = await remotePage(windowId);
    await settled(view, page, [640, 400]);
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([640, 400]);
    const box = await (await view.$('#screen'))!.boundingBox();
    expect([box!.width, box!.height]).toEqual([640, 400]);
    // Coordinates still map: the button covers the top-left quarter of the page.
    await clickCanvas(view, 0.2, 0.2);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('1');
    await parent.close();
  });

  it('with disableResize fits the window to the frame once, then leaves it as the frame changes', async () => {
    const windowId = await openWindow('/live/target.html');
    const page = await remotePage(windowId);
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId, { disableResize: 'true' }));
    // The initial fill-parent resize still happens (the interface says disableResize does not affect it).
    await settled(view, page, [800, 600]);
    await parent.evaluate(() => {
      const frame = document.getElementById('view')!;
      frame.style.width = '600px';
      frame.style.height = '450px';
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([800, 600]);
    expect((await viewerState(view)).frames).toBeGreaterThan(0);
    await parent.close();
  });

  it('reconnects after the socket drops, with the same link', async () => {
    const windowId = await openWindow('/live/target.html');
    const parent = await openViewerPage(viewers);
    // Keeps a handle on the viewer's sockets so the test can cut one as a network blip would.
    await parent.evaluateOnNewDocument(`
      const Native = window.WebSocket;
      window.sockets = [];
      window.WebSocket = class extends Native {
        constructor(url, protocols) {
          super(url, protocols);
          window.sockets.push(this);
        }
      };
    `);
    await parent.goto(`${fixtures.url}/live/embed.html?src=${encodeURIComponent(await liveViewUrl(windowId))}`);
    const view = (await (await parent.waitForSelector('iframe'))!.contentFrame())!;
    await view.waitForFunction(
      () => ((window as unknown as { liveViewState?: ViewerState }).liveViewState?.frames ?? 0) > 0,
      { timeout: 10_000 },
    );
    await view.evaluate(() => (window as unknown as { sockets: { close(): void }[] }).sockets[0]!.close());
    await view.waitForFunction(
      () => (window as unknown as { liveViewState: ViewerState }).liveViewState.reconnects > 0,
      { timeout: 15_000 },
    );
    await view.waitForFunction(() => (window as unknown as { liveViewState: ViewerState }).liveViewState.connected, {
      timeout: 10_000,
    });
    const page = await remotePage(windowId);
    await settled(view, page, [800, 600]);
    await clickCanvas(view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('1');
    expect(await received(parent)).not.toContainEqual({ eventName: 'BrowserDisconnected' });
    await parent.close();
  });
});

describe('a viewer that comes back', () => {
  it('gets frames again after the window stream closed for want of viewers', async () => {
    const windowId = await openWindow('/live/target.html');
    const url = await liveViewUrl(windowId);
    const first = await openEmbedded(url);
    await first.parent.close();
    // The stream outlives its last viewer by a few seconds (for reconnects), then lets go of the page.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const { parent, view } = await openEmbedded(url);
    const page = await remotePage(windowId);
    await settled(view, page, [800, 600]);
    const before = (await viewerState(view)).frames;
    await clickCanvas(view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('1');
    await view.waitForFunction(
      (n: number) => (window as unknown as { liveViewState: ViewerState }).liveViewState.frames > n,
      { timeout: 15_000 },
      before,
    );
    await parent.close();
  }, 30_000);
});

describe('who may open a live view', () => {
  it('answers 403 to a bad, foreign or expired token, 405 and 426 to other methods and to a page load of the socket, and 400 to a malformed screenResolution', async () => {
    const windowId = await openWindow('/live/target.html');
    const good = new URL(await liveViewUrl(windowId));
    const withToken = (token: string) => `${svc.url}${good.pathname}?token=${encodeURIComponent(token)}`;
    const now = Math.floor(Date.now() / 1000);
    const ok = await fetch(good);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<canvas');
    const cases = [
      withToken('not-a-token'),
      withToken(`${good.searchParams.get('token')!.split('.')[0]}.forged`),
      withToken(signViewToken('another-secret-another-secret-1234', { sessionId, windowId, expiresAt: now + 60 })),
      withToken(signViewToken(svc.deps.signingSecret, { sessionId, windowId, expiresAt: now - 1 })),
      // A valid token for another window does not open this one.
      withToken(signViewToken(svc.deps.signingSecret, { sessionId, windowId: 'another-window', expiresAt: now + 60 })),
      `${svc.url}${good.pathname}`,
    ];
    for (const url of cases) {
      const res = await fetch(url);
      expect(res.status, url).toBe(403);
      expect(await res.text()).toMatch(/not valid|no token/);
    }
    // Another method, or a page load of the socket's address, is refused with a reason a framing page is told.
    const posted = await fetch(good, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(await posted.text()).toContain('"payload":{"message":"method not allowed","code":405}');
    const socketAsPage = await fetch(`${svc.url}${good.pathname}/ws${good.search}`);
    expect(socketAsPage.status).toBe(426);
    expect(await socketAsPage.text()).toContain('"payload":{"message":"upgrade required","code":426}');
    // The socket refuses a bad token before any upgrade.
    const refused = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${svc.url.replace('http', 'ws')}${good.pathname}/ws?token=bad`);
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('open', () => reject(new Error('a bad token opened the live view socket')));
      socket.once('error', () => undefined);
    });
    expect(refused).toBe(403);
    const bad = await fetch(`${good.href}&screenResolution=12x9999`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('screenResolution');
  });

  it('shows a session that ends as disconnected, and answers later visits with a "session ended" page', async () => {
    const other = (await createRunningSession(svc)).id;
    const windowId = await openWindow('/live/target.html', other);
    const url = await liveViewUrl(windowId, {}, other);
    const { parent, view } = await openEmbedded(url);
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${other}`, headers: svc.auth });
    await view.waitForFunction(
      () => (window as unknown as { liveViewState: ViewerState }).liveViewState.ended !== null,
      { timeout: 15_000 },
    );
    expect((await viewerState(view)).ended).toBe('sessionEnded');
    expect(await view.$eval('#status', (el) => el.textContent)).toContain('session has ended');
    expect(await received(parent)).toContainEqual({ eventName: 'BrowserDisconnected' });
    const later = await fetch(url);
    expect(later.status).toBe(410);
    expect(await later.text()).toContain('Session ended');
    await parent.close();
  });
});

describe('a service that stops', () => {
  it('tells open viewers the session ended (not to reconnect)', async () => {
    const own = await startTestService({ warmPoolSize: 0 });
    try {
      const session = await createRunningSession(own);
      const windowId = (
        await own.app.inject({
          method: 'POST',
          path: `/v1/sessions/${session.id}/windows`,
          headers: own.auth,
          body: { url: `${fixtures.url}/live/target.html` },
        })
      ).json.data.windowId as string;
      const info = await own.app.inject({
        method: 'GET',
        path: `/v1/sessions/${session.id}/windows/${windowId}`,
        headers: own.auth,
      });
      const link = new URL(info.json.data.liveViewUrl as string);
      const socket = new WebSocket(`${own.url.replace(/^http/, 'ws')}${link.pathname}/ws${link.search}`);
      const messages: string[] = [];
      socket.on('message', (data, isBinary) => !isBinary && messages.push(String(data)));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await own.stop();
      expect(await closed).toBe(4410);
      expect(messages.map((text) => JSON.parse(text))).toContainEqual({ t: 'ended', reason: 'sessionEnded' });
    } finally {
      await own.stop().catch(() => undefined);
    }
  });
});
