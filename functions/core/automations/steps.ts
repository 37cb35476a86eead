/**
 * Replaying a recorded sequence of steps (click, type, select, check, uncheck), each on an element named by
 * locators and a description. A step recorded with a description only is placed by element resolution on its
 * first run and its locators are kept, so later runs need no resolution; a step whose locators went stale heals
 * like a form field does. The first failing step stops the run: later steps depend on it.
 */
import type { FieldValue, FormField } from '../../ports/window-driver.js';
import type { Issue } from '../shared/issues.js';
import { resolveField, type FillContext, type FillOutcome } from './fill.js';
import { healByDescription } from './heal.js';
import type { ControlTemplate, RecordedStep, StepsTemplate } from './model.js';
import { givenValue, kindFits } from './values.js';

/** The default parameters schema of a recording: each parameter a step names, required. */
export const stepsSchema = (steps: RecordedStep[]): Record<string, unknown> => {
  const properties: Record<string, unknown> = {};
  for (const step of steps) {
    if (!step.parameter) continue;
    properties[step.parameter] =
      step.action === 'check' || step.action === 'uncheck' ? { type: 'boolean' } : { type: 'string' };
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
};

const stepValue = (step: RecordedStep, parameters: Record<string, unknown>): FieldValue => {
  const raw = step.parameter !== undefined ? givenValue(parameters, step.parameter) : step.value;
  if (step.action === 'check') return raw === undefined ? true : raw === true;
  if (step.action === 'uncheck') return raw === undefined ? false : raw !== true;
  return String(raw ?? '');
};

const fits = (step: RecordedStep, field: FormField): boolean => {
  if (step.action === 'click') return true;
  if (step.action === 'type')
    return (
      kindFits('text', field.kind) || ['number', 'date', 'time', 'datetime-local', 'month', 'week'].includes(field.kind)
    );
  if (step.action === 'select') return kindFits('select', field.kind);
  return field.kind === 'checkbox' || (step.action === 'check' && field.kind === 'radio');
};

/** The step's element: by its locators (healing when stale), or placed by its description the first time. */
const elementFor = async (context: FillContext, step: RecordedStep, what: string): Promise<FormField | Issue> => {
  // Only a type step writes text; select, check and uncheck choose with a control (a dropdown, a checkbox), which
  // is what the click intent favours. The type intent would mark such controls down as not editable.
  const intent = step.action === 'type' ? 'type' : 'click';
  if (step.locators && Object.keys(step.locators).length) {
    const [found] = await context.driver.findFields([step.locators], context.budget.signal);
    const learnt: ControlTemplate = { label: step.description, description: step.description, locators: step.locators };
    const resolved = await resolveField(context, learnt, found, intent, what);
    step.locators = learnt.locators;
    return resolved;
  }
  const placed = await healByDescription(
    context.deps,
    context.driver,
    step.description,
    intent,
    context.budget,
    context.warnings,
  );
  if (!placed.found) return { ...placed.issue, message: `${what}: ${placed.issue.message}` };
  step.locators = placed.field.locators;
  context.changed = true;
  return placed.field;
};

export const runSteps = async (
  context: FillContext,
  template: StepsTemplate,
  parameters: Record<string, unknown>,
): Promise<FillOutcome> => {
  const done: string[] = [];
  for (const [i, step] of template.steps.entries()) {
    context.budget.check();
    const what = `step ${i + 1} (${step.action} "${step.description}")`;
    const element = await elementFor(context, step, what);
    if (!('target' in element))
      return { filled: done, errors: [{ ...element, details: { ...element.details, step: i + 1 } }] };
    if (!fits(step, element)) {
      return {
        filled: done,
        errors: [
          {
            code: 'field_kind_mismatch',
            message: `${what} found a ${element.kind} (${element.description}), which cannot take a ${step.action}; nothing was done`,
            details: { step: i + 1 },
          },
        ],
      };
    }
    const outcome =
      step.action === 'click'
        ? await context.driver.click(element.target, {}, context.budget.signal)
        : await context.driver.setField(element, stepValue(step, parameters), context.budget.signal);
    if (!outcome.acted)
      return {
        filled: done,
        errors: [{ code: outcome.code, message: `${what} failed: ${outcome.message}`, details: { step: i + 1 } }],
      };
    done.push(`step ${i + 1}`);
  }
  return { filled: done, errors: [] };
};
