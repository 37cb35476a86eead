/**
 * Delays and deadlines a request sets hold whatever their size: setTimeout fires a delay above 2^31−1 ms after
 * 1 ms, which stopped operations at once when their `timeThresholdSeconds` was 2,147,484 or more.
 */
import { describe, expect, it } from 'vitest';
import { createBudget } from '../../functions/core/operations/budget.js';
import { pause } from '../../functions/core/shared/pause.js';
import { deadlineTimer, MAX_TIMER_MS, timerDelay } from '../../functions/core/shared/timers.js';

const clock = { now: () => new Date() };
/** Resolves after every timer due within 1 ms (an overflowed one included) has had its turn: timers run in due order. */
const laterThanOverflow = () => new Promise((resolve) => setTimeout(resolve, 25));

describe('timer delays', () => {
  it.each([
    [0, 0],
    [-5, 0],
    [Number.NaN, 0],
    [1_000, 1_000],
    [MAX_TIMER_MS, MAX_TIMER_MS],
    [MAX_TIMER_MS + 1, MAX_TIMER_MS],
    [Number.MAX_SAFE_INTEGER, MAX_TIMER_MS],
    [Number.POSITIVE_INFINITY, MAX_TIMER_MS],
  ])('holds %d ms as %d', (given, kept) => {
    expect(timerDelay(given)).toBe(kept);
  });

  it('calls a near deadline once it is due', async () => {
    const began = Date.now();
    await new Promise<void>((resolve) => deadlineTimer(5, resolve));
    expect(Date.now() - began).toBeGreaterThanOrEqual(4);
  });

  it('does not call a far deadline early, and can be cleared', async () => {
    let called = false;
    const timer = deadlineTimer(Number.MAX_SAFE_INTEGER, () => (called = true));
    await laterThanOverflow();
    timer.clear();
    expect(called).toBe(false);
  });
});

describe('operation budgets', () => {
  it.each([2_147_484, 2 ** 31, Number.MAX_SAFE_INTEGER])(
    'keep running under a time threshold of %d s',
    async (timeThresholdSeconds) => {
      const budget = createBudget({ timeThresholdSeconds }, clock);
      await laterThanOverflow();
      expect(budget.signal.aborted).toBe(false);
      expect(() => budget.check()).not.toThrow();
      budget.dispose();
    },
  );

  it('still stop at a short threshold', async () => {
    const budget = createBudget({ timeThresholdSeconds: 0.01 }, clock);
    await new Promise((resolve) => budget.signal.addEventListener('abort', resolve, { once: true }));
    expect(() => budget.check()).toThrow(/time threshold of 0.01 s/);
    budget.dispose();
  });
});

describe('pauses', () => {
  it('wait past a delay above 2^31 ms until stopped', async () => {
    const controller = new AbortController();
    let done = false;
    const waiting = pause(2 ** 31 * 10, controller.signal).then(
      () => (done = true),
      () => 'stopped',
    );
    await laterThanOverflow();
    expect(done).toBe(false);
    controller.abort(new Error('stop'));
    expect(await waiting).toBe('stopped');
  });
});
