/**
 * The limits of one operation: `timeThresholdSeconds` (a deadline, enforced through an AbortSignal that every
 * browser and model call takes) and `costThresholdCredits` (a credit meter). 0 disables either. The cost threshold
 * stops further model calls, not the answer of the one that crossed it: the interface says a request "may slightly
 * exceed the threshold if it's in the middle of an LLM call that is already in progress, but any subsequent calls
 * will not be permitted", so an answer already paid for is used (and the overrun told in a warning).
 */
import type { Clock } from '../../ports/clock.js';
import type { Issue } from '../shared/issues.js';
import { deadlineTimer } from '../shared/timers.js';

export const DEFAULT_TIME_THRESHOLD_SECONDS = 300;
export const DEFAULT_COST_THRESHOLD_CREDITS = 100;

export class BudgetExceededError extends Error {
  constructor(
    readonly limit: 'time' | 'cost',
    readonly issue: Issue,
  ) {
    super(issue.message);
    this.name = 'BudgetExceededError';
  }
}

export interface Budget {
  readonly signal: AbortSignal;
  /** Credits spent so far. */
  readonly credits: number;
  /** Record credits spent by a step (a model call). */
  spend(credits: number): void;
  /** Throws BudgetExceededError when the time is up; call it between steps. */
  check(): void;
  /** Throws BudgetExceededError when the time is up or the credits have reached the cost threshold; call it before each model call. */
  beforeModelCall(): void;
  /** The warning for an operation whose last model call took it past the cost threshold, if it did. */
  overrun(): Issue | undefined;
  /** Stop the timer. */
  dispose(): void;
}

export const createBudget = (
  limits: { timeThresholdSeconds?: number; costThresholdCredits?: number },
  clock: Clock,
  parent?: AbortSignal,
): Budget => {
  const seconds = limits.timeThresholdSeconds ?? DEFAULT_TIME_THRESHOLD_SECONDS;
  const maxCredits = limits.costThresholdCredits ?? DEFAULT_COST_THRESHOLD_CREDITS;
  const startedAt = clock.now().getTime();
  const controller = new AbortController();
  const timeIssue: Issue = {
    code: 'time_threshold_exceeded',
    message: `the operation ran past its time threshold of ${seconds} s and was stopped`,
    details: { timeThresholdSeconds: seconds },
  };
  const timer =
    seconds > 0
      ? deadlineTimer(seconds * 1000, () => controller.abort(new BudgetExceededError('time', timeIssue)))
      : undefined;
  const onParentAbort = () => controller.abort(parent?.reason);
  parent?.addEventListener('abort', onParentAbort, { once: true });
  let credits = 0;
  const check = () => {
    if (seconds > 0 && clock.now().getTime() - startedAt > seconds * 1000)
      throw new BudgetExceededError('time', timeIssue);
    if (controller.signal.aborted && controller.signal.reason instanceof BudgetExceededError)
      throw controller.signal.reason;
  };
  return {
    signal: controller.signal,
    get credits() {
      return credits;
    },
    spend: (amount) => {
      credits += amount;
    },
    check,
    beforeModelCall: () => {
      check();
      if (maxCredits > 0 && credits >= maxCredits) {
        throw new BudgetExceededError('cost', {
          code: 'cost_threshold_exceeded',
          message: `the operation spent ${credits} credits, reaching its cost threshold of ${maxCredits}, and was stopped before asking the model again`,
          details: { costThresholdCredits: maxCredits, credits },
        });
      }
    },
    overrun: () =>
      maxCredits > 0 && credits > maxCredits
        ? {
            code: 'cost_threshold_exceeded',
            message: `the operation spent ${credits} credits, past its cost threshold of ${maxCredits}: the model call that crossed it was already under way, and no further call was made`,
            details: { costThresholdCredits: maxCredits, credits },
          }
        : undefined,
    dispose: () => {
      timer?.clear();
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
};
