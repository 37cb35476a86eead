/**
 * Walking a listing page by page: read what the window shows, then move on the way the page offers (a next link,
 * a load-more button, or scrolling to the bottom for an infinite list), until there is no way on, a step brings
 * nothing new, or the page cap is reached. Each move waits until the page changed (navigated, grew, or its text
 * changed) and settled, so the next read sees the new content rather than the old page mid-way.
 *
 * The budget is checked between steps; a stop by it propagates to the caller, which keeps what was read so far.
 */
import type { PageState, WindowDriver } from '../../../ports/window-driver.js';
import type { Budget } from '../budget.js';
import { findMoreControl } from './next-control.js';
import { pause } from '../../shared/pause.js';

export type PaginationMode = 'auto' | 'paginated' | 'infinite-scroll';
export type Move = 'start' | 'next' | 'load-more' | 'scroll';
export type StopReason = 'end' | 'no_new_content' | 'max_pages' | 'no_change';

export interface WalkStep {
  /** 1 for the page as it was, then one per move. */
  page: number;
  move: Move;
  url: string;
}

/** A listing longer than this is walked in several calls; it also bounds a page that never stops "growing". */
export const DEFAULT_MAX_PAGES = 25;
/** How long a move may take to show something new (a slow next page, a lazy loader's fetch). */
const CHANGE_TIMEOUT_MS = 10_000;
/** Scrolling that brought nothing after this long: the list has ended. */
export const SCROLL_CHANGE_TIMEOUT_MS = 3_000;
const POLL_MS = 150;
/** Content counts as settled once unchanged for this long (rendering in bursts, images sizing the layout). */
const SETTLE_MS = 400;

const changed = (before: PageState, now: PageState) =>
  now.url !== before.url || now.text !== before.text || now.scrollHeight > before.scrollHeight;

/** Wait for the page to differ from `before`, then for it to stop changing. False when nothing changed in time. */
export const waitForChange = async (
  driver: WindowDriver,
  before: PageState,
  budget: Budget,
  timeoutMs: number,
): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  let last: PageState | undefined;
  while (Date.now() < deadline) {
    await pause(POLL_MS, budget.signal);
    const now = await driver.pageState(budget.signal);
    if (changed(before, now)) {
      last = now;
      break;
    }
  }
  if (!last) return false;
  const settleDeadline = Date.now() + CHANGE_TIMEOUT_MS;
  let stableSince = Date.now();
  while (Date.now() - stableSince < SETTLE_MS && Date.now() < settleDeadline) {
    await pause(POLL_MS, budget.signal);
    const now = await driver.pageState(budget.signal);
    if (now.text !== last.text || now.scrollHeight !== last.scrollHeight || now.url !== last.url) {
      last = now;
      stableSince = Date.now();
    }
  }
  return true;
};

/** One move forward; undefined when the page offers none in this mode (or the move changed nothing). */
const advance = async (
  driver: WindowDriver,
  mode: PaginationMode,
  budget: Budget,
): Promise<Move | 'no_change' | undefined> => {
  const before = await driver.pageState(budget.signal);
  if (mode !== 'infinite-scroll') {
    const snapshot = await driver.snapshot(budget.signal);
    const control = findMoreControl(snapshot, before.nextHref);
    if (control) {
      const outcome = await driver.click({ snapshot: snapshot.key, element: control.element.id }, {}, budget.signal);
      if (outcome.acted && (await waitForChange(driver, before, budget, CHANGE_TIMEOUT_MS))) return control.kind;
      // A control that does nothing (the last page's "Next" left enabled) ends a paginated walk; auto still tries scrolling.
      if (mode === 'paginated') return 'no_change';
    } else if (mode === 'paginated') return undefined;
  }
  // The reference is the page as it was before the scroll: a list whose scroll handler appends rows at once has
  // already grown when the scroll returns, and that growth is the scroll's doing. (The page's text and height do
  // not change by scrolling alone, so a scroll that loads nothing still compares equal.) A control tried above may
  // have changed the page a little since `before` was read, hence a fresh read in that case.
  const reference = mode === 'infinite-scroll' ? before : await driver.pageState(budget.signal);
  await driver.scroll({ toEdge: { y: 'bottom' } }, budget.signal);
  return (await waitForChange(driver, reference, budget, SCROLL_CHANGE_TIMEOUT_MS)) ? 'scroll' : undefined;
};

/**
 * Visit the current page, then each page reached by moving on. `visit` answers whether the page brought anything
 * new; two moves in a row bringing nothing end the walk (one may be a footer loading, a repeat of the last page).
 */
export const walkPages = async (
  driver: WindowDriver,
  budget: Budget,
  options: { mode: PaginationMode; maxPages?: number },
  visit: (step: WalkStep) => Promise<{ fresh: boolean }>,
): Promise<{ pages: number; stop: StopReason }> => {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  let move: Move = 'start';
  let stale = 0;
  // Once a page showed how it pages (a next link, a load-more button), keep to that: trying to scroll for more at
  // the end of a paged listing only waits out the scroll timeout.
  let mode = options.mode;
  for (let page = 1; ; page += 1) {
    budget.check();
    const { url } = await driver.pageState(budget.signal);
    const { fresh } = await visit({ page, move, url });
    stale = fresh ? 0 : stale + 1;
    if (page > 1 && stale >= 2) return { pages: page, stop: 'no_new_content' };
    if (page >= maxPages) return { pages: page, stop: 'max_pages' };
    budget.check();
    const next = await advance(driver, mode, budget);
    if (mode === 'auto' && (next === 'next' || next === 'load-more')) mode = 'paginated';
    if (next === undefined) return { pages: page, stop: 'end' };
    if (next === 'no_change') return { pages: page, stop: 'no_change' };
    move = next;
  }
};
