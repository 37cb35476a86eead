/**
 * Scrolling inside the page, shared by the scroll operation and the scan screenshot: pick what a user's wheel
 * would scroll, move it instantly (a page's `scroll-behavior: smooth` would otherwise leave it mid-way when we
 * read the position), then wait a frame so scroll listeners and lazy loaders see the new position.
 */
import type { Page } from 'puppeteer-core';
import type { ScrollAmount, ScrollOutcome, ScrollPosition } from '../../../../ports/window-driver.js';
import { REGISTRY } from '../snapshot/script.js';
import { evaluateInWorld } from '../world.js';

export interface PageScrollRequest {
  /** The axes the caller wants to move along: they decide which element scrolls (see the script). */
  axes: Array<'x' | 'y'>;
  /** Absolute offsets, applied first. */
  to?: Partial<ScrollPosition>;
  toEdge?: { x?: 'left' | 'right'; y?: 'top' | 'bottom' };
  by?: { x?: ScrollAmount; y?: ScrollAmount };
  /** A box registered by a snapshot or the scroll-container listing: it scrolls instead of what the wheel would pick. */
  within?: { key: string; index: number };
}

export interface PageScrollState extends ScrollOutcome {
  /** `page` for the document itself, else a short description of the scrolling box. */
  container: string;
}

/**
 * Runs in the page. Plain JavaScript in a string: a transpiled function could carry helper calls (e.g. esbuild's
 * `__name`) that do not exist in the page.
 *
 * The document's scrolling element is used when it can move along a requested axis. When it cannot (an app shell
 * whose content scrolls inside a box), the nearest scrollable ancestor of the element in the middle of the viewport
 * is used instead, as the wheel would. A frame is two animation frames; two frames let IntersectionObserver
 * callbacks (lazy loading) run before positions are read. A hidden page paints no frames: it waits 500 ms instead.
 * A visible one on a busy machine may take longer than that to paint, so it gets up to 3 s before going on.
 */
const SCRIPT = String.raw`async (request) => {
  const frame = () => new Promise((resolve) => {
    let done = false;
    const finish = () => { if (!done) { done = true; resolve(); } };
    // The observer's callbacks are queued as tasks after a frame's rendering step; a busy renderer may run the
    // second frame's callbacks before them, so one task more lets them land before positions are read.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(finish, 0)));
    setTimeout(finish, document.visibilityState === 'hidden' ? 500 : 3000);
  });
  const root = document.scrollingElement || document.documentElement;
  const room = (el, axis) => axis === 'x' ? el.scrollWidth - el.clientWidth : el.scrollHeight - el.clientHeight;
  const overflows = (el, axis) => /(auto|scroll|overlay)/.test(getComputedStyle(el)[axis === 'x' ? 'overflowX' : 'overflowY']);
  let scroller = root;
  if (request.within) {
    const list = window.${REGISTRY} && window.${REGISTRY}.byKey.get(request.within.key);
    const chosen = list && list[request.within.index];
    if (!chosen || !chosen.isConnected) return { gone: true };
    scroller = chosen;
  } else if (!request.axes.some((axis) => room(root, axis) > 0)) {
    let el = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
    for (; el && el !== root && el !== document.body; el = el.parentElement) {
      if (request.axes.some((axis) => room(el, axis) > 0 && overflows(el, axis))) { scroller = el; break; }
    }
  }
  const position = () => ({ left: Math.round(scroller.scrollLeft), top: Math.round(scroller.scrollTop) });
  const move = async (left, top) => { scroller.scrollTo({ left, top, behavior: 'instant' }); await frame(); };
  const before = position();
  if (request.to) await move(request.to.left ?? scroller.scrollLeft, request.to.top ?? scroller.scrollTop);
  const edge = request.toEdge;
  if (edge && (edge.x || edge.y)) {
    const left = edge.x === 'left' ? 0 : edge.x === 'right' ? room(scroller, 'x') : scroller.scrollLeft;
    const top = edge.y === 'top' ? 0 : edge.y === 'bottom' ? room(scroller, 'y') : scroller.scrollTop;
    await move(left, top);
  }
  const by = request.by;
  if (by && (by.x || by.y)) {
    const pixels = (amount, size) => !amount ? 0 : amount.unit === '%' ? (amount.value / 100) * size : amount.value;
    await move(scroller.scrollLeft + pixels(by.x, scroller.clientWidth), scroller.scrollTop + pixels(by.y, scroller.clientHeight));
  }
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '');
  return {
    before,
    after: position(),
    max: { left: Math.max(0, room(scroller, 'x')), top: Math.max(0, room(scroller, 'y')) },
    viewport: { width: scroller.clientWidth, height: scroller.clientHeight },
    container: scroller === root ? 'page' : describe(scroller),
  };
}`;

export const pageScroll = async (page: Page, request: PageScrollRequest, signal: AbortSignal): Promise<PageScrollState> => {
  const state = await evaluateInWorld<PageScrollState | { gone: true }>(page, `(${SCRIPT})(${JSON.stringify(request)})`, signal);
  if ('gone' in state) throw new ScrollTargetGoneError();
  return state;
};

/** The chosen box left the page (it re-rendered) between being found and being scrolled. */
export class ScrollTargetGoneError extends Error {
  readonly code = 'element_stale';
  constructor() {
    super('the scrolling box is no longer on the page (the page changed after it was found)');
    this.name = 'ScrollTargetGoneError';
  }
}
