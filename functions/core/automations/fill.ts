/**
 * Replaying a learnt form: find every field to fill by its locators in one page read, fill the ones showing, press
 * "Next" while fields of later steps remain, and submit when the automation says so. A field no locator names any
 * more is found again by its description (see `heal.ts`), reported in a warning, and its new locators are kept
 * for next time. No language model is involved while the locators still fit.
 */
import type { FieldValue, FormField, WindowDriver } from '../../ports/window-driver.js';
import type { Budget } from '../operations/budget.js';
import type { LocateDeps } from '../operations/locate.js';
import type { Issue } from '../shared/issues.js';
import { healByDescription, locatorChanges, primaryChanged } from './heal.js';
import type { ControlTemplate, FieldTemplate, FormTemplate } from './model.js';
import { fieldValue, givenValue, kindFits, shown } from './values.js';
import { pause } from '../shared/pause.js';

/** How long a step waits for its fields to show after "Next" (a page that loads the next step, an animation). */
const STEP_WAIT_MS = 5000;
const STEP_POLL_MS = 50;
/** Steps beyond those learnt, for forms that grew a step; a loop bound, not a feature. */
const EXTRA_STEPS = 2;

export interface FillContext {
  deps: LocateDeps;
  driver: WindowDriver;
  budget: Budget;
  warnings: Issue[];
  /** Set when a locator was replaced: the caller stores the template. */
  changed: boolean;
}

export interface FillOutcome {
  filled: string[];
  errors: Issue[];
}

/** Keeps what works now: the field's fresh locators replace the learnt ones, with a warning when the page changed. */
const adopt = (
  context: FillContext,
  learnt: FieldTemplate | ControlTemplate,
  found: FormField,
  how: 'fallback' | 'description',
  what: string,
) => {
  const changes = locatorChanges(learnt.locators, found.locators);
  if (!changes.length) return;
  if (how === 'description' || primaryChanged(learnt.locators, found.locators)) {
    const by = how === 'description' ? 'its description' : 'a fallback locator';
    context.warnings.push({
      code: 'automation_healed',
      message: `${what} was no longer where the automation learnt it; it was found again by ${by} and the automation was updated (${changes.join(', ')})`,
      details: { label: learnt.label, before: learnt.locators, after: found.locators, foundBy: how },
    });
  }
  learnt.locators = found.locators;
  learnt.description = found.description || learnt.description;
  context.changed = true;
};

/**
 * A field found by a fallback locator counts only when something that names it still agrees (its id, name or
 * label): a CSS path alone points at whatever now sits in that place, which after a redesign is another field.
 */
export const corroborated = (learnt: { locators: FormField['locators'] }, found: FormField): boolean => {
  const names = (['id', 'name', 'label'] as const).filter((key) => learnt.locators[key] !== undefined);
  return names.length === 0 || names.some((key) => learnt.locators[key] === found.locators[key]);
};

/**
 * The field's element now, by locators, else by description; an issue when neither finds one, or when the one
 * found is the field of another parameter (`claimed`: CSS paths of fields their own locators found).
 */
export const resolveField = async (
  context: FillContext,
  learnt: FieldTemplate | ControlTemplate,
  found: FormField | null,
  intent: 'type' | 'click',
  what: string,
  claimed: Map<string, string> = new Map(),
): Promise<FormField | Issue> => {
  if (found && corroborated(learnt, found)) {
    adopt(context, learnt, found, 'fallback', what);
    return found;
  }
  const healed = await healByDescription(
    context.deps,
    context.driver,
    learnt.description,
    intent,
    context.budget,
    context.warnings,
  );
  if (!healed.found)
    return {
      ...healed.issue,
      code: 'field_not_found',
      message: `${what} was not found by its locators nor by its description: ${healed.issue.message}`,
    };
  const owner = healed.field.locators.css !== undefined ? claimed.get(healed.field.locators.css) : undefined;
  if (owner !== undefined) {
    return {
      code: 'field_not_found',
      message: `${what} was not found by its locators, and the element its description fits (${healed.field.description}) is the field of ${owner}; nothing was put into it`,
    };
  }
  adopt(context, learnt, healed.field, 'description', what);
  return healed.field;
};

const fillOne = async (
  context: FillContext,
  learnt: FieldTemplate,
  field: FormField,
  value: FieldValue,
): Promise<Issue | undefined> => {
  const what = `the field "${learnt.label}" (parameter ${learnt.parameter})`;
  if (!kindFits(learnt.kind, field.kind)) {
    return {
      code: 'field_kind_mismatch',
      message: `${what} is a ${learnt.kind} field, but the element found for it is a ${field.kind} (${field.description}); nothing was put into it`,
      details: { parameter: learnt.parameter, expected: learnt.kind, found: field.kind },
    };
  }
  if (field.disabled)
    return {
      code: 'field_disabled',
      message: `${what} is disabled on the page; nothing was put into it`,
      details: { parameter: learnt.parameter },
    };
  let outcome = await context.driver.setField(field, value, context.budget.signal);
  if (!outcome.acted && outcome.code === 'element_stale') {
    // Found a moment ago: the page re-rendered it (or a later page read displaced it). Look once more.
    const [again] = await context.driver.findFields([learnt.locators], context.budget.signal);
    if (again && kindFits(learnt.kind, again.kind))
      outcome = await context.driver.setField(again, value, context.budget.signal);
  }
  if (!outcome.acted)
    return {
      code: outcome.code,
      message: `could not fill ${what} with ${shown(value)}: ${outcome.message}`,
      details: { parameter: learnt.parameter },
    };
  context.warnings.push(...outcome.notes.filter((note) => note.code !== 'element_disabled'));
  return undefined;
};

/** Waits until one of the fields shows (the next step appeared); answers the last page read either way. */
const readStep = async (
  context: FillContext,
  pending: FieldTemplate[],
  waitForOne: boolean,
): Promise<Array<FormField | null>> => {
  const deadline = Date.now() + (waitForOne ? STEP_WAIT_MS : 0);
  for (;;) {
    const found = await context.driver.findFields(
      pending.map((field) => field.locators),
      context.budget.signal,
    );
    if (!waitForOne || found.some((field) => field?.visible) || Date.now() >= deadline) return found;
    await pause(STEP_POLL_MS, context.budget.signal);
  }
};

const pressControl = async (
  context: FillContext,
  control: ControlTemplate,
  what: string,
): Promise<Issue | undefined> => {
  const [found] = await context.driver.findFields([control.locators], context.budget.signal);
  const resolved = await resolveField(context, control, found?.visible ? found : null, 'click', what);
  if (!('target' in resolved)) return resolved;
  const outcome = await context.driver.click(resolved.target, {}, context.budget.signal);
  return outcome.acted ? undefined : { code: outcome.code, message: `could not press ${what}: ${outcome.message}` };
};

/**
 * The form is on the page when at least one field of its first step is found by its own locators. Without this, a
 * page lacking the form would "succeed" having filled nothing, or healing by description would type the values
 * into whatever fields of another form fit their descriptions.
 */
const formMissing = async (context: FillContext, template: FormTemplate): Promise<Issue | undefined> => {
  if (!template.fields.length) return undefined;
  const firstStep = Math.min(...template.fields.map((field) => field.step));
  const expected = template.fields.filter((field) => field.step === firstStep);
  const found = await context.driver.findFields(
    expected.map((field) => field.locators),
    context.budget.signal,
  );
  if (found.some((field, i) => field !== null && corroborated(expected[i], field))) return undefined;
  return {
    code: 'form_not_found',
    message: `the form this automation fills (learnt at ${template.url}) is not on the page: none of its fields (${expected.map((field) => `"${field.label}"`).join(', ')}) was found; nothing was filled`,
    details: { learntAt: template.url, fields: expected.map((field) => field.parameter) },
  };
};

export const fillFormTemplate = async (
  context: FillContext,
  template: FormTemplate,
  parameters: Record<string, unknown>,
): Promise<FillOutcome> => {
  const filled: string[] = [];
  const errors: Issue[] = [];
  const missing = await formMissing(context, template);
  if (missing) return { filled, errors: [missing] };
  let pending = template.fields.filter((field) => (givenValue(parameters, field.parameter) ?? null) !== null);
  const lastStep = Math.max(0, ...template.fields.map((field) => field.step)) + EXTRA_STEPS;
  for (let step = 0; pending.length && step <= lastStep; step += 1) {
    const found = await readStep(context, pending, step > 0);
    const claimed = new Map<string, string>();
    found.forEach((field, i) => {
      if (field?.locators.css && corroborated(pending[i], field))
        claimed.set(field.locators.css, `parameter ${pending[i].parameter}`);
    });
    const later: FieldTemplate[] = [];
    const moreSteps = Boolean(template.next) && step < lastStep;
    for (const [i, learnt] of pending.entries()) {
      context.budget.check();
      const current = found[i];
      // Not showing yet while a later step may bring it (learnt there, or present but hidden): wait for that step
      // rather than heal a field that is simply not on screen yet.
      if (!current?.visible && moreSteps && (learnt.step > step || current)) {
        later.push(learnt);
        continue;
      }
      const what = `the field "${learnt.label}" (parameter ${learnt.parameter})`;
      const resolved = await resolveField(context, learnt, current, 'type', what, claimed);
      if (!('target' in resolved)) {
        errors.push({ ...resolved, details: { ...resolved.details, parameter: learnt.parameter } });
        continue;
      }
      const value = fieldValue(learnt.kind, givenValue(parameters, learnt.parameter), learnt.multiple);
      const problem = await fillOne(context, learnt, resolved, value);
      if (problem) errors.push(problem);
      else filled.push(learnt.parameter);
    }
    pending = later;
    if (!pending.length || !template.next || errors.length) break;
    const pressed = await pressControl(context, template.next, `the "${template.next.label}" button`);
    if (pressed) {
      errors.push(pressed);
      break;
    }
  }
  for (const learnt of pending) {
    errors.push({
      code: 'field_not_reached',
      message: `the field "${learnt.label}" (parameter ${learnt.parameter}) never showed on the page; it was not filled`,
      details: { parameter: learnt.parameter },
    });
  }
  if (!errors.length && template.submitAfterFill && template.submit) {
    const pressed = await pressControl(context, template.submit, `the "${template.submit.label}" button`);
    if (pressed) errors.push(pressed);
  }
  return { filled, errors };
};
