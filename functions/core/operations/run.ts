/**
 * Runs a window operation: finds the caller's running session and the window, sets up the budget, and turns a
 * budget stop into a `failure` result that says which limit was hit (credits spent so far still count).
 */
import type { WindowDriver } from '../../ports/window-driver.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { SessionItem } from '../sessions/model.js';
import { NotFoundError } from '../shared/errors.js';
import { failedOrEnded, sessionBrowser } from '../windows/open.js';
import { BudgetExceededError, createBudget, type Budget } from './budget.js';
import type { OperationResult } from './result.js';

export interface WindowOperationContext {
  session: SessionItem;
  windowId: string;
  driver: WindowDriver;
  budget: Budget;
}

export interface OperationLimits {
  timeThresholdSeconds?: number;
  costThresholdCredits?: number;
}

export const runWindowOperation = async <R>(
  deps: SessionDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  limits: OperationLimits,
  signal: AbortSignal | undefined,
  operation: (context: WindowOperationContext) => Promise<OperationResult<R>>,
): Promise<OperationResult<R | string>> => {
  const { session, browser } = await sessionBrowser(deps, target.orgId, target.sessionId);
  const driver = await browser.driver(target.windowId);
  if (!driver) throw new NotFoundError('window', target.windowId);
  const budget = createBudget(limits, deps.clock, signal);
  try {
    const result = await operation({ session, windowId: target.windowId, driver, budget });
    // The last model call crossed the cost threshold but its answer was used: say so.
    const overrun = budget.overrun();
    return overrun && !result.errors.some((issue) => issue.code === overrun.code) ? { ...result, warnings: [...result.warnings, overrun] } : result;
  } catch (error) {
    const reason = budget.signal.aborted ? budget.signal.reason : error;
    if (reason instanceof BudgetExceededError) {
      return { status: 'failure', modelResponse: '', credits: budget.credits, errors: [reason.issue], warnings: [] };
    }
    return failedOrEnded(deps, target.orgId, target.sessionId, error);
  } finally {
    budget.dispose();
  }
};
