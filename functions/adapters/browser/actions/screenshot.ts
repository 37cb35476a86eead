/**
 * Screenshots as JPEG through CDP (`Page.captureScreenshot`): scaling is done by Chromium while it captures, so
 * no image is decoded in Node. Scopes: viewport (what is visible), page (see full-page.ts), scan (see scan.ts).
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { PageNavigatedAwayError, type Screenshot, type ScreenshotRequest } from '../../../ports/window-driver.js';
import { isContextLost } from './input/settled.js';
import { abortable, cdpOf, type Geometry, geometry, RESTORE_MS } from './screenshot/cdp.js';
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

export const screenshot = async (
  page: Page,
  request: ScreenshotRequest,
  signal: AbortSignal,
): Promise<Screenshot[]> => {
  signal.throwIfAborted();
  const cdp = await cdpOf(page);
  // A page behind another tab is drawn for the capture without being brought to the front (rendering.ts).
  const release = keepDrawn(cdp);
  try {
    return await shootSteadily(page, cdp, request, signal);
  } finally {
    release();
  }
};

const shootSteadily = async (
  page: Page,
  cdp: CDPSession,
  request: ScreenshotRequest,
  signal: AbortSignal,
): Promise<Screenshot[]> => {
  let navigations = 0;
  let lastLoader: string | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const moved = nextDocument(cdp);
    try {
      return await shoot(page, cdp, request, AbortSignal.any([signal, moved.signal]));
    } catch (error) {
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
  const geometryOf = abortable(geometry(cdp), signal);
  const early = request.scope === 'viewport' ? asTheWindowIs(cdp, geometryOf, request, signal) : undefined;
  if (early) return [await early];
  const geo = await geometryOf;
  if (request.scope === 'viewport') return [await viewportShot(cdp, geo, request, signal)];
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
