/**
 * The fleet as API functions see it on AWS: browsers run on other machines (the browser hosts). A start is a
 * message on the start queue; the host that takes it launches the browser, writes the session's placement and
 * marks the session running itself, so nothing here has to outlive the request that queued it. Driving a session
 * goes to its owner over the VPC: CDP through the owner's proxy, stop and files through its internal API, both with
 * the hosts' shared secret. What happens to a browser on its own (idle timeout, crash, downloads, profile and
 * recording at the end) is recorded by the host that runs it, so the subscriptions here never fire.
 *
 * The CDP client is given (`connect`), not imported: most functions only read records, start or stop sessions, and
 * a CDP client would be most of their code.
 */
import type {
  BrowserDownload,
  BrowserEndReason,
  BrowserFeatures,
  BrowserFleet,
  SessionBrowser,
  SessionFile,
  StartBrowserRequest,
  StartedBrowser,
} from '../../ports/browser.js';
import type { Queue } from '../../ports/queue.js';
import type { PuppeteerSessionBrowser } from './puppeteer-session-browser.js';

export interface RemotePlacement {
  hostId: string;
  /** `http://<private address>:<port>` */
  address: string;
}

export interface RemoteFleetOptions {
  /** The session-start queue the hosts take from. */
  startQueue: Queue;
  hostSecret: string;
  /** Where a session runs, once a host has taken it. */
  placement: (sessionId: string) => Promise<RemotePlacement | undefined>;
  /** How long `start` watches for a host to take the session (a function's answer should not wait longer). */
  watchMs?: number;
  /** A start not taken within this long reports the session as waiting for capacity. */
  queuedAfterMs?: number;
  /** Placement reads: often while a warm host usually answers (the first seconds), then sparingly. */
  pollMs?: { early: number; late: number; earlyForMs: number };
  fetch?: typeof fetch;
  /** Opens CDP to a session's browser through its owner (see `cdp-connector.ts`); without it `open` is refused. */
  connect?: CdpConnector;
  /** Headers for each call to a host made for the request being served (its `x-request-id`). */
  requestHeaders?: () => Record<string, string>;
  /** What the hosts' browsers can do, as they registered it (registry.ts `fleetFeatures`). */
  features?: () => Promise<BrowserFeatures | undefined>;
  /** How long an answer of `features` is reused: hosts rewrite it on each heartbeat. Default 10 s. */
  featuresTtlMs?: number;
}

/** A CDP connection to `endpoint` (a WebSocket URL), authenticated with `headers`. */
export type CdpConnector = (endpoint: string, headers: Record<string, string>) => Promise<PuppeteerSessionBrowser>;

/** The shortest idle timeout is a minute: telling the owner every 10 s keeps it well inside that. */
const TOUCH_EVERY_MS = 10_000;

export class RemoteFleet implements BrowserFleet {
  private readonly connections = new Map<string, Promise<PuppeteerSessionBrowser>>();
  private readonly touchedAt = new Map<string, number>();
  private readonly fetch: typeof fetch;
  private knownFeatures?: { at: number; value: Promise<BrowserFeatures | undefined> };

  constructor(private readonly options: RemoteFleetOptions) {
    this.fetch = options.fetch ?? fetch;
  }

  /** The hosts' features, read at most once per `featuresTtlMs`; a failed read is undefined (the host checks). */
  features(): Promise<BrowserFeatures | undefined> {
    const read = this.options.features;
    if (!read) return Promise.resolve(undefined);
    const now = Date.now();
    if (!this.knownFeatures || now - this.knownFeatures.at >= (this.options.featuresTtlMs ?? 10_000))
      this.knownFeatures = { at: now, value: read().catch(() => undefined) };
    return this.knownFeatures.value;
  }

  /**
   * Queues the start and watches for a host to take it. Past `watchMs` the promise stays pending: the session is
   * not failed here (the host that takes it later marks it running; one that waits too long is failed by the host).
   */
  async start(
    request: StartBrowserRequest,
    progress: { onQueued?: () => void; onLaunching?: () => void } = {},
  ): Promise<StartedBrowser> {
    const {
      watchMs = 25_000,
      queuedAfterMs = 1_000,
      pollMs = { early: 20, late: 250, earlyForMs: 2_000 },
    } = this.options;
    await this.options.startQueue.send(JSON.stringify({ sessionId: request.sessionId, orgId: request.orgId }));
    const began = Date.now();
    let queued = false;
    while (Date.now() - began < watchMs) {
      const placement = await this.options.placement(request.sessionId).catch(() => undefined);
      if (placement) return { hostId: placement.hostId };
      if (!queued && Date.now() - began >= queuedAfterMs) {
        queued = true;
        progress.onQueued?.();
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Date.now() - began < pollMs.earlyForMs ? pollMs.early : pollMs.late),
      );
    }
    return new Promise<StartedBrowser>(() => undefined);
  }

  async stop(sessionId: string): Promise<{ profile?: Buffer }> {
    const placement = await this.options.placement(sessionId);
    void this.connections
      .get(sessionId)
      ?.then((browser) => browser.browser.disconnect())
      .catch(() => undefined);
    this.connections.delete(sessionId);
    // Not placed yet: the host that takes the start finds the session ended and drops it.
    if (!placement) return {};
    const response = await this.call(placement, 'DELETE', `/sessions/${encodeURIComponent(sessionId)}`);
    if (!response.ok && response.status !== 404)
      throw new Error(`host ${placement.hostId} refused to stop session ${sessionId}: ${response.status}`);
    return {};
  }

  /**
   * Requests that reach only this function (reading the session, following its events) are activity too; the owner
   * hears of them at most every TOUCH_EVERY_MS per session. CDP frames through the owner's proxy count there anyway.
   */
  async touch(sessionId: string): Promise<void> {
    const now = Date.now();
    if (now - (this.touchedAt.get(sessionId) ?? 0) < TOUCH_EVERY_MS) return;
    if (this.touchedAt.size >= 1_000)
      for (const [id, at] of this.touchedAt) if (now - at >= TOUCH_EVERY_MS) this.touchedAt.delete(id);
    this.touchedAt.set(sessionId, now);
    const placement = await this.options.placement(sessionId).catch(() => undefined);
    if (!placement) return;
    // Best effort: a lost touch costs at most one interval of idle time, never the caller's request.
    await this.call(placement, 'POST', `/sessions/${encodeURIComponent(sessionId)}/activity`).catch(() => undefined);
  }

  async open(sessionId: string): Promise<SessionBrowser> {
    // A function's container outlives its requests: a connection cached by an earlier one may have closed since.
    const cached = await this.connections.get(sessionId)?.catch(() => undefined);
    if (cached?.browser.connected) return cached;
    if (cached) this.connections.delete(sessionId);
    let connection = this.connections.get(sessionId);
    if (!connection) {
      connection = this.connect(sessionId);
      this.connections.set(sessionId, connection);
      connection.then(
        (browser) => browser.browser.once('disconnected', () => this.connections.delete(sessionId)),
        () => this.connections.delete(sessionId),
      );
    }
    return connection;
  }

  onEnded(_listener: (ended: { sessionId: string; orgId: string; reason: BrowserEndReason }) => void): void {}

  onDownload(_listener: (download: BrowserDownload) => void): void {}

  async putFile(sessionId: string, file: { fileName: string; bytes: Buffer; fileId?: string }): Promise<string> {
    const placement = await this.placed(sessionId);
    const response = await this.call(placement, 'PUT', this.filePath(sessionId, file.fileName), {
      body: file.bytes,
      headers: { 'content-type': 'application/octet-stream', ...(file.fileId ? { 'x-file-id': file.fileId } : {}) },
    });
    if (!response.ok)
      throw new Error(`host ${placement.hostId} did not take the file: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { path: string }).path;
  }

  async sessionFile(sessionId: string, fileName: string): Promise<SessionFile | undefined> {
    const placement = await this.options.placement(sessionId);
    if (!placement) return undefined;
    const response = await this.call(placement, 'GET', this.filePath(sessionId, fileName));
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`host ${placement.hostId} could not list the file: ${response.status}`);
    return (await response.json()) as SessionFile;
  }

  private async connect(sessionId: string): Promise<PuppeteerSessionBrowser> {
    if (!this.options.connect)
      throw new Error(
        `session ${sessionId}: this function is built without a CDP client, so it cannot drive a browser`,
      );
    const placement = await this.placed(sessionId);
    return this.options.connect(`${placement.address.replace(/^http/, 'ws')}/cdp/${encodeURIComponent(sessionId)}`, {
      authorization: `Bearer ${this.options.hostSecret}`,
    });
  }

  private async placed(sessionId: string): Promise<RemotePlacement> {
    const placement = await this.options.placement(sessionId);
    if (!placement) throw new Error(`session ${sessionId} has no browser on any host`);
    return placement;
  }

  private filePath(sessionId: string, fileName: string): string {
    return `/sessions/${encodeURIComponent(sessionId)}/files/${encodeURIComponent(fileName)}`;
  }

  private call(
    placement: RemotePlacement,
    method: string,
    path: string,
    init: { body?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    return this.fetch(`${placement.address}${path}`, {
      method,
      headers: {
        ...this.options.requestHeaders?.(),
        authorization: `Bearer ${this.options.hostSecret}`,
        ...init.headers,
      },
      body: init.body ? new Blob([new Uint8Array(init.body)]) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  }
}
