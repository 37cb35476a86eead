/**
 * A page whose own script never yields (`for (;;) {}` in a timer, a runaway loop) holds the renderer's main thread:
 * every read or action of the service waits behind it, until the protocol limit ends the call 60 s later with a 503,
 * and the next call waits again. A browser tab would offer to stop the script; this does it for the service.
 *
 * An operation on a loaded page that has no answer after a bound far above any of this service's own (its longest
 * script, a snapshot of an 80,000-node page, takes under a second) stops the script running in the page
 * (`Runtime.terminateExecution`), as many times as the bound passes again. The command goes over the page's own
 * CDP session, which is already attached: attaching a new one needs the very thread the script holds. Chromium
 * ends the running script; when none runs, it ends the next one to start, so the guard is kept off waits that are
 * not the page's script's doing, such as a navigation that loads slowly (see `PuppeteerWindowDriver`).
 */
import type { CDPSession, Page } from 'puppeteer-core';

/** Far above any operation of the service on a page that yields (`npm run bench`: the slowest is under 1.5 s). */
export const SCRIPT_LIMIT_MS = 15_000;

/** How many times one operation stops the page's script before it is left to the protocol limit. */
const MAX_STOPS = 3;

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
  const watch = () => {
    timer = setTimeout(() => {
      stops += 1;
      stopped();
      sessionOf(page)
        ?.send('Runtime.terminateExecution')
        .catch(() => undefined);
      if (stops < MAX_STOPS) watch();
    }, limitMs);
    timer.unref();
  };
  watch();
  try {
    return await operation();
  } finally {
    clearTimeout(timer);
  }
};
