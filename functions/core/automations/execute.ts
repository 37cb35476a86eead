/**
 * fill-form and execute-automation: the automation is looked up in the caller's org and `parameters` checked
 * against its schema BEFORE the page is touched (a bad parameter is a 422 naming it, and nothing is typed); then
 * the template is replayed. Locators that had to be replaced are stored, so the next run finds the page as it is.
 */
import type { SchemaCheck } from '../../ports/json-schema.js';
import type { OperationResult } from '../operations/result.js';
import { runWindowOperation, type OperationLimits } from '../operations/run.js';
import { ConflictError, ValidationError, type ErrorDetail } from '../shared/errors.js';
import type { AutomationDeps, WindowTarget } from './deps.js';
import { fillFormTemplate, type FillContext } from './fill.js';
import type { Automation } from './model.js';
import { isRootProblem, schemaProblemDetail } from './schema-problems.js';
import { runSteps } from './steps.js';
import { getAutomation, updateTemplate } from './store.js';

export interface ExecuteAutomationBody extends OperationLimits {
  automationId: string;
  parameters?: Record<string, unknown>;
}

/** Compiled parameter schemas, by their text: a replay should not pay for compiling the same schema again. */
const compiled = new Map<string, SchemaCheck>();
const COMPILED_KEPT = 200;

const checkerFor = (deps: AutomationDeps, schema: Record<string, unknown>): SchemaCheck => {
  const text = JSON.stringify(schema);
  let check = compiled.get(text);
  if (!check) {
    try {
      check = deps.schemas.compile(schema);
    } catch (error) {
      // Stored before its schema was checked as it is now (a page's pattern no JSON Schema can carry, `$async`).
      throw new ConflictError(
        `this automation's parameters schema cannot be used (${(error as Error).message}): create the automation again`,
      );
    }
    if (compiled.size >= COMPILED_KEPT) compiled.delete(compiled.keys().next().value as string);
    compiled.set(text, check);
  }
  return check;
};

/** `/email must match …` → `body.parameters.email`; unknown names are named too (the schema alone says only "additional"). */
const checkParameters = (deps: AutomationDeps, automation: Automation, parameters: Record<string, unknown>): void => {
  const properties = (automation.schema.properties ?? {}) as Record<string, unknown>;
  const details: ErrorDetail[] = Object.keys(parameters)
    .filter((name) => automation.schema.additionalProperties === false && !Object.hasOwn(properties, name))
    .map((name) => ({
      location: `body.parameters.${name}`,
      message: `is not a parameter of this automation; its parameters are: ${Object.keys(properties).join(', ')}`,
      value: parameters[name],
    }));
  for (const problem of checkerFor(deps, automation.schema)(parameters)) {
    if (isRootProblem(problem) && /additional properties/.test(problem) && details.length) continue;
    const detail = schemaProblemDetail('body.parameters', problem);
    // A parameter's own mismatch says what was sent, as the API's other refusals do.
    const name = /^\/([^/ ]+) /.exec(problem)?.[1];
    details.push(
      name !== undefined && Object.hasOwn(parameters, name) ? { ...detail, value: parameters[name] } : detail,
    );
  }
  if (details.length) throw new ValidationError(details);
};

const summary = (automation: Automation, filled: string[]): string =>
  automation.template.kind === 'form'
    ? `Filled ${filled.length} field${filled.length === 1 ? '' : 's'} of the form (${automation.description})${filled.length ? `: ${filled.join(', ')}` : ''}.`
    : `Ran ${filled.length} of ${automation.template.steps.length} recorded steps (${automation.description}).`;

/** The automation of the caller's org (else 404) and parameters its schema accepts (else 422 naming them). */
const checkedRun = async (
  deps: AutomationDeps,
  orgId: string,
  body: ExecuteAutomationBody,
): Promise<{ automation: Automation; parameters: Record<string, unknown> }> => {
  const automation = await getAutomation(deps.records, orgId, body.automationId);
  const parameters = body.parameters ?? {};
  checkParameters(deps, automation, parameters);
  return { automation, parameters };
};

/** What execute-automation and fill-form check before the page is touched, alone (for the async routes' accept). */
export const checkExecuteAutomation = async (
  deps: AutomationDeps,
  target: WindowTarget,
  body: ExecuteAutomationBody,
): Promise<void> => {
  await checkedRun(deps, target.orgId, body);
};

export const executeAutomation = async (
  deps: AutomationDeps,
  target: WindowTarget,
  body: ExecuteAutomationBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> => {
  const { automation, parameters } = await checkedRun(deps, target.orgId, body);
  return runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    const context: FillContext = { deps, driver, budget, warnings: [], changed: false };
    try {
      const outcome =
        automation.template.kind === 'form'
          ? await fillFormTemplate(context, automation.template, parameters)
          : await runSteps(context, automation.template, parameters);
      const status = outcome.errors.length === 0 ? 'success' : outcome.filled.length ? 'partial' : 'failure';
      const missing = outcome.errors.find((issue) => issue.code === 'form_not_found');
      return {
        status,
        modelResponse: missing ? missing.message : summary(automation, outcome.filled),
        credits: budget.credits,
        errors: outcome.errors,
        warnings: context.warnings,
      };
    } finally {
      // Locators found again are worth keeping even when a later field failed.
      if (context.changed) await updateTemplate(deps, target.orgId, automation.id, automation.template);
    }
  });
};

/** fill-form is execute-automation on a form filler (any automation of the org is accepted). */
export const fillForm = executeAutomation;
