/**
 * Where to put the mouse for an element of a snapshot: scrolled into view, then the first point of it that the
 * browser's own hit test gives to the element (or something inside it), in its document and through every frame
 * around it. The centre first, then points around it, so a badge or a sticky bar over part of it does not stop
 * a click that a person would make elsewhere on it. A control hidden behind its label (custom checkboxes) is
 * reached through the label, as a person would.
 *
 * The script is `page/point.ts`, bundled into a string (`bin/page-scripts.ts`).
 */
import type { Page } from 'puppeteer-core';
import type { ActionOutcome, ElementTarget } from '../../../../ports/page-snapshot.js';
import { isContextLost } from './settled.js';
import { callExpression, evaluateInWorld } from '../world.js';
import { source as POINT_SCRIPT } from './page/point.generated.js';

/** The point to aim at, in the top-level viewport, or why there is none. No input is sent here. */
export const pointFor = async (page: Page, target: ElementTarget, signal: AbortSignal): Promise<ActionOutcome> => {
  signal.throwIfAborted();
  const args = { key: target.snapshot, index: Number(target.element.replace(/^e/, '')) };
  try {
    return await evaluateInWorld<ActionOutcome>(page, callExpression(POINT_SCRIPT, args), signal);
  } catch (error) {
    if (!isContextLost(error) || signal.aborted) throw error;
    return { acted: false, code: 'element_stale', message: 'the page navigated after the element was found' };
  }
};
