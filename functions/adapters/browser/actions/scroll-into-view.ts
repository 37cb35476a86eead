/** Bring an element of a snapshot into view (centred), as scrolling to it would, without touching the mouse. */
import type { Page } from 'puppeteer-core';
import type { ActionOutcome, ElementTarget } from '../../../ports/page-snapshot.js';
import { pointFor } from './input/point.js';

export const scrollIntoView = (page: Page, target: ElementTarget, signal: AbortSignal): Promise<ActionOutcome> =>
  pointFor(page, target, signal);
