/**
 * The fleet of one machine: the in-process browser host. Sessions beyond its capacity wait in line (the session
 * shows `awaitingCapacity`) until a browser ends, like sessions on AWS wait in the start queue. Each session's
 * browser is driven over one cached CDP connection.
 */
import puppeteer, { type Browser } from 'puppeteer-core';
import type {
  BrowserDownload,
  BrowserEndReason,
  BrowserEnding,
  BrowserFeatures,
  BrowserFleet,
  SessionBrowser,
  SessionFile,
  StartBrowserRequest,
  StartedBrowser,
} from '../../ports/browser.js';
import { captureDownloads, type DownloadLimits } from './downloads.js';
import { CdpConnection } from '../../cdp/connection.js';
import { PuppeteerSessionBrowser } from './puppeteer-session-browser.js';
import { SessionRecorder } from './recording/recorder.js';
import { SessionFolder } from './session-folder.js';

export const LOCAL_HOST_ID = 'local';

/** What this adapter needs of the in-process browser host (functions/browser-host's BrowserHost). */
export interface HostHandle {
  readonly capacity: number;
  acquire(
    sessionId: string,
    options: {
      idleTimeoutMs: number;
      proxyServer?: string;
      proxyCredentials?: { username: string; password: string };
      proxyDomainPatterns?: string[];
      profileArchive?: Buffer;
      disguise?: { locale?: string; timezone?: string } | false;
      extensionIds?: string[];
    },
  ): Promise<{ userDataDir: string }>;
  /** What the started host's browser can load; undefined before it started. */
  browser?(): { extensionIds?: readonly string[] } | undefined;
  release(sessionId: string, reason: 'released'): Promise<boolean>;
  touch(sessionId: string): unknown;
  endpointOf(sessionId: string): string | undefined;
  stats(): { live: number };
  on(event: 'sessionEnded', listener: (sessionId: string, reason: BrowserEndReason) => void): unknown;
}

interface Placed {
  orgId: string;
  request: StartBrowserRequest;
  connection?: Promise<PuppeteerSessionBrowser>;
  /** Files for file inputs and the browser's downloads; set once the browser runs. */
  folder?: SessionFolder;
  /** The browser-level connection that receives download events for the session's whole life. */
  control?: CdpConnection;
  /** Set for sessions started with `record`. */
  recorder?: SessionRecorder;
}

export class LocalFleet implements BrowserFleet {
  private readonly placed = new Map<string, Placed>();
  private readonly waiting: (() => void)[] = [];
  private readonly listeners: ((ended: { sessionId: string; orgId: string; reason: BrowserEndReason }) => void)[] = [];
  private readonly downloadListeners: ((download: BrowserDownload) => void)[] = [];
  private readonly endingListeners: ((ending: BrowserEnding) => Promise<void>)[] = [];

  /**
   * `archiveProfile`: how a user-data-dir becomes a profile archive (the host's profile-archive module).
   * `hostId`: the name sessions are placed under (one fixed name locally; each AWS host its own).
   */
  /** Starts waiting for a free slot (the host's queue). */
  get queued(): number {
    return this.waiting.length;
  }

  constructor(
    private readonly host: HostHandle,
    private readonly options: {
      maxQueueWaitMs?: number;
      archiveProfile?: (userDataDir: string) => Promise<Buffer>;
      hostId?: string;
      /** Connect to each session's browser as soon as it starts (where this process drives the windows itself). */
      connectAhead?: boolean;
      /** Sessions have a WebDriver endpoint (the host's chromedriver matches its browser). */
      webdriver?: () => boolean;
      /** The largest download a session may keep, and the disk its downloads may take together (downloads.ts). */
      downloadLimits: DownloadLimits;
    },
  ) {
    host.on('sessionEnded', (sessionId, reason) => {
      const placed = this.placed.get(sessionId);
      this.placed.delete(sessionId);
      void placed?.connection?.then((browser) => browser.browser.disconnect()).catch(() => undefined);
      placed?.control?.close();
      placed?.recorder?.close();
      void placed?.folder?.remove().catch(() => undefined);
      this.waiting.shift()?.();
      if (placed) for (const listener of this.listeners) listener({ sessionId, orgId: placed.orgId, reason });
    });
  }

  features(): BrowserFeatures | undefined {
    const browser = this.host.browser?.();
    if (!browser) return undefined;
    return {
      ...(browser.extensionIds ? { extensionIds: browser.extensionIds } : {}),
      webdriver: this.options.webdriver?.() ?? false,
    };
  }

  async start(
    request: StartBrowserRequest,
    progress: { onQueued?: () => void; onLaunching?: () => void } = {},
  ): Promise<StartedBrowser> {
    if (this.host.stats().live >= this.host.capacity) {
      progress.onQueued?.();
      await this.waitForRoom();
    }
    progress.onLaunching?.();
    this.placed.set(request.sessionId, { orgId: request.orgId, request });
    let acquired: { userDataDir: string };
    try {
      const { proxy } = request;
      acquired = await this.host.acquire(request.sessionId, {
        idleTimeoutMs: request.idleTimeoutMs,
        proxyServer: proxy?.server,
        ...(proxy?.username !== undefined
          ? { proxyCredentials: { username: proxy.username, password: proxy.password ?? '' } }
          : {}),
        ...(proxy?.domainPatterns ? { proxyDomainPatterns: proxy.domainPatterns } : {}),
        ...(request.profile ? { profileArchive: request.profile } : {}),
        ...(request.disguise !== undefined ? { disguise: request.disguise } : {}),
        ...(request.extensionIds?.length ? { extensionIds: request.extensionIds } : {}),
      });
    } catch (error) {
      this.placed.delete(request.sessionId);
      throw error;
    }
    try {
      await this.prepareFiles(request, acquired.userDataDir);
    } catch (error) {
      // A browser whose downloads cannot be captured is not handed out half-working.
      await this.host.release(request.sessionId, 'released').catch(() => undefined);
      this.placed.delete(request.sessionId);
      throw error;
    }
    // Connected ahead, while the client reads the answer: the session's first window does not pay for it. A failure
    // here is left for the first real use to meet again (open() connects anew).
    if (this.options.connectAhead) this.open(request.sessionId).catch(() => undefined);
    return { hostId: this.options.hostId ?? LOCAL_HOST_ID };
  }

  /** The session's folder, and download capture set for the whole browser before any client can open a page. */
  private async prepareFiles(request: StartBrowserRequest, userDataDir: string): Promise<void> {
    const { sessionId, orgId } = request;
    const folder = new SessionFolder(`${userDataDir}.files`);
    await folder.create();
    const placed = this.placed.get(sessionId);
    if (placed) placed.folder = folder;
    const endpoint = this.host.endpointOf(sessionId);
    if (!endpoint || !placed) throw new Error(`session ${sessionId} lost its browser while starting`);
    placed.control = await CdpConnection.connect(endpoint);
    await captureDownloads(
      placed.control,
      folder,
      (download) => {
        for (const listener of this.downloadListeners) listener({ ...download, sessionId, orgId });
      },
      this.options.downloadLimits,
    );
    // Recording begins before the session is handed out, so no window a client opens escapes it.
    if (request.record) placed.recorder = await SessionRecorder.start(endpoint);
  }

  /**
   * The host's `beforeRemoveUserDataDir` hook: the browser has exited and its profile is still on disk. Each
   * ending listener runs in turn (a failing one is reported by the host and does not stop the others' work here).
   */
  async userDataDirEnding(handoff: {
    sessionId: string;
    userDataDir: string;
    reason: BrowserEndReason;
  }): Promise<void> {
    const placed = this.placed.get(handoff.sessionId);
    if (!placed) return;
    const { archiveProfile } = this.options;
    const ending: BrowserEnding = {
      sessionId: handoff.sessionId,
      orgId: placed.orgId,
      reason: handoff.reason,
      archiveProfile: () =>
        archiveProfile
          ? archiveProfile(handoff.userDataDir)
          : Promise.reject(new Error('this fleet cannot archive profiles')),
      recording: placed.recorder?.finish(),
    };
    const failures: unknown[] = [];
    for (const listener of this.endingListeners) await listener(ending).catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  }

  onEnding(listener: (ending: BrowserEnding) => Promise<void>): void {
    this.endingListeners.push(listener);
  }

  async stop(sessionId: string): Promise<{ profile?: Buffer }> {
    await this.placed.get(sessionId)?.recorder?.flush();
    await this.host.release(sessionId, 'released');
    return {};
  }

  touch(sessionId: string): void {
    this.host.touch(sessionId);
  }

  open(sessionId: string): Promise<SessionBrowser> {
    const placed = this.placed.get(sessionId);
    const endpoint = this.host.endpointOf(sessionId);
    if (!placed || !endpoint) return Promise.reject(new Error(`session ${sessionId} has no browser on this host`));
    placed.connection ??= this.connect(endpoint).catch((error: unknown) => {
      placed.connection = undefined;
      throw error;
    });
    return placed.connection;
  }

  onEnded(listener: (ended: { sessionId: string; orgId: string; reason: BrowserEndReason }) => void): void {
    this.listeners.push(listener);
  }

  async putFile(sessionId: string, file: { fileName: string; bytes: Buffer; fileId?: string }): Promise<string> {
    return this.folderOf(sessionId).put(file.fileName, file.bytes, file.fileId);
  }

  async sessionFile(sessionId: string, fileName: string): Promise<SessionFile | undefined> {
    return this.placed.get(sessionId)?.folder?.find(fileName);
  }

  onDownload(listener: (download: BrowserDownload) => void): void {
    this.downloadListeners.push(listener);
  }

  private folderOf(sessionId: string): SessionFolder {
    const folder = this.placed.get(sessionId)?.folder;
    if (!folder) throw new Error(`session ${sessionId} has no browser on this host`);
    return folder;
  }

  private async connect(endpoint: string): Promise<PuppeteerSessionBrowser> {
    const browser: Browser = await puppeteer.connect({
      browserWSEndpoint: endpoint,
      defaultViewport: null,
      protocolTimeout: 60_000,
    });
    return new PuppeteerSessionBrowser(browser);
  }

  private waitForRoom(): Promise<void> {
    const maxWaitMs = this.options.maxQueueWaitMs ?? 10 * 60_000;
    return new Promise((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(admit);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new Error(`no browser capacity became free within ${Math.round(maxWaitMs / 1000)} s`));
      }, maxWaitMs);
      timer.unref();
      this.waiting.push(admit);
    });
  }
}
