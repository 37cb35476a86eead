/**
 * Waiting for the navigation an action starts: the wait is armed before the input is sent (a fast navigation
 * would otherwise finish before anyone listens), and running out of time is an outcome, not an error: the click
 * happened, the page simply did not go anywhere within the time.
 */
import { TimeoutError, type Page } from 'puppeteer-core';
import type { ActionOutcome, NavigationWait } from '../../../../ports/page-snapshot.js';
import { abortable } from './abortable.js';

export const withNavigation = async (
  page: Page,
  wait: NavigationWait | undefined,
  signal: AbortSignal,
  act: () => Promise<ActionOutcome>,
): Promise<ActionOutcome> => {
  if (!wait) return act();
  // puppeteer reads a timeout of 0 as "no timeout"; 0 here means "do not wait".
  const navigation = page.waitForNavigation({ timeout: Math.max(1, wait.timeoutMs), waitUntil: wait.waitUntil }).then(
    () => true,
    (error: unknown) => {
      if (error instanceof TimeoutError) return false;
      throw error;
    },
  );
  navigation.catch(() => undefined);
  const outcome = await act();
  if (!outcome.acted) return outcome;
  const navigated = await abortable(navigation, signal).catch((error: unknown) => {
    if (signal.aborted) throw error;
    // The frame went away while waiting (the window closed): nothing more to wait for.
    return false;
  });
  const notes = navigated
    ? outcome.notes
    : [
        ...outcome.notes,
        {
          code: 'no_navigation',
          message: `no navigation finished within ${Math.round(wait.timeoutMs / 100) / 10} s after the action`,
        },
      ];
  return { ...outcome, navigated, url: page.url(), notes };
};
