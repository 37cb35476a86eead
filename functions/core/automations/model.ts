/**
 * What an automation remembers. A form filler keeps, per parameter, how to reach its field again (locators, most
 * stable first, and a plain-language description for element resolution when none of them still fits); a
 * recorded automation keeps a sequence of steps in the same terms. Replaying either needs no language model while
 * the page still matches.
 */
import type { FieldLocators, FormFieldKind } from '../../ports/window-driver.js';

/** How one parameter reaches the page. */
export interface FieldTemplate {
  parameter: string;
  kind: FormFieldKind;
  label: string;
  description: string;
  locators: FieldLocators;
  /** select / radio: the choices, as learnt. */
  options?: Array<{ value: string; label: string }>;
  multiple?: boolean;
  /** 0: shown when learnt; n: the n-th hidden part of the form (a later step). */
  step: number;
}

/** A control pressed between steps, or to submit. */
export interface ControlTemplate {
  label: string;
  description: string;
  locators: FieldLocators;
}

export interface FormTemplate {
  kind: 'form';
  url: string;
  fields: FieldTemplate[];
  next?: ControlTemplate;
  submit?: ControlTemplate;
  /** Press the submit control after filling (configuration `submit: true` when learnt). */
  submitAfterFill: boolean;
}

export type StepAction = 'click' | 'type' | 'select' | 'check' | 'uncheck';

/** One recorded step: act on an element (by locators, else by description); `type`/`select` take a value or a parameter. */
export interface RecordedStep {
  action: StepAction;
  description: string;
  locators?: FieldLocators;
  /** A fixed value (type, select). */
  value?: string;
  /** The parameter whose value is used (type, select, check). */
  parameter?: string;
}

export interface StepsTemplate {
  kind: 'steps';
  steps: RecordedStep[];
}

export type AutomationTemplate = FormTemplate | StepsTemplate;

export interface Automation {
  id: string;
  orgId: string;
  domainName: string;
  description: string;
  /** JSON Schema of the parameters a caller fills in. */
  schema: Record<string, unknown>;
  template: AutomationTemplate;
  createdAt: string;
  updatedAt: string;
}

/** The wire summary: schema and template travel as JSON text. */
export interface AutomationSummary {
  id: string;
  domainName: string;
  description?: string;
  schema?: string;
  template?: string;
}

export const summarize = (automation: Automation): AutomationSummary => ({
  id: automation.id,
  domainName: automation.domainName,
  description: automation.description,
  schema: JSON.stringify(automation.schema),
  template: JSON.stringify(automation.template),
});

/** The host a page belongs to, as an automation's `domainName`. */
export const domainOf = (url: string): string => {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
};
