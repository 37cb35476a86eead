/**
 * Scrolling inside the page, shared by the scroll operation and the scan screenshot: pick what a user's wheel
 * would scroll, move it instantly (a page's `scroll-behavior: smooth` would otherwise leave it mid-way when we
 * read the position), then wait a frame so scroll listeners and lazy loaders see the new position. The script is
 * `page/page-scroll.ts`, bundled into a string (`bin/page-scripts.ts`).
 */
import type { Page } from 'puppeteer-core';
import { callExpression, evaluateInWorld } from '../world.js';
import { source as SCRIPT } from './page/page-scroll.generated.js';
import type { PageScrollRequest, PageScrollState } from './page/page-scroll.js';

export type { PageScrollRequest, PageScrollState };

export const pageScroll = async (
  page: Page,
  request: PageScrollRequest,
  signal: AbortSignal,
): Promise<PageScrollState> => {
  const state = await evaluateInWorld<PageScrollState | { gone: true }>(page, callExpression(SCRIPT, request), signal);
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
