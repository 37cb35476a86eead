/** Window creation and navigation, with the interface's wait rules: a wait that runs out still succeeds, warned. */
import type { NavigationResult, WindowWaitUntil } from '../../ports/browser.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { SessionItem } from '../sessions/model.js';
import { holdingPlace, openingIn } from './opening.js';
import { getSession } from '../sessions/queries.js';
import { ConflictError, UnavailableError } from '../shared/errors.js';
import type { Issue } from '../shared/issues.js';
import { requireWindow, sessionBrowser } from './open.js';

export interface WaitRequest {
  waitUntil?: WindowWaitUntil;
  waitUntilTimeoutSeconds?: number;
}

export const DEFAULT_RESOLUTION = { width: 1280, height: 720 };

/**
 * Most windows one session may hold. The browser host closes tabs past it as they appear (pages opening windows
 * without end would take the memory of other orgs' sessions: browser-host/window-cap.ts); the API refuses first.
 */
export const MAX_WINDOWS_PER_SESSION = 100;

const waitOptions = (request: WaitRequest) => ({
  waitUntil: request.waitUntil ?? 'load',
  timeoutMs: (request.waitUntilTimeoutSeconds ?? 30) * 1000,
});

/** A URL that answers with a file did what it does: the window stays on its page, the download is said. */
const downloadWarning = (url: string, download: NonNullable<NavigationResult['download']>): Issue => ({
  code: 'download_started',
  message: `${url} answered with a file, not a page: the browser is downloading "${download.fileName}" and the window stays on its page; the file becomes a file of the session (its file_status events say when it is available)`,
  details: { fileName: download.fileName, url: download.url },
});

/** Navigation outcome → the envelope's `errors`/`warnings`. */
export const navigationIssues = (
  url: string,
  result: NavigationResult,
  request: WaitRequest,
): { errors: Issue[]; warnings: Issue[] } => ({
  errors: result.error
    ? [{ code: 'navigation_failed', message: `could not load ${url}: ${result.error}`, reason: result.error }]
    : [],
  warnings: [
    ...(result.timedOut
      ? [
          {
            code: 'wait_timeout',
            message: `the page did not reach "${request.waitUntil ?? 'load'}" within ${request.waitUntilTimeoutSeconds ?? 30} s; it may still be loading resources`,
          },
        ]
      : []),
    ...(result.download ? [downloadWarning(url, result.download)] : []),
    // The page loaded, but it is the server's answer of an error ("404 Not Found"): said, not hidden.
    ...(result.status !== undefined && result.status >= 400 && !result.error
      ? [
          {
            code: 'page_error_status',
            message: `${url} answered HTTP ${result.status}: the window shows the server's error page`,
            details: { status: result.status },
          },
        ]
      : []),
  ],
});

export const parseResolution = (value: string | undefined) => {
  if (!value) return DEFAULT_RESOLUTION;
  const [width, height] = value.split('x').map(Number);
  return { width, height };
};

export const openWindow = async (
  deps: SessionDeps & { defaultWindowUrl: string },
  orgId: string,
  sessionId: string,
  request: WaitRequest & { url?: string; screenResolution?: string },
) => {
  const { session, browser } = await sessionBrowser(deps, orgId, sessionId);
  // The place is taken before the count is read: concurrent opens each see the others (see `opening.ts`).
  const { window, navigation, url } = await holdingPlace(sessionId, async () => {
    if ((await browser.windows()).length + openingIn(sessionId) - 1 >= MAX_WINDOWS_PER_SESSION)
      throw new ConflictError(
        `session ${sessionId} already holds or is opening ${MAX_WINDOWS_PER_SESSION} windows, the most a session may: close one first`,
      );
    const url = request.url ?? deps.defaultWindowUrl;
    const opened = await browser.openWindow({
      url,
      ...parseResolution(request.screenResolution),
      ...waitOptions(request),
    });
    return { ...opened, url };
  });
  if (request.screenResolution) {
    // Remembered so every live view of the window keeps this size instead of resizing it to the viewer.
    const windowSizes = {
      ...(await getSession(deps.records, orgId, sessionId))?.windowSizes,
      [window.windowId]: request.screenResolution,
    };
    await deps.records.update({ pk: session.pk, sk: session.sk }, { windowSizes });
  }
  return { window, ...navigationIssues(url, navigation, request) };
};

/** The size a window's live view shows it at: the one asked for now, else the one it was opened at, else none. */
export const liveViewSize = (session: SessionItem, windowId: string, asked: string | undefined): string | undefined =>
  asked ?? session.windowSizes?.[windowId];

export const loadUrl = async (
  deps: SessionDeps,
  orgId: string,
  sessionId: string,
  windowId: string,
  request: WaitRequest & { url: string },
) => {
  const { browser } = await sessionBrowser(deps, orgId, sessionId);
  await requireWindow(browser, windowId);
  const navigation = await browser.navigate(windowId, request.url, waitOptions(request));
  return { success: !navigation.error, ...navigationIssues(request.url, navigation, request) };
};

/** Closes a window of a running session; the window as it was, for the answer. */
export const closeWindow = async (deps: SessionDeps, orgId: string, sessionId: string, windowId: string) => {
  const { browser } = await sessionBrowser(deps, orgId, sessionId);
  const window = await requireWindow(browser, windowId);
  if (!(await browser.closeWindow(window.windowId)))
    throw new UnavailableError(`window ${window.windowId} did not close in time; ask again`);
  return window;
};
