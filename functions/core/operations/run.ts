/**
 * Runs a window operation: finds the caller's running session and the window, sets up the budget, and turns a
 * budget stop into a `failure` result that says which limit was hit (credits spent so far still count).
 */
import type { WindowDriver } from '../../ports/window-driver.js';
import { timed } from '../../net/stage-timings.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { SessionItem } from '../sessions/model.js';
import { NotFoundError } from '../shared/errors.js';
import { recordCredits } from '../usage/credits.js';
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

/** Keeps what the operation spent in the org's usage; a store that cannot take it is told as a warning, not a failure. */
const charged = async <R>(
  deps: SessionDeps,
  target: { orgId: string; sessionId: string },
  result: OperationResult<R>,
): Promise<OperationResult<R>> => {
  try {
    await timed('credits', () =>
      recordCredits(deps, { orgId: target.orgId, sessionId: target.sessionId, credits: result.credits }),
    );
    return result;
  } catch (error) {
    return {
      ...result,
      warnings: [
        ...result.warnings,
        {
          code: 'usage_not_recorded',
          message: `the credits this operation spent could not be recorded: ${(error as Error).message}`,
        },
      ],
    };
  }
};

/** The driver with each call timed as a stage of the request (`driver.snapshot`, `driver.click`…). */
const timedDriver = (driver: WindowDriver): WindowDriver =>
  new Proxy(driver, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        timed(`driver.${String(property)}`, async () => (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });

export const runWindowOperation = async <R>(
  deps: SessionDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  limits: OperationLimits,
  signal: AbortSignal | undefined,
  operation: (context: WindowOperationContext) => Promise<OperationResult<R>>,
): Promise<OperationResult<R | string>> => {
  const { session, browser } = await timed('session', () => sessionBrowser(deps, target.orgId, target.sessionId));
  const found = await timed('window', () => browser.driver(target.windowId));
  if (!found) throw new NotFoundError('window', target.windowId);
  const driver = timedDriver(found);
  const budget = createBudget(limits, deps.clock, signal);
  try {
    const result = await operation({ session, windowId: target.windowId, driver, budget });
    // The last model call crossed the cost threshold but its answer was used: say so.
    const overrun = budget.overrun();
    return charged(
      deps,
      target,
      overrun && !result.errors.some((issue) => issue.code === overrun.code)
        ? { ...result, warnings: [...result.warnings, overrun] }
        : result,
    );
  } catch (error) {
    const reason = budget.signal.aborted ? budget.signal.reason : error;
    if (reason instanceof BudgetExceededError) {
      return charged(deps, target, {
        status: 'failure',
        modelResponse: '',
        credits: budget.credits,
        errors: [reason.issue],
        warnings: [],
      });
    }
    return failedOrEnded(deps, target.orgId, target.sessionId, error);
  } finally {
    budget.dispose();
  }
};
