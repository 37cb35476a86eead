/** The scroll operation: to an edge first, then by an amount, both on what the wheel would scroll (see page-scroll). */
import type { Page } from 'puppeteer-core';
import type { ScrollOutcome, ScrollRequest } from '../../../ports/window-driver.js';
import { pageScroll } from './screenshot/page-scroll.js';

export const scroll = async (page: Page, request: ScrollRequest, signal: AbortSignal): Promise<ScrollOutcome> => {
  const axes = new Set<'x' | 'y'>();
  if (request.toEdge?.x || request.by?.x) axes.add('x');
  if (request.toEdge?.y || request.by?.y) axes.add('y');
  // Nothing asked along either axis: still report where the page is, looking at the vertical scroller.
  const within = request.within
    ? { key: request.within.snapshot, index: Number(request.within.element.replace(/^e/, '')) }
    : undefined;
  return pageScroll(
    page,
    // The answer does not wait for the frame after the move; the next script of the service does (see page-scroll).
    { axes: axes.size ? [...axes] : ['y'], toEdge: request.toEdge, by: request.by, within, frameLater: true },
    signal,
  );
};
