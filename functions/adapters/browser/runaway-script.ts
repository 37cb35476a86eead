/**
 * A page whose own script never yields (`for (;;) {}` in a timer, a runaway loop) holds the renderer's main thread:
 * every read or action of the service waits behind it, until the protocol limit ends the call 60 s later with a 503,
 * and the next call waits again. A browser tab would offer to stop the script; this does it for the service.
 *
 * An operation on a loaded page that has no answer after a bound far above any of this service's own (its longest
 * script, a snapshot of an 80,000-node page, takes under a second) asks the page for nothing (`0`); a page whose
 * main thread is free answers at once. One that does not answer within a second is running a script, and that
 * script is stopped (`Runtime.terminateExecution`), as many times as the bound passes again. Both go over the
 * page's own CDP session, which is already attached: attaching a new one needs the very thread the script holds.
 * The probe matters when an operation is slow for another reason (a large capture on a loaded machine): Chromium
 * ends whatever script runs at that instant, and on a page that yields that would be one of its short, innocent
 * ones. For the same reason the guard is kept off waits for a navigation (see `PuppeteerWindowDriver`). On a page
 * where no script runs, the command changes nothing: a later evaluation and the page's timers run as before.
 */
import type { CDPSession, Page } from 'puppeteer-core';

/** Far above any operation of the service on a page that yields (`npm run bench`: the slowest is under 1.5 s). */
export const SCRIPT_LIMIT_MS = 15_000;

/** How many times one operation stops the page's script before it is left to the protocol limit. */
const MAX_STOPS = 3;

/** A page whose main thread is free answers a `0` well within this, even on a loaded machine. */
const PROBE_MS = 1_000;

/** The page's own CDP session (puppeteer-core 24 keeps it as `_client()`), attached since the page was. */
const sessionOf = (page: Page): CDPSession | undefined =>
  (page as unknown as { _client?: () => CDPSession })._client?.();

/**
 * Runs the operation; each time it has gone `limitMs` without an answer, stops the script the page is running.
 * `stopped` is told each time (for a count or a warning); the operation's own result or error is what is returned.
 */
export const stoppingRunawayScript = async <T>(
  page: Page,
  limitMs: number,
  operation: () => Promise<T>,
  stopped: () => void = () => undefined,
): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  let stops = 0;
  let settled = false;
  const watch = () => {
    timer = setTimeout(async () => {
      const session = sessionOf(page);
      if (!session || settled) return;
      if (await scriptRunning(session)) {
        if (settled) return;
        stops += 1;
        stopped();
        await session.send('Runtime.terminateExecution').catch(() => undefined);
      }
      if (stops < MAX_STOPS && !settled) watch();
    }, limitMs);
    timer.unref();
  };
  watch();
  try {
    return await operation();
  } finally {
    settled = true;
    clearTimeout(timer);
  }
};

/** Whether the page's main thread is held: a `0` asked of it gets no answer within the probe's bound. */
const scriptRunning = async (session: CDPSession): Promise<boolean> => {
  let wait: NodeJS.Timeout | undefined;
  const answered = session.send('Runtime.evaluate', { expression: '0', returnByValue: true }).then(
    () => true,
    () => true,
  );
  const late = new Promise<false>((resolve) => {
    wait = setTimeout(() => resolve(false), PROBE_MS);
  });
  try {
    return !(await Promise.race([answered, late]));
  } finally {
    clearTimeout(wait);
  }
};
