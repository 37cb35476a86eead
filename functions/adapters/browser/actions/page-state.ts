/**
 * The page's visible text and a few facts about its state, read in one evaluation: what a monitor checks a
 * condition against, and how pagination tells that a click or a scroll brought something new. `innerText` is the
 * rendered text (hidden elements left out), and same-origin frames are read too, as a person sees them. The
 * script is `page/page-state.ts`, bundled into a string (`bin/page-scripts.ts`).
 */
import type { Page } from 'puppeteer-core';
import type { PageState } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { source as SCRIPT } from './page/page-state.generated.js';
import { callExpression, evaluateInWorld } from './world.js';

/** A monitor reads the text on every check: far past any page a person reads, and it keeps one check cheap. */
const MAX_TEXT = 2_000_000;

export const pageState = async (page: Page, signal: AbortSignal): Promise<PageState> => {
  signal.throwIfAborted();
  return readSettled(page, signal, () => evaluateInWorld<PageState>(page, callExpression(SCRIPT, MAX_TEXT), signal));
};
