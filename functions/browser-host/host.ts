import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserKind, type BrowserKind } from './browser-kind.js';
import { chromiumVersion, resolveChromiumPath } from './chromium.js';
import { loadExtensionCatalog, NO_EXTENSIONS, type ExtensionCatalog } from './extensions/catalog.js';
import { fetchExtensions } from './extensions/fetch.js';
import { removeDir } from './cleanup.js';
import {
  CapacityError,
  ExtensionsUnsupportedError,
  HostStoppedError,
  SessionEndedDuringStartError,
  SessionExistsError,
} from './errors.js';
import { BrowserLauncher } from './launcher.js';
import { createWarmPool, defaultLog, disposeHostDir, prepareHostDir } from './host-setup.js';
import { ControlPorts } from './control-ports.js';
import { startNetworkGuard, type NetworkGuard } from './network-guard.js';
import { vetUpstreamProxy } from './network-guard/upstream-proxy.js';
import type { WarmPool } from './pool.js';
import { startProxyRelay, type ProxyRelay } from './proxy-relay.js';
import { validateAcquire } from './session-options.js';
import { StorageWatch } from './storage-watch.js';
import type {
  AcquiredBrowser,
  AcquireOptions,
  BrowserHostEvents,
  BrowserHostOptions,
  HostLogger,
  HostState,
  HostStats,
  HostBrowser,
  Session,
  SessionEndReason,
} from './types.js';

/**
 * Owns one Chromium process tree per session, a warm pool of spare browsers, idle expiry, the cap on each
 * session's disk, and cleanup. Knows nothing of API keys or records: callers decide who may do what.
 * Emits `sessionEnded(sessionId, reason)` exactly once for every session that got a browser.
 */
export class BrowserHost extends EventEmitter<BrowserHostEvents> {
  readonly capacity: number;
  private readonly warmPoolSize: number;
  private readonly workDir: string;
  private readonly log: HostLogger;
  private readonly sessions = new Map<string, Session>();
  private state: HostState = 'new';
  private started?: Promise<void>;
  private stopped?: Promise<void>;
  private hostDir = '';
  private launcher?: BrowserLauncher;
  private pool?: WarmPool;
  private guard?: NetworkGuard;
  private idleTimer?: NodeJS.Timeout;
  private storageWatch?: StorageWatch;
  private extensions: ExtensionCatalog = NO_EXTENSIONS;
  private browserInfo?: HostBrowser;
  /** The loopback ports of this host's browsers, drivers and guard, which no page or webhook may reach. */
  readonly controlPorts = new ControlPorts();

  constructor(private readonly options: BrowserHostOptions) {
    super();
    if (!Number.isInteger(options.capacity) || options.capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.capacity = options.capacity;
    const { maxStorageBytes } = options;
    if (maxStorageBytes !== undefined && !(Number.isSafeInteger(maxStorageBytes) && maxStorageBytes > 0))
      throw new RangeError('maxStorageBytes must be a positive integer');
    this.warmPoolSize = Math.max(0, options.warmPoolSize ?? 2);
    this.workDir = options.workDir ?? join(tmpdir(), 'sessionhost-browsers');
    this.log = options.log ?? defaultLog;
  }

  /** Resolves Chromium, clears leftovers of a crashed predecessor and fills the warm pool. */
  start(): Promise<void> {
    this.started ??= this.doStart().catch(async (error: unknown) => {
      // Leave the host startable again (e.g. once CHROMIUM_PATH is fixed).
      await this.closeGuard();
      if (this.state === 'starting') this.state = 'new';
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  private async doStart(): Promise<void> {
    this.state = 'starting';
    const executablePath = await resolveChromiumPath(this.options.chromiumPath);
    const [kind, version] = await Promise.all([browserKind(executablePath), chromiumVersion(executablePath)]);
    // Fetched before the catalog is read and the first browser launches: sessions never see a partial set.
    const extensionSource = this.options.extensionSource;
    const extensionsDir = this.options.extensionsDir ?? (extensionSource && join(this.workDir, 'extensions'));
    if (extensionSource && extensionsDir) await fetchExtensions(extensionSource, extensionsDir, this.log);
    this.extensions = await loadExtensionCatalog(extensionsDir, (name, why) =>
      this.log('warn', 'an entry of the extensions directory is skipped', { name, why }),
    );
    this.browserInfo = {
      executablePath,
      kind,
      version,
      extensionIds: kind === 'full' ? this.extensions.ids : undefined,
    };
    this.log(
      'info',
      `browser: ${kind === 'full' ? 'full Chromium (new headless mode)' : 'headless shell'} ${version}`,
      {
        executablePath,
        extensions: kind === 'full' ? this.extensions.ids : 'unsupported by this browser',
      },
    );
    // Always between the browsers and the network: where private addresses are let through, it still keeps every
    // page off the host's own control ports (control-ports.ts).
    const blocking = this.options.networkGuard !== undefined;
    this.guard = await startNetworkGuard({
      allow: this.options.networkGuard?.allow,
      policy: blocking ? undefined : () => undefined,
      reserved: this.controlPorts,
      log: this.log,
    });
    this.controlPorts.holdUrl(this.guard.url);
    if (blocking)
      this.log('info', 'network guard on: browsers cannot reach loopback, link-local or private addresses', {
        url: this.guard.url,
        allow: this.options.networkGuard?.allow ?? [],
      });
    else
      this.log(
        'info',
        "network guard on for the host's own control ports only: pages may reach loopback and private addresses",
        {
          url: this.guard.url,
        },
      );
    this.hostDir = await prepareHostDir(this.workDir, this.log);
    const { launchTimeoutMs, closeGraceMs, maxWindows } = this.options;
    const networkGuardUrl = this.guard?.url;
    this.launcher = new BrowserLauncher({
      executablePath,
      kind,
      browsersDir: this.hostDir,
      launchTimeoutMs,
      closeGraceMs,
      networkGuardUrl,
      maxWindows,
      controlPorts: this.controlPorts,
    });
    // Spare browsers only while serving, and never more than the slots still free.
    const poolTarget = () =>
      this.state === 'running' ? Math.min(this.warmPoolSize, this.capacity - this.sessions.size) : 0;
    this.pool = createWarmPool(this.launcher, poolTarget, this.log);
    if (this.state !== 'starting') return; // shut down while starting
    this.state = 'running';
    this.idleTimer = setInterval(() => this.expireIdle(), this.options.idleCheckMs ?? 1_000);
    this.idleTimer.unref();
    this.watchStorage();
    this.pool.refill();
  }

  /** Ends a session whose user-data-dir outgrows `maxStorageBytes`; warm browsers run no page and are not watched. */
  private watchStorage(): void {
    const maxBytes = this.options.maxStorageBytes;
    if (maxBytes === undefined) return;
    this.storageWatch = new StorageWatch({
      maxBytes,
      everyMs: this.options.storageCheckMs ?? 2_000,
      sessions: () => this.runningSessions(),
      over: (sessionId, bytes) => {
        const session = this.sessions.get(sessionId);
        if (!session?.browser || session.ending) return;
        this.log('warn', "a session's browser storage passed its cap; ending the session", {
          sessionId,
          bytes,
          maxBytes,
        });
        void this.end(session, 'storageLimit');
      },
      log: this.log,
    });
    this.storageWatch.start();
  }

  private *runningSessions(): Iterable<{ id: string; userDataDir: string }> {
    for (const session of this.sessions.values())
      if (session.browser && !session.starting && !session.ending)
        yield { id: session.id, userDataDir: session.browser.userDataDir };
  }

  /** The binary sessions run, what it is and which extensions it may load; undefined until started. */
  browser(): HostBrowser | undefined {
    return this.browserInfo;
  }

  /** `profileArchive`: a saved profile (profile-archive.ts) the new browser starts from; forces a cold launch. */
  async acquire(sessionId: string, options: AcquireOptions & { profileArchive?: Buffer }): Promise<AcquiredBrowser> {
    if (this.state !== 'running') throw new HostStoppedError();
    validateAcquire(sessionId, options);
    const extensionDirs = this.extensionFolders(options.extensionIds);
    if (this.sessions.has(sessionId)) throw new SessionExistsError(sessionId);
    if (this.sessions.size >= this.capacity) throw new CapacityError(this.capacity);
    const now = Date.now();
    const session: Session = { id: sessionId, idleTimeoutMs: options.idleTimeoutMs, startedAt: now, lastActivity: now };
    this.sessions.set(sessionId, session);
    session.starting = this.attachBrowser(session, { ...options, extensionDirs });
    try {
      await session.starting;
    } catch (error) {
      if (!session.ending) this.sessions.delete(sessionId);
      this.pool?.refill();
      throw error;
    } finally {
      session.starting = undefined;
    }
    if (session.ending) throw new SessionEndedDuringStartError(sessionId);
    const browser = session.browser!;
    session.lastActivity = Date.now();
    return {
      wsEndpoint: browser.wsEndpoint,
      pid: browser.pid,
      userDataDir: browser.userDataDir,
      warm: session.fromWarmPool === true,
    };
  }

  /** The unpacked folders of the session's extensions; refused before a slot is taken when the browser cannot load them. */
  private extensionFolders(ids: string[] | undefined): string[] {
    if (!ids || ids.length === 0) return [];
    if (this.browserInfo?.kind !== 'full') throw new ExtensionsUnsupportedError();
    return this.extensions.folders(ids);
  }

  private async attachBrowser(
    session: Session,
    options: AcquireOptions & { profileArchive?: Buffer; extensionDirs: string[] },
  ): Promise<void> {
    // An undisguised browser is launched for the session: the warm ones are all disguised (and load no extension).
    const needsLaunchOptions =
      options.proxyServer !== undefined ||
      options.profileDir !== undefined ||
      options.profileArchive !== undefined ||
      options.disguise === false ||
      options.extensionDirs.length > 0;
    // A miss while a warm launch is in flight waits for that launch rather than starting a second one beside it.
    const warm = needsLaunchOptions ? undefined : await this.pool!.takeOrWait();
    if (!warm && this.state !== 'running') throw new HostStoppedError();
    if (warm && options.disguise && (options.disguise.locale || options.disguise.timezone)) {
      try {
        await warm.disguise?.update((await this.launcher!.fingerprint(options.disguise))!);
      } catch (error) {
        await this.launcher!.stop(warm).catch(() => undefined);
        await removeDir(warm.userDataDir);
        throw error;
      }
    }
    let proxyServer = options.proxyServer;
    if (proxyServer && this.guard) proxyServer = await vetUpstreamProxy(this.guard, proxyServer, this.controlPorts);
    if (proxyServer && options.proxyCredentials) {
      session.relay = await startProxyRelay(
        { server: proxyServer, ...options.proxyCredentials },
        { controlPorts: this.controlPorts },
      );
      proxyServer = (session.relay as ProxyRelay).url;
    }
    const { proxyDomainPatterns, profileDir, profileArchive, disguise, extensionDirs } = options;
    const browser =
      warm ??
      (await this.launcher!.launch({
        proxyServer,
        proxyDomainPatterns,
        profileDir,
        profileArchive,
        disguise,
        extensionDirs,
      }));
    session.browser = browser;
    session.fromWarmPool = warm !== undefined;
    void browser.exited.then(() => {
      if (!session.ending) void this.end(session, 'crashed');
    });
  }

  /** Closes the session's browser and removes its user-data-dir. False if the session is unknown. */
  async release(sessionId: string, reason: SessionEndReason = 'released'): Promise<boolean> {
    const session = this.sessions.get(sessionId);
    if (!session) return false;
    await this.end(session, reason);
    return true;
  }

  /** Marks the session as active now, postponing its idle expiry. False if the session is unknown. */
  touch(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    if (!session || session.ending) return false;
    session.lastActivity = Date.now();
    return true;
  }

  /** The browser's own DevTools endpoint, for the CDP proxy; undefined unless the session is usable. */
  endpointOf(sessionId: string): string | undefined {
    const session = this.sessions.get(sessionId);
    if (!session || session.starting || session.ending) return undefined;
    return session.browser?.wsEndpoint;
  }

  /** Settles once the session's disguise has the worker stopped before its first script (cdp-worker-hold.ts). */
  workerArmed(sessionId: string, targetId: string): Promise<void> | undefined {
    return this.sessions.get(sessionId)?.browser?.disguise?.armed(targetId);
  }

  /** Started and not shutting down: what a readiness check asks. */
  isRunning(): boolean {
    return this.state === 'running';
  }

  stats(): HostStats {
    const sessions = [...this.sessions.values()]
      .filter((s) => s.browser)
      .map((s) => ({ sessionId: s.id, pid: s.browser!.pid, startedAt: s.startedAt, lastActivity: s.lastActivity }));
    return { capacity: this.capacity, live: this.sessions.size, warm: this.pool?.size ?? 0, sessions };
  }

  /** Ends every session with reason 'shutdown', empties the pool and removes this host's directory. */
  shutdown(): Promise<void> {
    this.stopped ??= this.doShutdown();
    return this.stopped;
  }

  private async doShutdown(): Promise<void> {
    const wasStarting = this.state === 'starting';
    this.state = 'stopping';
    if (wasStarting) await this.started?.catch(() => undefined);
    clearInterval(this.idleTimer);
    await this.storageWatch?.stop();
    await Promise.allSettled([...this.sessions.values()].map((s) => this.end(s, 'shutdown')));
    await this.pool?.drain();
    await this.closeGuard();
    if (this.hostDir) await disposeHostDir(this.hostDir);
    this.state = 'stopped';
  }

  private async closeGuard(): Promise<void> {
    await this.guard?.close();
    this.guard = undefined;
  }

  private expireIdle(): void {
    const now = Date.now();
    for (const session of this.sessions.values()) {
      if (!session.browser || session.starting || session.ending) continue;
      if (now - session.lastActivity > session.idleTimeoutMs) void this.end(session, 'idle');
    }
  }

  private end(session: Session, reason: SessionEndReason): Promise<void> {
    session.ending ??= this.finish(session, reason);
    return session.ending;
  }

  private async finish(session: Session, reason: SessionEndReason): Promise<void> {
    await session.starting?.catch(() => undefined);
    await session.relay?.close().catch(() => undefined);
    const browser = session.browser;
    if (browser) {
      const { id: sessionId } = session;
      const { userDataDir } = browser;
      const hook = this.options.beforeRemoveUserDataDir;
      await this.attempt('stopping browser', sessionId, () => this.launcher!.stop(browser));
      if (hook)
        await this.attempt('beforeRemoveUserDataDir hook', sessionId, () => hook({ sessionId, userDataDir, reason }));
      await this.attempt('removing user-data-dir', sessionId, () => removeDir(userDataDir));
    }
    this.sessions.delete(session.id);
    this.pool?.refill();
    if (!browser) return; // the launch failed and acquire already reported it
    this.log('info', 'session ended', { sessionId: session.id, reason });
    await this.attempt('sessionEnded listener', session.id, () => this.emit('sessionEnded', session.id, reason));
  }

  /** Each cleanup step logs its own failure and lets the next run: a session must always end. */
  private async attempt(what: string, sessionId: string, step: () => unknown): Promise<void> {
    try {
      await step();
    } catch (error) {
      this.log('error', `${what} failed`, { sessionId, error: String(error) });
    }
  }
}
