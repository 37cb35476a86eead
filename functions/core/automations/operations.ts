/**
 * The automation operations, one entry point each, for the synchronous handlers and the async worker alike:
 * `(deps, target, body, signal?) => Promise<OperationResult<string>>`.
 */
import { createAutomation, createFormFiller } from './create.js';
import { executeAutomation, fillForm } from './execute.js';

export type { CreateAutomationBody } from './create.js';
export type { AutomationDeps, WindowTarget } from './deps.js';
export type { ExecuteAutomationBody } from './execute.js';

export const automationOperations = { createAutomation, createFormFiller, executeAutomation, fillForm };
