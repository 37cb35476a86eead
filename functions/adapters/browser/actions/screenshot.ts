/**
 * Screenshots as JPEG through CDP (`Page.captureScreenshot`): scaling is done by Chromium while it captures, so
 * no image is decoded in Node. Scopes: viewport (what is visible), page (see full-page.ts), scan (see scan.ts).
 */
import type { CDPSession, Page } from 'puppeteer-core';
import {
  BrowserStalledError,
  PageNavigatedAwayError,
  type Screenshot,
  type ScreenshotRequest,
} from '../../../ports/window-driver.js';
import { isContextLost } from './input/settled.js';
import { abortable, cdpOf, forgetCdp, type Geometry, geometry, RESTORE_MS } from './screenshot/cdp.js';
import { fullPage } from './screenshot/full-page.js';
import { keepDrawn } from './screenshot/rendering.js';
import { scan } from './screenshot/scan.js';
import { asTheWindowIs, viewportShot } from './screenshot/viewport.js';
import { evaluateInWorld } from './world.js';

const ATTEMPTS = 3;
const RETRY_AFTER_MS = 250;
const NOT_ATTACHED = /Not attached to an active page/i;
const CAPTURE_DROPPED = /^Protocol error \(Page\.captureScreenshot\): (?:Internal error|Unable to capture screenshot)/;

/**
 * Aborts once the main frame commits another document. A capture in flight across that never finishes (Chromium
 * waits for a frame of the page it began on) and held the request until the protocol timed out; it is taken again
 * of the new document instead, a few times, and a page that will not hold still is said to (PageNavigatedAwayError).
 */
const nextDocument = (cdp: CDPSession): { signal: AbortSignal; stop(): void } => {
  const controller = new AbortController();
  const listener = (event: { frame: { parentId?: string } }) => {
    if (!event.frame.parentId) controller.abort(new PageNavigatedAwayError('the page navigated during the screenshot'));
  };
  cdp.on('Page.frameNavigated', listener);
  return { signal: controller.signal, stop: () => cdp.off('Page.frameNavigated', listener) };
};

/** How long an unexplained failure waits for word of a new document before it counts as a failure. */
const SETTLE_MS = 300;

/**
 * A capture call may fail in words of its own ("Unable to capture screenshot", an object of the old document not
 * found) a moment before the new document's `Page.frameNavigated` comes in. Before such a failure is answered as
 * a fault, one round trip on the session (answered after the events queued before it) and a short wait let that
 * word arrive: a navigation then makes it one more attempt, as any capture cut short by a new document is.
 */
const navigatedJustNow = async (cdp: CDPSession, moved: AbortSignal): Promise<boolean> => {
  if (moved.aborted) return true;
  const settled = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, SETTLE_MS);
    moved.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await Promise.race([
    cdp.send('Page.getFrameTree').then(
      () => settled,
      () => settled,
    ),
    settled,
  ]);
  return moved.aborted;
};

/**
 * A window's geometry (or a screenshot session's set-up) answers in milliseconds, a viewport capture within a
 * second or two on a loaded machine. A session silent past these is stalled (Chromium can leave one waiting on a
 * capture it abandoned for a new document): the attempt ends, and the next one is made on a fresh session, instead
 * of the request waiting out the protocol's 60 s limit on every call.
 */
const STEP_STALL_MS = 5_000;
const VIEWPORT_STALL_MS = 20_000;

/** `work`, or a BrowserStalledError when it has not settled within `ms` (the operation's own signal still rules). */
const withinStall = <T>(work: Promise<T>, signal: AbortSignal, ms: number, what: string): Promise<T> => {
  const stall = AbortSignal.timeout(ms);
  return abortable(work, AbortSignal.any([signal, stall])).catch((error: unknown) => {
    if (stall.aborted && !signal.aborted)
      throw new BrowserStalledError(`the browser did not answer ${what} within ${ms / 1000} s`);
    throw error;
  });
};

export const screenshot = async (
  page: Page,
  request: ScreenshotRequest,
  signal: AbortSignal,
): Promise<Screenshot[]> => {
  signal.throwIfAborted();
  let navigations = 0;
  let lastLoader: string | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const cdp = await withinStall(cdpOf(page), signal, STEP_STALL_MS, "the screenshot session's set-up").catch(
      (error: unknown) => {
        if (error instanceof BrowserStalledError) forgetCdp(page);
        throw error;
      },
    );
    // A page behind another tab is drawn for the capture without being brought to the front (rendering.ts).
    const release = keepDrawn(cdp);
    const moved = nextDocument(cdp);
    try {
      return await shoot(page, cdp, request, AbortSignal.any([signal, moved.signal]));
    } catch (error) {
      if (error instanceof BrowserStalledError && !signal.aborted && !moved.signal.aborted) {
        // Not detached: a concurrent call may still be waiting on it, and would be told the browser closed.
        forgetCdp(page);
        if (attempt >= ATTEMPTS) throw error;
        continue;
      }
      // Chromium's own "Internal error" of a capture: the surface it drew went away, most often for a new document
      // whose word comes late on a loaded machine. The capture is taken again either way.
      const dropped = error instanceof Error && CAPTURE_DROPPED.test(error.message);
      const navigated =
        moved.signal.aborted ||
        isContextLost(error) ||
        (error instanceof Error && NOT_ATTACHED.test(error.message)) ||
        (!signal.aborted && (await navigatedJustNow(cdp, moved.signal)));
      // Or seen by its effect: the main frame holds another document than after the last dropped capture.
      const loader = dropped && !navigated ? await mainLoader(cdp) : undefined;
      if (navigated || (loader !== undefined && lastLoader !== undefined && loader !== lastLoader)) navigations += 1;
      if (loader !== undefined) lastLoader = loader;
      if (signal.aborted || (!navigated && !dropped)) throw error;
      if (attempt >= ATTEMPTS) {
        // Never a new document seen: Chromium could not capture this one (an unavailable browser, not a conflict).
        if (!navigations) throw error;
        throw new PageNavigatedAwayError(`the page navigated during each of ${ATTEMPTS} attempts at the screenshot`);
      }
      // Not a wait for the document to be parsed: that polls in the page, which a page this restless keeps resetting.
      await abortable(new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS)), signal);
    } finally {
      moved.stop();
      release();
    }
  }
};

/** The id of the main frame's current document load; undefined when the session cannot say within a second. */
const mainLoader = async (cdp: CDPSession): Promise<string | undefined> =>
  abortable(cdp.send('Page.getFrameTree'), AbortSignal.timeout(1_000)).then(
    ({ frameTree }) => frameTree.frame.loaderId,
    () => undefined,
  );

const shoot = async (
  page: Page,
  cdp: CDPSession,
  request: ScreenshotRequest,
  signal: AbortSignal,
): Promise<Screenshot[]> => {
  if (request.scope === 'scan') return scan(page, cdp, request, signal);
  const geometryOf = withinStall(geometry(cdp), signal, STEP_STALL_MS, 'Page.getLayoutMetrics');
  if (request.scope === 'viewport') {
    const shot =
      asTheWindowIs(cdp, geometryOf, request, signal) ??
      geometryOf.then((geo) => viewportShot(cdp, geo, request, signal));
    return [await withinStall(shot, signal, VIEWPORT_STALL_MS, 'a capture of the window')];
  }
  const geo = await geometryOf;
  try {
    return await fullPage(cdp, geo, request, signal);
  } finally {
    // A capture cut short by another document leaves nothing to put back, and Chromium may not answer this
    // session until the abandoned capture ends (a `Page.getLayoutMetrics` after one hung for good).
    if (!signal.aborted) await restoreScroll(page, cdp, geo);
  }
};

/** Capturing beyond the viewport lays the page out at full size for a moment; puts its scroll offsets back. */
const restoreScroll = async (page: Page, cdp: CDPSession, before: Geometry): Promise<void> => {
  const bound = AbortSignal.timeout(RESTORE_MS);
  const after = await abortable(geometry(cdp), bound).catch(() => before);
  if (after.viewport.x === before.viewport.x && after.viewport.y === before.viewport.y) return;
  await evaluateInWorld(
    page,
    `window.scrollTo({ left: ${before.viewport.x}, top: ${before.viewport.y}, behavior: 'instant' })`,
    bound,
  ).catch(() => undefined);
};
