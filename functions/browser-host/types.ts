import type { BlobTree } from '../ports/blobs.js';
import type { LaunchedBrowser } from './launcher.js';
import type { BrowserKind } from './browser-kind.js';
import type { DisguiseSettings } from './stealth/fingerprint.js';

/**
 * Why a session's browser went away; reported exactly once per session. `storageLimit`: its user-data-dir took more
 * of the disk than `maxStorageBytes` (storage-watch.ts).
 */
export type SessionEndReason = 'released' | 'idle' | 'crashed' | 'shutdown' | 'storageLimit';

export interface AcquireOptions {
  /** Release with reason 'idle' after this long without `touch` or proxied CDP traffic. */
  idleTimeoutMs: number;
  /** `scheme://host:port` (http, https, socks4, socks5). Forces a cold launch. */
  proxyServer?: string;
  /** Credentials for an http/https `proxyServer`: the browser then goes through a loopback relay that adds them. */
  proxyCredentials?: { username: string; password: string };
  /**
   * Only hosts matching one of these globs (`*.example.com`; `*` any sequence, `?` one character) use `proxyServer`;
   * the others go direct, or through the network guard when it is on. Absent, or containing `*`: every host uses it.
   */
  proxyDomainPatterns?: string[];
  /** Absolute path of a saved user-data-dir to start from (copied). Forces a cold launch. */
  profileDir?: string;
  /**
   * The browser presents itself as a desktop Chrome (stealth/), in this locale (default `en-US`) and timezone
   * (default: the host's). `false`: shown as the headless browser it is, for debugging; forces a cold launch.
   */
  disguise?: DisguiseSettings | false;
  /** Extensions of the host's extensions directory to load (a full Chromium only). Forces a cold launch. */
  extensionIds?: string[];
}

/** The browser a started host runs (browser-kind.ts). */
export interface HostBrowser {
  executablePath: string;
  kind: BrowserKind;
  version: string;
  /** Extensions sessions may ask for; undefined when this browser cannot load any. */
  extensionIds?: readonly string[];
}

export interface AcquiredBrowser {
  /** Direct DevTools endpoint on 127.0.0.1; hand clients the CDP proxy path instead. */
  wsEndpoint: string;
  pid: number;
  userDataDir: string;
  /** True when the browser came from the warm pool. */
  warm: boolean;
}

export interface SessionStats {
  sessionId: string;
  pid: number;
  /** Epoch milliseconds. */
  startedAt: number;
  /** Epoch milliseconds of the last `touch` or proxied CDP message. */
  lastActivity: number;
}

export interface HostStats {
  capacity: number;
  /** Session slots in use, including browsers still starting or being closed. */
  live: number;
  /** Idle pre-launched browsers. */
  warm: number;
  sessions: SessionStats[];
}

export interface UserDataDirHandoff {
  sessionId: string;
  userDataDir: string;
  reason: SessionEndReason;
}

export type HostLogLevel = 'info' | 'warn' | 'error';
export type HostLogger = (level: HostLogLevel, message: string, fields?: Record<string, unknown>) => void;

/** Where a host fetches extensions from at start (extensions/fetch.ts). */
export interface ExtensionSource {
  objects: BlobTree;
  /** Key prefix the extension folders sit under: `extensions/`, or '' for the top of the bucket. */
  prefix: string;
}

export interface BrowserHostOptions {
  /** Most sessions live at once; `acquire` beyond it throws `CapacityError`. */
  capacity: number;
  /** Pre-launched browsers kept ready (never more than the free capacity). Default 2. */
  warmPoolSize?: number;
  /** Chromium executable; default: the binary bundled in @sparticuz/chromium. */
  chromiumPath?: string;
  /** One unpacked extension per subfolder, named by its id (extensions/catalog.ts). */
  extensionsDir?: string;
  /**
   * Extensions kept in a bucket, copied into `extensionsDir` (default `{workDir}/extensions`) at start, before the
   * first browser launches (extensions/fetch.ts).
   */
  extensionSource?: ExtensionSource;
  /** Parent of all user-data-dirs. Default `os.tmpdir()/sessionhost-browsers`. */
  workDir?: string;
  /** How often idle sessions are looked for. Default 1000 ms. */
  idleCheckMs?: number;
  launchTimeoutMs?: number;
  /** Time a closing browser gets to exit before its process group is signalled. Default 3000 ms. */
  closeGraceMs?: number;
  /**
   * Runs after a session's browser has fully exited (profile flushed) and before its
   * user-data-dir is deleted, for every end reason: the place to copy a profile out.
   * A throw is logged; the directory is removed regardless.
   */
  beforeRemoveUserDataDir?: (handoff: UserDataDirHandoff) => Promise<void> | void;
  log?: HostLogger;
  /**
   * Keep the browsers out of the network the host runs in: every request goes through a guard that refuses loopback,
   * link-local and private addresses, except those in `allow` (host names, addresses, CIDR ranges). A session's own
   * upstream proxy is checked the same way before its browser starts. Default: off.
   */
  networkGuard?: { allow?: string[] };
  /** Most windows (tabs) one session's browser may hold; those opened past it are closed at once. Default: no cap. */
  maxWindows?: number;
  /**
   * Most disk one session's user-data-dir may take (allocated blocks: what pages store, caches, the profile); past it
   * the session ends with reason 'storageLimit' (storage-watch.ts). Default: no cap.
   */
  maxStorageBytes?: number;
  /** How often each session's user-data-dir is measured against `maxStorageBytes`. Default 2000 ms. */
  storageCheckMs?: number;
}

export interface BrowserHostEvents {
  sessionEnded: [sessionId: string, reason: SessionEndReason];
}

/** A host's record of one session (internal). */
export interface Session {
  id: string;
  idleTimeoutMs: number;
  startedAt: number;
  lastActivity: number;
  browser?: LaunchedBrowser;
  fromWarmPool?: boolean;
  starting?: Promise<void>;
  ending?: Promise<void>;
  /** The loopback relay that authenticates to the session's upstream proxy, when it has credentials. */
  relay?: { close(): Promise<void> };
}

export type HostState = 'new' | 'starting' | 'running' | 'stopping' | 'stopped';
