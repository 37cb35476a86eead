/**
 * create-form-filler and create-automation: the configuration is checked before the page is read (a bad one is
 * a 422), then the form is learnt (or the recorded steps kept) and stored in the caller's org. The answer's
 * `modelResponse` is JSON text: `{ automationId, domainName, description, schema }`.
 */
import { MAX_RECORD_BYTES, RecordTooLargeError } from '../../ports/records.js';
import type { WindowDriver } from '../../ports/window-driver.js';
import type { OperationResult } from '../operations/result.js';
import { failed, succeeded } from '../operations/result.js';
import { runWindowOperation, type OperationLimits } from '../operations/run.js';
import { ValidationError } from '../shared/errors.js';
import type { Issue } from '../shared/issues.js';
import { parseConfiguration, type AutomationConfiguration } from './configuration.js';
import type { AutomationDeps, WindowTarget } from './deps.js';
import { learnForm } from './learn.js';
import { domainOf, type Automation } from './model.js';
import { stepsSchema } from './steps.js';
import { saveNewAutomation } from './store.js';

export interface CreateAutomationBody extends OperationLimits {
  configuration?: Record<string, unknown>;
}

const answer = (automation: Automation): string =>
  JSON.stringify({
    automationId: automation.id,
    domainName: automation.domainName,
    description: automation.description,
    schema: automation.schema,
  });

const learnFormAutomation = async (
  deps: AutomationDeps,
  orgId: string,
  driver: WindowDriver,
  signal: AbortSignal,
  config: AutomationConfiguration,
  warnings: Issue[],
): Promise<OperationResult<string>> => {
  const analysis = await driver.analyzeForm(signal);
  if (!analysis.fields.length)
    return failed(
      { code: 'no_form_found', message: `the page (${analysis.url}) shows no form fields to learn` },
      { warnings },
    );
  const learnt = learnForm(analysis, { submit: config.submit }, warnings);
  const domainName = domainOf(analysis.url);
  let automation: Automation;
  try {
    automation = await saveNewAutomation(deps, orgId, {
      domainName,
      description: config.description ?? `Fill the form "${learnt.title}" on ${domainName}`,
      schema: learnt.schema,
      template: learnt.template,
    });
  } catch (error) {
    if (!(error instanceof RecordTooLargeError)) throw error;
    return failed(
      {
        code: 'automation_too_large',
        message: `the form's ${learnt.template.fields.length} fields make an automation larger than the ${MAX_RECORD_BYTES} bytes one may hold; nothing was stored`,
      },
      { warnings },
    );
  }
  return succeeded(answer(automation), { warnings });
};

const recordSteps = async (
  deps: AutomationDeps,
  orgId: string,
  driver: WindowDriver,
  signal: AbortSignal,
  config: AutomationConfiguration,
  warnings: Issue[],
): Promise<OperationResult<string>> => {
  const steps = config.steps ?? [];
  const { url } = await driver.snapshot(signal);
  const domainName = domainOf(url);
  const automation = await saveNewAutomation(deps, orgId, {
    domainName,
    description: config.description ?? `${steps.length} recorded step${steps.length === 1 ? '' : 's'} on ${domainName}`,
    schema: config.parameters ?? stepsSchema(steps),
    template: { kind: 'steps', steps },
  });
  return succeeded(answer(automation), { warnings });
};

/** create-form-filler learns a form: a configuration for recorded steps is refused, as any bad entry is. */
const formFillerConfiguration = (
  deps: AutomationDeps,
  body: CreateAutomationBody,
  warnings: Issue[],
): AutomationConfiguration => {
  const config = parseConfiguration(deps.schemas, body.configuration, warnings);
  if (config.type !== 'formFiller') {
    throw new ValidationError([
      {
        location: 'body.configuration.type',
        message: 'create-form-filler learns the form in the window; record steps with create-automation',
      },
    ]);
  }
  return config;
};

export const createAutomation = async (
  deps: AutomationDeps,
  target: WindowTarget,
  body: CreateAutomationBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> => {
  const warnings: Issue[] = [];
  const config = parseConfiguration(deps.schemas, body.configuration, warnings);
  return runWindowOperation(deps, target, body, signal, ({ driver, budget }) =>
    config.type === 'steps'
      ? recordSteps(deps, target.orgId, driver, budget.signal, config, warnings)
      : learnFormAutomation(deps, target.orgId, driver, budget.signal, config, warnings),
  );
};

export const createFormFiller = async (
  deps: AutomationDeps,
  target: WindowTarget,
  body: CreateAutomationBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> => {
  const warnings: Issue[] = [];
  const config = formFillerConfiguration(deps, body, warnings);
  return runWindowOperation(deps, target, body, signal, ({ driver, budget }) =>
    learnFormAutomation(deps, target.orgId, driver, budget.signal, config, warnings),
  );
};

/** The checks each operation starts with, alone (the async routes run them when they accept a request). */
export const checkCreateAutomation = async (
  deps: AutomationDeps,
  _target: WindowTarget,
  body: CreateAutomationBody,
): Promise<void> => {
  parseConfiguration(deps.schemas, body.configuration, []);
};

export const checkCreateFormFiller = async (
  deps: AutomationDeps,
  _target: WindowTarget,
  body: CreateAutomationBody,
): Promise<void> => {
  formFillerConfiguration(deps, body, []);
};
