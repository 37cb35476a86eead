/**
 * A URL that answers with a download (an attachment, or a type the browser does not display) does what it does:
 * the browser saves the file and the window stays on its page. Chromium ends such a navigation with
 * net::ERR_ABORTED, the same reason it gives a real abort (a 204 answer, a stop, a navigation cut short by another),
 * so the reason alone cannot tell them apart. What does is whether the window's frame began a download, which
 * `Page.downloadWillBegin` tells (emitted on page sessions with the Page domain on, whoever set the browser's
 * download behaviour; the fleet's capture stores the file). The event can follow the navigation's failure by a few
 * milliseconds, hence a short grace before an abort is called one.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import type { NavigateOptions, NavigationResult } from '../../ports/browser.js';
import { navigate } from './navigate.js';
import { targetIdOf } from './targets.js';

/** How long an aborted navigation waits for its download to be announced before it counts as failed. */
export const DOWNLOAD_GRACE_MS = 1_000;

const ABORTED = 'net::ERR_ABORTED';

type StartedDownload = NonNullable<NavigationResult['download']>;

const sessions = new WeakMap<Page, Promise<CDPSession>>();

const attach = (page: Page): Promise<CDPSession> =>
  page.createCDPSession().then(async (session) => {
    await session.send('Page.enable');
    return session;
  });

/** One session per page with the Page domain on, kept until the page goes: attaching costs round trips. */
const pageEventsOf = async (page: Page): Promise<CDPSession> => {
  // Stored before any await, so concurrent navigations of one page share one attach.
  let attaching = sessions.get(page);
  if (!attaching) {
    attaching = attach(page);
    sessions.set(page, attaching);
  }
  const session = await attaching.catch((error: unknown) => {
    sessions.delete(page);
    throw error;
  });
  if (!session.detached) return session;
  const again = attach(page);
  sessions.set(page, again);
  return again;
};

interface DownloadWatch {
  /** The download the window's main frame began since the watch started, waiting up to `graceMs` for one. */
  started(graceMs: number): Promise<StartedDownload | undefined>;
  stop(): void;
}

/** Listens, from now on, for a download begun by the page's main frame (its id is the window's target id). */
const watchDownloads = async (page: Page): Promise<DownloadWatch> => {
  const session = await pageEventsOf(page);
  const mainFrameId = targetIdOf(page.target());
  let seen: StartedDownload | undefined;
  let announce: (download: StartedDownload) => void = () => undefined;
  const onDownload = (event: { frameId: string; url: string; suggestedFilename: string }) => {
    if (event.frameId !== mainFrameId || seen) return;
    seen = { fileName: event.suggestedFilename, url: event.url };
    announce(seen);
  };
  session.on('Page.downloadWillBegin', onDownload);
  return {
    started: (graceMs) =>
      seen
        ? Promise.resolve(seen)
        : new Promise((resolve) => {
            const timer = setTimeout(() => resolve(undefined), graceMs);
            announce = (download) => {
              clearTimeout(timer);
              resolve(download);
            };
          }),
    stop: () => session.off('Page.downloadWillBegin', onDownload),
  };
};

/**
 * `navigate`, where a navigation that became a download succeeds with `download` set. A wait of `noWait` does not
 * watch the navigation, so it has nothing to tell.
 */
export const navigateOrDownload = async (
  page: Page,
  url: string,
  options: NavigateOptions,
): Promise<NavigationResult> => {
  if (options.waitUntil === 'noWait') return navigate(page, url, options);
  // A page that cannot be watched (crashed, closing) is still navigated: its navigation's outcome tells the rest.
  const watch = await watchDownloads(page).catch(() => undefined);
  try {
    const result = await navigate(page, url, options);
    if (result.error !== ABORTED || !watch) return result;
    const download = await watch.started(DOWNLOAD_GRACE_MS);
    return download ? { timedOut: false, download } : result;
  } finally {
    watch?.stop();
  }
};
