/**
 * The automation operations, one entry point each, for the synchronous handlers and the async worker alike:
 * `(deps, target, body, signal?) => Promise<OperationResult<string>>`. Each carries its `check`, the validation it
 * starts with, so the async routes refuse a bad body when they accept it, with the same answer as the sync routes.
 */
import type { OperationResult } from '../operations/result.js';
import { checkCreateAutomation, checkCreateFormFiller, createAutomation, createFormFiller } from './create.js';
import type { AutomationDeps, WindowTarget } from './deps.js';
import { checkExecuteAutomation, executeAutomation, fillForm } from './execute.js';

export type { CreateAutomationBody } from './create.js';
export type { AutomationDeps, WindowTarget } from './deps.js';
export type { ExecuteAutomationBody } from './execute.js';

type Run<B> = (
  deps: AutomationDeps,
  target: WindowTarget,
  body: B,
  signal?: AbortSignal,
) => Promise<OperationResult<string>>;
type Check<B> = (deps: AutomationDeps, target: WindowTarget, body: B) => Promise<void>;

/** A new function, so that the exported operations themselves stay untouched. */
const withCheck = <B>(run: Run<B>, check: Check<B>): Run<B> & { check: Check<B> } =>
  Object.assign(
    (deps: AutomationDeps, target: WindowTarget, body: B, signal?: AbortSignal) => run(deps, target, body, signal),
    { check },
  );

export const automationOperations = {
  createAutomation: withCheck(createAutomation, checkCreateAutomation),
  createFormFiller: withCheck(createFormFiller, checkCreateFormFiller),
  executeAutomation: withCheck(executeAutomation, checkExecuteAutomation),
  // fill-form is execute-automation on a form filler: the same check.
  fillForm: withCheck(fillForm, checkExecuteAutomation),
};
