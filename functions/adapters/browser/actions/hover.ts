/** Hover over an element of a snapshot: scroll it into view and move the mouse onto a visible point of it. */
import type { Page } from 'puppeteer-core';
import type { ActionOutcome, ElementTarget } from '../../../ports/page-snapshot.js';
import { abortable } from './input/abortable.js';
import { pointFor } from './input/point.js';

export const hover = async (page: Page, target: ElementTarget, signal: AbortSignal): Promise<ActionOutcome> => {
  const located = await pointFor(page, target, signal);
  if (!located.acted || !located.point) return located;
  await abortable(page.mouse.move(located.point.x, located.point.y), signal);
  return located;
};
