/**
 * The browser ports. `BrowserFleet` starts and stops one browser per session (on the hosts); `SessionBrowser` is
 * one session's browser as operations drive it (over CDP, in the adapter). Core sees neither puppeteer nor hosts.
 */

import type { WindowDriver } from './window-driver.js';

export type WindowWaitUntil = 'load' | 'domContentLoaded' | 'complete' | 'noWait';

export interface ProxySettings {
  /** `scheme://host:port` as Chromium's --proxy-server takes it. */
  server: string;
  username?: string;
  password?: string;
  /**
   * Only requests to hosts matching one of these patterns (lower case host name globs: `*` any sequence, `?` one
   * character, e.g. `*.example.com`) use the proxy; the others go direct. Absent: all requests use it.
   */
  domainPatterns?: string[];
}

export interface StartBrowserRequest {
  sessionId: string;
  orgId: string;
  idleTimeoutMs: number;
  proxy?: ProxySettings;
  /** A profile archive to unpack into the user-data-dir before launch. */
  profile?: Buffer;
  /** Record every window of the session (rrweb events), handed over when the session ends (see `onEnding`). */
  record?: boolean;
  /**
   * How the browser presents itself to pages: a desktop Chrome in this locale and time zone (absent: `en-US` and the
   * host's zone), or `false` for the headless browser as it is.
   */
  disguise?: BrowserDisguise | false;
  /** Extensions (ids of the hosts' extensions directory) the browser loads. */
  extensionIds?: string[];
}

/** What the fleet's browsers can do, as far as this process can tell. */
export interface BrowserFeatures {
  /** Extensions sessions may load by id; undefined: the browser cannot load extensions (a headless shell). */
  extensionIds?: readonly string[];
  /** Each session has a WebDriver endpoint (`chromedriverUrl`): a chromedriver matching the browser is installed. */
  webdriver: boolean;
}

export interface BrowserDisguise {
  /** BCP 47 tag, e.g. `de-DE`. */
  locale?: string;
  /** IANA zone, e.g. `Europe/Berlin`. */
  timezone?: string;
}

export interface StartedBrowser {
  hostId: string;
}

/** `storageLimit`: what the session's pages stored took more of its host's disk than a session may have. */
export type BrowserEndReason = 'released' | 'idle' | 'crashed' | 'shutdown' | 'storageLimit';

export interface BrowserFleet {
  /**
   * Resolves when the session's browser runs. While no host has room the request waits (`onQueued` is called
   * once); `onLaunching` is called when a host begins starting it. Rejects when the browser cannot be started.
   */
  start(
    request: StartBrowserRequest,
    progress?: { onQueued?: () => void; onLaunching?: () => void },
  ): Promise<StartedBrowser>;
  /** End the session's browser. With `keepProfile`, the user-data-dir is archived and returned first. */
  stop(sessionId: string, options?: { keepProfile?: boolean }): Promise<{ profile?: Buffer }>;
  /** Activity on the session: postpones its idle timeout. */
  touch(sessionId: string): void | Promise<void>;
  /** Drive the session's browser. Rejects when the session has no live browser. */
  open(sessionId: string): Promise<SessionBrowser>;
  /** Subscribe to browsers ending on their own (idle timeout, crash, host shutdown). */
  onEnded(listener: (ended: { sessionId: string; orgId: string; reason: BrowserEndReason }) => void): void;
  /**
   * Place a file in the session's folder on its browser's machine, where a file input can take it; a file of the
   * same name is replaced. Resolves to its path there. Rejects when the session has no live browser.
   */
  putFile(sessionId: string, file: { fileName: string; bytes: Buffer; fileId?: string }): Promise<string>;
  /** A file in the session's folder (pushed, or downloaded by its browser), by name; undefined when absent. */
  sessionFile(sessionId: string, fileName: string): Promise<SessionFile | undefined>;
  /** Subscribe to downloads in the sessions' browsers, from any window (CDP clients' pages included). */
  onDownload(listener: (download: BrowserDownload) => void): void;
  /**
   * Subscribe to sessions ending, for every reason, after the browser has exited and before its profile is
   * removed: the one moment its profile can be archived. The session's end waits for each listener.
   * Optional: a fleet without it keeps no profiles and no recordings.
   */
  onEnding?(listener: (ending: BrowserEnding) => Promise<void>): void;
  /**
   * What the browsers can do, once known. Optional, and undefined while the fleet cannot tell (no host has said):
   * requests are then checked by the host that starts the browser.
   */
  features?(): BrowserFeatures | undefined | Promise<BrowserFeatures | undefined>;
}

export interface BrowserEnding {
  sessionId: string;
  orgId: string;
  reason: BrowserEndReason;
  /** The browser's profile (cookies, local storage, IndexedDB; no caches) as a tar.gz archive. */
  archiveProfile(): Promise<Buffer>;
  /** What was recorded, for a session started with `record`. */
  recording?: SessionRecording;
}

export interface SessionRecording {
  /** Epoch milliseconds. */
  startedAt: number;
  windows: RecordedWindow[];
  /** Recording stopped early because the session's events reached the size limit. */
  truncated: boolean;
}

export interface RecordedWindow {
  /** The window id (CDP target id) of the page. */
  windowId: string;
  /** Epoch milliseconds when its recording began. */
  startedAt: number;
  /** Each document the window showed, in order, with when it began (epoch milliseconds). */
  pages: { url: string; at: number }[];
  /** rrweb events in the order they happened, each as its JSON text (each carries its own `timestamp`). */
  events: string[];
}

export interface SessionFile {
  /** Where the browser's machine has it: what a file input is given. */
  path: string;
  bytes: number;
  /** The stored file it was placed from by `putFile`; absent for the browser's own downloads. */
  fileId?: string;
}

/**
 * One download's progress, reported in order per `downloadId`: `started`, then `completed` or `failed`.
 * `fileName` of `completed` is the name the file has in the session's folder (made unique there).
 */
export type BrowserDownload = { sessionId: string; orgId: string; downloadId: string; fileName: string } & (
  | { state: 'started'; url: string }
  | { state: 'completed'; bytes: number; read(): Promise<Buffer> }
  | { state: 'failed'; error: string }
);

export interface WindowInfo {
  /** The window id is the CDP target id of its page: stable for the window's life, and what CDP clients see. */
  windowId: string;
  url: string;
  title: string;
}

/**
 * The header the host's network guard puts on the answers it gives itself (a refused or unreachable destination of a
 * plain-http request), holding the reason: Chromium sees an ordinary page, so navigation reads the header to tell
 * the caller the load failed.
 */
export const NETWORK_GUARD_HEADER = 'x-network-guard';

export interface NavigationResult {
  /** The wait ran out before the event asked for: the page may still be loading. */
  timedOut: boolean;
  /** Navigation failed (DNS, refused connection, blocked address): a readable reason. */
  error?: string;
  /**
   * The URL answered with a download rather than a page: the browser saves the file (a file of the session, told
   * by its `file_status` events) and the window stays on the page it showed. Not an error.
   */
  download?: { fileName: string; url: string };
  /** The HTTP status the page's document came with, when the browser saw one. */
  status?: number;
}

export interface NavigateOptions {
  waitUntil: WindowWaitUntil;
  timeoutMs: number;
}

export interface SessionBrowser {
  windows(): Promise<WindowInfo[]>;
  window(windowId: string): Promise<WindowInfo | undefined>;
  openWindow(
    options: NavigateOptions & { url: string; width: number; height: number },
  ): Promise<{ window: WindowInfo; navigation: NavigationResult }>;
  navigate(windowId: string, url: string, options: NavigateOptions): Promise<NavigationResult>;
  /** True once the window is gone (or was gone already); false if it would not close within the port's bound. */
  closeWindow(windowId: string): Promise<boolean>;
  /** Resize the window's viewport (live view `screenResolution`). */
  resize(windowId: string, width: number, height: number): Promise<void>;
  /** Size the window's page again as this service last sized it, after a live view that sized it let go. */
  restoreViewport(windowId: string): Promise<void>;
  /** Drive and read one window's page; undefined when no such window. */
  driver(windowId: string): Promise<WindowDriver | undefined>;
}
