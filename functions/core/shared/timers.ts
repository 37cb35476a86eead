/**
 * Timers fed from requests. Node's setTimeout holds at most 2^31−1 ms (24.8 days): a longer delay, like a
 * `timeThresholdSeconds` of 2,147,484 or more, which the schema allows, fires after 1 ms instead. Every delay a
 * request can set goes through `timerDelay`, and a deadline that may lie further out through `deadlineTimer`.
 */

/** The longest delay setTimeout keeps as given. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as setTimeout keeps it: at most MAX_TIMER_MS, at least 0 (NaN is 0, Infinity the maximum). */
export const timerDelay = (ms: number): number => {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(ms, MAX_TIMER_MS);
};

export interface DeadlineTimer {
  clear(): void;
}

/**
 * Calls `onDue` once `ms` have passed, however far out (re-armed in steps of at most MAX_TIMER_MS). It does not keep
 * the process alive: a deadline is a limit on work, not work itself.
 */
export const deadlineTimer = (ms: number, onDue: () => void): DeadlineTimer => {
  const due = Date.now() + ms;
  let timer: ReturnType<typeof setTimeout>;
  const arm = (left: number) => {
    timer = setTimeout(() => {
      const rest = due - Date.now();
      if (rest > 0) arm(rest);
      else onDue();
    }, timerDelay(left));
    timer.unref();
  };
  arm(ms);
  return { clear: () => clearTimeout(timer) };
};
