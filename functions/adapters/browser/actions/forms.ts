/**
 * Form analysis and filling over a puppeteer Page. Analysis and lookups run `FORMS_SCRIPT` in the page; filling
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
import { readSettled } from './input/settled.js';
import { REGISTRY } from './snapshot/script.js';
import { clickAndType, typeKeys } from './forms-keys.js';
import { type } from './type.js';
import { evaluateInWorld } from './world.js';

const TYPED = new Set(['text', 'email', 'password', 'tel', 'url', 'search', 'number', 'textarea']);

const run = <T>(page: Page, args: Record<string, unknown>, signal: AbortSignal): Promise<T> => {
  signal.throwIfAborted();
  return readSettled(page, signal, () => evaluateInWorld<T>(page, `(${FORMS_SCRIPT})(${JSON.stringify(args)})`, signal));
};

const indexOf = (target: ElementTarget) => ({ key: target.snapshot, index: Number(target.element.replace(/^e/, '')) });

export const analyzeForm = (page: Page, signal: AbortSignal): Promise<FormAnalysis> => run<FormAnalysis>(page, { mode: 'analyze' }, signal);

export const findFields = (page: Page, locators: FieldLocators[], signal: AbortSignal): Promise<Array<FormField | null>> =>
  run<Array<FormField | null>>(page, { mode: 'find', locators }, signal);

export const fieldAt = (page: Page, target: ElementTarget, signal: AbortSignal): Promise<FormField | null> => run<FormField | null>(page, { mode: 'at', ...indexOf(target) }, signal);

/** The element's state now: what reading it back needs. */
const STATE_SCRIPT = String.raw`(args) => {
  const list = window.${REGISTRY} && window.${REGISTRY}.byKey.get(args.key);
  const el = list && list[args.index];
  if (!el || !el.isConnected) return null;
  return { value: el.value, checked: el.checked, selected: el.localName === 'select' ? Array.from(el.selectedOptions).map((o) => o.value) : [] };
}`;

/** Picks options of a select, or sets a picker kind's value, as its picker would; answers an outcome. */
const SET_SCRIPT = String.raw`(args) => {
  const list = window.${REGISTRY} && window.${REGISTRY}.byKey.get(args.key);
  const el = list && list[args.index];
  if (!el || !el.isConnected) return { acted: false, code: 'element_stale', message: 'the field is no longer on the page' };
  el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  el.focus();
  const view = el.ownerDocument.defaultView;
  const fire = () => { el.dispatchEvent(new view.Event('input', { bubbles: true, composed: true })); el.dispatchEvent(new view.Event('change', { bubbles: true })); };
  if (el.localName === 'select') {
    const wanted = Array.isArray(args.value) ? args.value : [args.value];
    const options = Array.from(el.options);
    const label = (o) => (o.label || o.text || '').replace(/\s+/g, ' ').trim().toLowerCase();
    const picked = wanted.map((w) => options.find((o) => o.value === w) || options.find((o) => label(o) === String(w).toLowerCase()));
    const missing = wanted.filter((w, i) => !picked[i]);
    if (missing.length) return { acted: false, code: 'option_missing', message: 'no option ' + missing.map((m) => JSON.stringify(m)).join(', ') + ' in the list; it offers ' + options.map((o) => JSON.stringify(o.value)).join(', ') };
    if (el.multiple) for (const o of options) o.selected = picked.includes(o);
    else el.selectedIndex = options.indexOf(picked[0]);
    fire();
    return { acted: true, notes: [] };
  }
  const setter = Object.getOwnPropertyDescriptor(view.HTMLInputElement.prototype, 'value').set;
  setter.call(el, args.value);
  fire();
  if (el.value !== args.value) return { acted: false, code: 'value_not_taken', message: 'the field did not accept ' + JSON.stringify(args.value) + ' (it holds ' + JSON.stringify(el.value) + ')' };
  return { acted: true, notes: [] };
}`;

/**
 * Where to click an element that is in view already, hit-tested (shadow roots included), with no scrolling and
 * so no wait for a frame; null sends the caller to `pointFor`, which scrolls, waits and looks around the element.
 */
const QUICK_POINT_SCRIPT = String.raw`(args) => {
  const list = window.${REGISTRY} && window.${REGISTRY}.byKey.get(args.key);
  const el = list && list[args.index];
  if (!el || !el.isConnected || el.ownerDocument !== document) return null;
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (r.width < 1 || r.height < 1 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight || el.matches(':disabled')) return null;
  let hit = document.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) { const inner = hit.shadowRoot.elementFromPoint(x, y); if (!inner || inner === hit) break; hit = inner; }
  const within = (outer) => { for (let n = hit; n; n = n.parentNode || n.host) if (n === outer) return true; return false; };
  return within(el) || Array.from(el.labels || []).some(within) ? { x, y } : null;
}`;

/**
 * Clicks the element with real mouse input (and then types `text`, when given): in one burst when it is in view
 * and uncovered, else through `click`, which scrolls it into view and looks around it first.
 */
const clickField = async (page: Page, target: ElementTarget, signal: AbortSignal, text = ''): Promise<ActionOutcome> => {
  const point = await evaluateInWorld<{ x: number; y: number } | null>(page, `(${QUICK_POINT_SCRIPT})(${JSON.stringify(indexOf(target))})`, signal);
  if (!point) {
    const outcome = await click(page, target, {}, signal);
    if (outcome.acted && text) await typeKeys(page, text, signal);
    return outcome;
  }
  await clickAndType(page, point, text, signal);
  return { acted: true, point, notes: [] };
};

const stateOf = (page: Page, target: ElementTarget, signal: AbortSignal) =>
  evaluateInWorld<{ value: string; checked: boolean; selected: string[] } | null>(page, `(${STATE_SCRIPT})(${JSON.stringify(indexOf(target))})`, signal);

const notTaken = (message: string): FieldOutcome => ({ acted: false, code: 'value_not_taken', message });

/** Clicks a checkbox or radio option unless it already is as wanted, then checks that it is. */
const toggle = async (page: Page, target: ElementTarget, wanted: boolean, signal: AbortSignal): Promise<FieldOutcome> => {
  const before = await stateOf(page, target, signal);
  if (!before) return { acted: false, code: 'element_stale', message: 'the field is no longer on the page' };
  if (before.checked === wanted) return { acted: true, notes: [] };
  const outcome = await clickField(page, target, signal);
  if (!outcome.acted) return outcome;
  const after = await stateOf(page, target, signal);
  return after?.checked === wanted ? outcome : notTaken(`it is still ${wanted ? 'unchecked' : 'checked'} after the click (the page undid it, or something else took the click)`);
};

export const setField = async (page: Page, field: FormField, value: FieldValue, signal: AbortSignal): Promise<FieldOutcome> => {
  if (field.kind === 'checkbox') return toggle(page, field.target, value === true, signal);
  if (field.kind === 'radio') {
    const wanted = String(value);
    const option = field.options?.find((o) => o.value === wanted) ?? field.options?.find((o) => o.label.toLowerCase() === wanted.toLowerCase());
    if (!option?.target) return { acted: false, code: 'option_missing', message: `no option ${JSON.stringify(wanted)}; the choices are ${(field.options ?? []).map((o) => JSON.stringify(o.value)).join(', ')}` };
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
    if (after && after.value !== text) return notTaken(`after typing ${JSON.stringify(text)} the field holds ${JSON.stringify(after.value)} (the page limits or changes what it accepts)`);
    return outcome;
  }
  return evaluateInWorld<FieldOutcome>(page, `(${SET_SCRIPT})(${JSON.stringify({ ...indexOf(field.target), value })})`, signal);
};
