/**
 * What the live view suites share: a test service with one running session, a fixture server, and a second
 * headless Chromium that plays the person watching, through the viewer page framed in a parent page (for the
 * postMessage events). Each suite file gets its own (vitest runs each file in a process of its own).
 */
import type { Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ViewerState } from '../../functions/browser-host/live-view/page.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from './session-client.js';
import { startTestService, type TestService } from './service.js';
import { launchViewerBrowser, openViewerPage, type ViewerBrowser } from './viewer-browser.js';

export interface LiveViewBed {
  svc: TestService;
  fixtures: FixtureServer;
  viewers: ViewerBrowser;
  /** A session that lives as long as the suite, for windows that need no session of their own. */
  sessionId: string;
}

const state = {} as LiveViewBed;

/** Starts the bed before the suite's tests and stops it after them; its parts are read once it has started. */
export const useLiveViewBed = (): LiveViewBed => {
  beforeAll(async () => {
    [state.svc, state.fixtures, state.viewers] = await Promise.all([
      startTestService({ warmPoolSize: 1 }),
      startFixtureServer(),
      launchViewerBrowser(),
    ]);
    state.sessionId = (await createRunningSession(state.svc)).id;
  }, 60_000);
  afterAll(async () => {
    if (state.sessionId)
      await state.svc.app.inject({
        method: 'DELETE',
        path: `/v1/sessions/${state.sessionId}`,
        headers: state.svc.auth,
      });
    await state.viewers?.close();
    await state.svc?.stop();
    await state.fixtures?.close();
  });
  return state;
};

export const openWindow = async (path: string, session = state.sessionId): Promise<string> => {
  const res = await state.svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${session}/windows`,
    headers: state.svc.auth,
    body: { url: `${state.fixtures.url}${path}` },
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  return res.json.data.windowId as string;
};

/** The window's live view URL as `getWindowInfo` gives it, pointed at the test service's real port. */
export const liveViewUrl = async (
  windowId: string,
  query: Record<string, string> = {},
  session = state.sessionId,
): Promise<string> => {
  const search = new URLSearchParams(query).toString();
  const res = await state.svc.app.inject({
    method: 'GET',
    path: `/v1/sessions/${session}/windows/${windowId}${search ? `?${search}` : ''}`,
    headers: state.svc.auth,
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  const url = new URL(res.json.data.liveViewUrl as string);
  return `${state.svc.url}${url.pathname}${url.search}`;
};

/** The session's page for a window, driven directly to read (and set up) its state. */
export const remotePage = async (windowId: string, session = state.sessionId): Promise<Page> => {
  const browser = (await state.svc.deps.fleet.open(session)) as unknown as {
    page(id: string): Promise<Page | undefined>;
  };
  const page = await browser.page(windowId);
  if (!page) throw new Error(`no page for window ${windowId}`);
  return page;
};

/** A parent page on the fixture server framing the viewer; resolves once the viewer has drawn a frame. */
export const openEmbedded = async (
  src: string,
  options: { waitForFrame?: boolean } = {},
): Promise<{ parent: Page; view: Frame }> => {
  const parent = await openViewerPage(state.viewers);
  await parent.goto(`${state.fixtures.url}/live/embed.html?src=${encodeURIComponent(src)}`);
  const handle = await parent.waitForSelector('iframe');
  let view: Frame | null = null;
  for (let i = 0; i < 100 && !(view = await handle!.contentFrame())?.url().startsWith(state.svc.url); i += 1)
    await new Promise((r) => setTimeout(r, 50));
  if (!view) throw new Error('viewer frame did not load');
  if (options.waitForFrame !== false)
    await view.waitForFunction(
      () => ((window as unknown as { liveViewState?: ViewerState }).liveViewState?.frames ?? 0) > 0,
      { timeout: 10_000 },
    );
  return { parent, view };
};

export const received = (parent: Page) =>
  parent.evaluate(() => (window as unknown as { received: unknown[] }).received);

/**
 * Waits until the viewer shows the page at its current size (after the viewer resized it), so clicks map right.
 * Both sizes are read again on each try: a second viewer opened beside the first can still be resizing the page,
 * and a frame of the new size reaches a viewer only after the page has drawn it (seconds on a loaded machine).
 */
export const settled = async (view: Frame, page: Page, size?: [number, number]) => {
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
export const clickCanvas = async (view: Frame, fx: number, fy: number) => {
  const canvas = await view.$('#screen');
  const box = (await canvas!.boundingBox())!;
  await view.page().mouse.click(box.x + box.width * fx, box.y + box.height * fy);
};
