/**
 * Waiting for the navigation an action starts: the wait is armed before the input is sent (a fast navigation
 * would otherwise finish before anyone listens), and running out of time is an outcome, not an error: the click
 * happened, the page simply did not go anywhere within the time.
 */
import { TimeoutError, type CDPSession, type Page } from 'puppeteer-core';
import type { ActionOutcome, NavigationWait } from '../../../../ports/page-snapshot.js';
import { cdpOf } from '../screenshot/cdp.js';
import { abortable } from './abortable.js';

/**
 * Even unasked, an action that starts a navigation of its window (a link, a form sent with Enter) answers once the
 * next document is in place, as a browser automation library does: a read right after it (the window's URL, a
 * scrape) would otherwise see the page before, or a blank one between the two. Only a navigation the action itself
 * requested is waited for, and only until the new document commits (not until it has loaded), within this bound.
 */
const COMMIT_BOUND_MS = 5_000;

interface MainFrameEvent {
  frameId?: string;
  frame?: { id?: string; parentId?: string };
  disposition?: string;
}

/** Runs the action; when it made the main frame request a navigation, waits for that navigation to end or commit. */
const settlingStartedNavigation = async (
  page: Page,
  signal: AbortSignal,
  act: () => Promise<ActionOutcome>,
): Promise<ActionOutcome> => {
  const cdp: CDPSession | undefined = await cdpOf(page).catch(() => undefined);
  const mainFrame = (page.mainFrame() as unknown as { _id?: string })._id;
  if (!cdp || !mainFrame) return act();
  let requested = false;
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const onRequested = (event: MainFrameEvent) => {
    if (event.frameId === mainFrame && (event.disposition ?? 'currentTab') === 'currentTab') requested = true;
  };
  // Committed (another document, an error page), moved within the document, or stopped (a download, a 204).
  const onEnded = (event: MainFrameEvent) => {
    if (requested && (event.frame?.id ?? event.frameId) === mainFrame) settle();
  };
  cdp.on('Page.frameRequestedNavigation', onRequested);
  cdp.on('Page.frameNavigated', onEnded);
  cdp.on('Page.navigatedWithinDocument', onEnded);
  cdp.on('Page.frameStoppedLoading', onEnded);
  let bound: NodeJS.Timeout | undefined;
  try {
    const outcome = await act();
    // The input went over the page's own session, the events come over this one: one round trip here (the browser
    // answers it without the page) brings every event sent before it, the request of a navigation among them.
    if (outcome.acted && !requested) await cdp.send('Page.getFrameTree').catch(() => undefined);
    if (outcome.acted && requested) {
      const late = new Promise<void>((resolve) => {
        bound = setTimeout(resolve, COMMIT_BOUND_MS);
      });
      await abortable(Promise.race([settled, late]), signal);
    }
    return outcome;
  } finally {
    clearTimeout(bound);
    cdp.off('Page.frameRequestedNavigation', onRequested);
    cdp.off('Page.frameNavigated', onEnded);
    cdp.off('Page.navigatedWithinDocument', onEnded);
    cdp.off('Page.frameStoppedLoading', onEnded);
  }
};

export const withNavigation = async (
  page: Page,
  wait: NavigationWait | undefined,
  signal: AbortSignal,
  act: () => Promise<ActionOutcome>,
): Promise<ActionOutcome> => {
  if (!wait) return settlingStartedNavigation(page, signal, act);
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
