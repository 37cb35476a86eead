/**
 * Learning a form: read the form in the window from its DOM (fields, labels, kinds, required, choices, the
 * "Next" and submit controls), derive the parameters' JSON Schema and, per parameter, the locators that find its
 * field again, and store both as an automation of the org. Deterministic: no language model is needed or used.
 */
import type { FormAnalysis, FormField } from '../../ports/window-driver.js';
import type { Issue } from '../shared/issues.js';
import type { ControlTemplate, FormTemplate } from './model.js';
import { formSchema, parameterNames } from './schema.js';

export interface LearntForm {
  schema: Record<string, unknown>;
  template: FormTemplate;
  title: string;
}

const control = (field: FormField | undefined): ControlTemplate | undefined =>
  field ? { label: field.label, description: field.description, locators: field.locators } : undefined;

/** The analysis → schema and template; fields that cannot take a value (disabled) are left out with a warning. */
export const learnForm = (analysis: FormAnalysis, options: { submit: boolean }, warnings: Issue[]): LearntForm => {
  const disabled = analysis.fields.filter((field) => field.disabled);
  if (disabled.length) {
    warnings.push({
      code: 'fields_skipped',
      message: `disabled fields were left out of the automation: ${disabled.map((field) => `"${field.label}"`).join(', ')}`,
    });
  }
  const fields = analysis.fields.filter((field) => !field.disabled);
  const unlabelled = fields.filter((field) => !field.label);
  if (unlabelled.length) {
    warnings.push({
      code: 'fields_unlabelled',
      message: `${unlabelled.length} field(s) have no label on the page; their parameters are named after their name or id attribute`,
    });
  }
  const names = parameterNames(fields);
  const title = analysis.formName || analysis.title || 'Form';
  const template: FormTemplate = {
    kind: 'form',
    url: analysis.url,
    fields: fields.map((field, i) => ({
      parameter: names[i],
      kind: field.kind,
      label: field.label || names[i],
      description: field.description,
      locators: field.locators,
      ...(field.options ? { options: field.options.map(({ value, label }) => ({ value, label })) } : {}),
      ...(field.multiple ? { multiple: true } : {}),
      step: field.step,
    })),
    next: control(analysis.next),
    submit: control(analysis.submit),
    submitAfterFill: options.submit,
  };
  if (options.submit && !analysis.submit)
    warnings.push({
      code: 'submit_not_found',
      message: 'configuration asked to submit after filling, but the form has no submit button that could be found',
    });
  return { schema: formSchema(fields, names, title), template, title };
};
