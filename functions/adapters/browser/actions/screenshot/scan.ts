/**
 * Scan: scroll through the page and capture a viewport at each step, consecutive chunks overlapping by
 * `overlapPercentage` of the viewport. Vertical scans go top to bottom at the left edge, horizontal ones left to
 * right at the top, bidirectional ones row by row. It stops at the page's end, or after `maxScrolls` chunks
 * (then says so), and puts the page back where it was.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import { PageNavigatedAwayError, type Screenshot, type ScreenshotRequest } from '../../../../ports/window-driver.js';
import { abortable, geometry, RESTORE_MS } from './cdp.js';
import { pageScroll, type PageScrollState } from './page-scroll.js';
import { viewportShot } from './viewport.js';

export const DEFAULT_SCAN: NonNullable<ScreenshotRequest['scan']> = {
  overlapPercentage: 30,
  maxScrolls: 50,
  scrollDelayMs: 1000,
  direction: 'vertical',
};

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    signal.throwIfAborted();
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', stop, { once: true });
  });

export const scan = async (
  page: Page,
  cdp: CDPSession,
  request: ScreenshotRequest,
  signal: AbortSignal,
): Promise<Screenshot[]> => {
  const options = { ...DEFAULT_SCAN, ...request.scan };
  const axes: Array<'x' | 'y'> =
    options.direction === 'vertical' ? ['y'] : options.direction === 'horizontal' ? ['x'] : ['x', 'y'];
  const start = await pageScroll(page, { axes }, signal);
  const step = (size: number) => Math.max(1, Math.round(size * (1 - options.overlapPercentage / 100)));
  const shots: Screenshot[] = [];
  let previous: PageScrollState = start;
  let stoppedEarly = false;

  // Visit one position; undefined when it adds nothing (the scroller would not move there).
  const visit = async (left: number, top: number): Promise<PageScrollState | undefined> => {
    let state = await pageScroll(page, { axes, to: { left, top } }, signal);
    const at = state.after;
    if (shots.some((shot) => shot.scroll.left === at.left && shot.scroll.top === at.top)) return undefined;
    if (at.left !== previous.after.left || at.top !== previous.after.top) {
      // Lazy content needs the delay only when the page moved; then read the limits again, the page may have grown.
      await pause(options.scrollDelayMs, signal);
      state = await pageScroll(page, { axes }, signal);
    }
    shots.push(await viewportShot(cdp, await abortable(geometry(cdp), signal), request, signal, state.after));
    previous = state;
    return state;
  };

  try {
    rows: for (let top = 0; ; ) {
      let row: PageScrollState | undefined;
      for (let left = 0; ; ) {
        if (shots.length >= options.maxScrolls) {
          stoppedEarly = true;
          break rows;
        }
        const state = await visit(left, top);
        if (!state) break;
        row = state;
        if (!axes.includes('x') || state.after.left >= state.max.left) break;
        left = Math.min(state.after.left + step(state.viewport.width), state.max.left);
      }
      if (!row || !axes.includes('y') || row.after.top >= row.max.top) break;
      top = Math.min(row.after.top + step(row.viewport.height), row.max.top);
    }
  } finally {
    // Put the page back even when the scan was stopped (the budget's signal would refuse the call), within a bound
    // of its own; a page that moved on to another document has nothing to put back.
    if (!(signal.reason instanceof PageNavigatedAwayError))
      await pageScroll(page, { axes, to: start.before }, AbortSignal.timeout(RESTORE_MS)).catch(() => undefined);
  }
  if (stoppedEarly && shots.length) {
    shots[shots.length - 1].truncated =
      `the scan stopped after ${shots.length} screenshots (maxScanScrolls) before reaching the end of the page`;
  }
  return shots;
};
