/**
 * Focus and clearing for typing, read in the page: the focused element is looked for through shadow roots and
 * same-origin frames (where keys really go), and clearing selects the field's whole content so that one Delete
 * key press removes it, in an input, a text area or an editable region alike.
 *
 * The scripts are TypeScript under `page/`, bundled into strings (`bin/page-scripts.ts`).
 */
import type { Page } from 'puppeteer-core';
import type { RegisteredTarget } from '../snapshot/page/registry.js';
import { callExpression, evaluateInWorld } from '../world.js';
import { source as ACTIVE_SCRIPT } from './page/active.generated.js';
import { source as FOCUS_SCRIPT } from './page/ensure-focus.generated.js';
import type { FocusState } from './page/focused.js';
import { source as REMAINING_SCRIPT } from './page/remaining.generated.js';
import { source as SELECT_ALL_SCRIPT } from './page/select-all.generated.js';

export type { FocusState };

export const ensureFocus = (page: Page, target: RegisteredTarget, signal: AbortSignal) =>
  evaluateInWorld<FocusState>(page, callExpression(FOCUS_SCRIPT, target), signal);

export const focusedElement = (page: Page, signal: AbortSignal) =>
  evaluateInWorld<FocusState>(page, callExpression(ACTIVE_SCRIPT), signal);

export const selectAllInFocused = (page: Page, signal: AbortSignal) =>
  evaluateInWorld<number>(page, callExpression(SELECT_ALL_SCRIPT), signal);

export const remainingInFocused = (page: Page, signal: AbortSignal) =>
  evaluateInWorld<number>(page, callExpression(REMAINING_SCRIPT), signal);
