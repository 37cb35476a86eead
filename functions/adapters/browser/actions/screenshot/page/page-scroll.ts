/**
 * Scrolls in the page and reports where it went (see `../page-scroll.ts`).
 *
 * The document's scrolling element is used when it can move along a requested axis. When it cannot (an app shell
 * whose content scrolls inside a box), the nearest scrollable ancestor of the element in the middle of the viewport
 * is used instead, as the wheel would. After each move one frame is waited for (see `frame`), so scroll listeners
 * and IntersectionObserver callbacks (lazy loading) run before positions are read; a move that changed nothing
 * (already at the end) waits for none. A hidden page paints no frames: it waits 500 ms instead.
 * A visible one on a busy machine may take longer than that to paint, so it gets up to 3 s before going on.
 *
 * With `frameLater`, a last move that leaves more than a viewport of room before the end along the moved axes does
 * not wait: its frame is owed to the next script of the service (see `OWED_FRAME`), so the answer comes back at
 * once while the next read still sees what the listeners did. Near the end it waits as always, since an infinite
 * list grows there and the reported end should include what it appended.
 */
import type { ScrollAmount, ScrollOutcome, ScrollPosition } from '../../../../../ports/window-driver.js';
import { nextFrame } from '../../page/dom.js';
import { OWED_FRAME } from '../../page/owed-frame.js';
import { type RegisteredTarget, registered } from '../../snapshot/page/registry.js';

export interface PageScrollRequest {
  /** The axes the caller wants to move along: they decide which element scrolls (see the script). */
  axes: Array<'x' | 'y'>;
  /** Absolute offsets, applied first. */
  to?: Partial<ScrollPosition>;
  toEdge?: { x?: 'left' | 'right'; y?: 'top' | 'bottom' };
  by?: { x?: ScrollAmount; y?: ScrollAmount };
  /** A box registered by a snapshot or the scroll-container listing: it scrolls instead of what the wheel would pick. */
  within?: RegisteredTarget;
  /** Owe the last move's frame to the next script instead of waiting for it, unless it ends near the end. */
  frameLater?: boolean;
}

export interface PageScrollState extends ScrollOutcome {
  /** `page` for the document itself, else a short description of the scrolling box. */
  container: string;
}

type Axis = 'x' | 'y';

/** One frame after a move (see `nextFrame`); a hidden page paints none, a busy one may take long to paint. */
const frame = () => nextFrame(document.visibilityState === 'hidden' ? 500 : 3000);

const room = (el: Element, axis: Axis) =>
  axis === 'x' ? el.scrollWidth - el.clientWidth : el.scrollHeight - el.clientHeight;
const overflows = (el: Element, axis: Axis) =>
  /(auto|scroll|overlay)/.test(getComputedStyle(el)[axis === 'x' ? 'overflowX' : 'overflowY']);
const pixels = (amount: ScrollAmount | undefined, size: number) =>
  !amount ? 0 : amount.unit === '%' ? (amount.value / 100) * size : amount.value;
const describe = (el: Element) =>
  el.tagName.toLowerCase() +
  (el.id ? '#' + el.id : '') +
  (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '');

export default async function pageScroll(request: PageScrollRequest): Promise<PageScrollState | { gone: true }> {
  const root = document.scrollingElement || document.documentElement;
  // A document with no element at all (an empty XML or text response): nothing to scroll, nothing moved.
  if (!root) {
    const still = { left: 0, top: 0 };
    return {
      before: still,
      after: still,
      max: still,
      viewport: { width: innerWidth, height: innerHeight },
      container: 'page',
    };
  }
  let scroller: Element = root;
  if (request.within) {
    const chosen = registered(request.within.key, request.within.index);
    if (!chosen) return { gone: true };
    scroller = chosen;
  } else if (!request.axes.some((axis) => room(root, axis) > 0)) {
    for (
      let el = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
      el && el !== root && el !== document.body;
      el = el.parentElement
    ) {
      const candidate = el;
      if (request.axes.some((axis) => room(candidate, axis) > 0 && overflows(candidate, axis))) {
        scroller = el;
        break;
      }
    }
  }
  const position = () => ({ left: Math.round(scroller.scrollLeft), top: Math.round(scroller.scrollTop) });
  const nearEnd = () =>
    request.axes.some((axis) =>
      axis === 'x'
        ? room(scroller, 'x') - scroller.scrollLeft <= scroller.clientWidth
        : room(scroller, 'y') - scroller.scrollTop <= scroller.clientHeight,
    );
  const move = async (left: number, top: number, last = false) => {
    const from = [scroller.scrollLeft, scroller.scrollTop];
    scroller.scrollTo({ left, top, behavior: 'instant' });
    // Nothing moved (already at that edge or end): no scroll event fires and no observer sees a change to wait for.
    if (scroller.scrollLeft === from[0] && scroller.scrollTop === from[1]) return;
    if (!(last && request.frameLater) || nearEnd()) return frame();
    const owed = frame();
    const world = globalThis as unknown as Record<string, Promise<void> | undefined>;
    world[OWED_FRAME] = owed;
    void owed.then(() => {
      if (world[OWED_FRAME] === owed) delete world[OWED_FRAME];
    });
  };
  const before = position();
  const edge = request.toEdge;
  const by = request.by;
  const toEdge = !!edge && !!(edge.x || edge.y);
  const byAmount = !!by && !!(by.x || by.y);
  if (request.to)
    await move(request.to.left ?? scroller.scrollLeft, request.to.top ?? scroller.scrollTop, !toEdge && !byAmount);
  if (edge && toEdge) {
    const left = edge.x === 'left' ? 0 : edge.x === 'right' ? room(scroller, 'x') : scroller.scrollLeft;
    const top = edge.y === 'top' ? 0 : edge.y === 'bottom' ? room(scroller, 'y') : scroller.scrollTop;
    await move(left, top, !byAmount);
  }
  if (by && byAmount)
    await move(
      scroller.scrollLeft + pixels(by.x, scroller.clientWidth),
      scroller.scrollTop + pixels(by.y, scroller.clientHeight),
      true,
    );
  return {
    before,
    after: position(),
    max: { left: Math.max(0, room(scroller, 'x')), top: Math.max(0, room(scroller, 'y')) },
    viewport: { width: scroller.clientWidth, height: scroller.clientHeight },
    container: scroller === root ? 'page' : describe(scroller),
  };
}
