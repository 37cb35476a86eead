/**
 * Form analysis and filling over a puppeteer Page. Analysis and lookups run `FORMS_SCRIPT` (`page/forms.ts`) in the page; filling
 * is real input where a person's input is well defined: text kinds are clicked and typed into (cleared first),
 * checkboxes and radio options are clicked. Selects and the picker kinds (date, time, colour, range) get their
 * value set the way a picker sets it (value, then `input` and `change` events): their native pickers are not part
 * of the page and their typed formats depend on the browser's locale. Every field is read back afterwards, so a
 * value the page refused or cut is reported, not assumed.
 */
import type { Page } from 'puppeteer-core';
import type { ActionOutcome, ElementTarget } from '../../../ports/page-snapshot.js';
import type { FieldLocators, FieldOutcome, FieldValue, FormAnalysis, FormField } from '../../../ports/window-driver.js';
import { click } from './click.js';
import { FORMS_SCRIPT } from './forms-script.js';
import type { FieldState } from './page/field-state.js';
import type { FormsArgs } from './page/forms.js';
import { readSettled } from './input/settled.js';
import { clickAndType, typeKeys } from './forms-keys.js';
import { type } from './type.js';
import { source as SET_SCRIPT } from './page/field-set.generated.js';
import { source as STATE_SCRIPT } from './page/field-state.generated.js';
import { source as QUICK_POINT_SCRIPT } from './page/quick-point.generated.js';
import { callExpression, evaluateInWorld } from './world.js';

const TYPED = new Set(['text', 'email', 'password', 'tel', 'url', 'search', 'number', 'textarea']);

const run = <T>(page: Page, args: FormsArgs, signal: AbortSignal): Promise<T> => {
  signal.throwIfAborted();
  return readSettled(page, signal, () => evaluateInWorld<T>(page, callExpression(FORMS_SCRIPT, args), signal));
};

const indexOf = (target: ElementTarget) => ({ key: target.snapshot, index: Number(target.element.replace(/^e/, '')) });

export const analyzeForm = (page: Page, signal: AbortSignal): Promise<FormAnalysis> =>
  run<FormAnalysis>(page, { mode: 'analyze' }, signal);

export const findFields = (
  page: Page,
  locators: FieldLocators[],
  signal: AbortSignal,
): Promise<Array<FormField | null>> => run<Array<FormField | null>>(page, { mode: 'find', locators }, signal);

export const fieldAt = (page: Page, target: ElementTarget, signal: AbortSignal): Promise<FormField | null> =>
  run<FormField | null>(page, { mode: 'at', ...indexOf(target) }, signal);

/**
 * Clicks the element with real mouse input (and then types `text`, when given): in one burst when it is in view
 * and uncovered, else through `click`, which scrolls it into view and looks around it first.
 */
const clickField = async (
  page: Page,
  target: ElementTarget,
  signal: AbortSignal,
  text = '',
): Promise<ActionOutcome> => {
  const point = await evaluateInWorld<{ x: number; y: number } | null>(
    page,
    callExpression(QUICK_POINT_SCRIPT, indexOf(target)),
    signal,
  );
  if (!point) {
    const outcome = await click(page, target, {}, signal);
    if (outcome.acted && text) await typeKeys(page, text, signal);
    return outcome;
  }
  await clickAndType(page, point, text, signal);
  return { acted: true, point, notes: [] };
};

const stateOf = (page: Page, target: ElementTarget, signal: AbortSignal) =>
  evaluateInWorld<FieldState | null>(page, callExpression(STATE_SCRIPT, indexOf(target)), signal);

const notTaken = (message: string): FieldOutcome => ({ acted: false, code: 'value_not_taken', message });

/** Clicks a checkbox or radio option unless it already is as wanted, then checks that it is. */
const toggle = async (
  page: Page,
  target: ElementTarget,
  wanted: boolean,
  signal: AbortSignal,
): Promise<FieldOutcome> => {
  const before = await stateOf(page, target, signal);
  if (!before) return { acted: false, code: 'element_stale', message: 'the field is no longer on the page' };
  if (before.checked === wanted) return { acted: true, notes: [] };
  const outcome = await clickField(page, target, signal);
  if (!outcome.acted) return outcome;
  const after = await stateOf(page, target, signal);
  return after?.checked === wanted
    ? outcome
    : notTaken(
        `it is still ${wanted ? 'unchecked' : 'checked'} after the click (the page undid it, or something else took the click)`,
      );
};

export const setField = async (
  page: Page,
  field: FormField,
  value: FieldValue,
  signal: AbortSignal,
): Promise<FieldOutcome> => {
  if (field.kind === 'checkbox') return toggle(page, field.target, value === true, signal);
  if (field.kind === 'radio') {
    const wanted = String(value);
    const option =
      field.options?.find((o) => o.value === wanted) ??
      field.options?.find((o) => o.label.toLowerCase() === wanted.toLowerCase());
    if (!option?.target)
      return {
        acted: false,
        code: 'option_missing',
        message: `no option ${JSON.stringify(wanted)}; the choices are ${(field.options ?? []).map((o) => JSON.stringify(o.value)).join(', ')}`,
      };
    return toggle(page, option.target, true, signal);
  }
  if (TYPED.has(field.kind)) {
    const text = String(value);
    // A field that is empty already needs no clearing (and no select-all round trips).
    let outcome: ActionOutcome;
    if (field.value) {
      outcome = await type(page, { target: field.target, text: '', clear: true }, signal);
      if (outcome.acted && text) await typeKeys(page, text, signal);
    } else outcome = await clickField(page, field.target, signal, text);
    if (!outcome.acted) return outcome;
    const after = await stateOf(page, field.target, signal);
    if (after && after.value !== text)
      return notTaken(
        `after typing ${JSON.stringify(text)} the field holds ${JSON.stringify(after.value)} (the page limits or changes what it accepts)`,
      );
    return outcome;
  }
  return evaluateInWorld<FieldOutcome>(page, callExpression(SET_SCRIPT, { ...indexOf(field.target), value }), signal);
};
