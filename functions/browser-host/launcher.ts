import { randomUUID } from 'node:crypto';
import { cp, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ControlPorts } from './control-ports.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { BrowserKind } from './browser-kind.js';
import { chromiumArgs, chromiumVersion } from './chromium.js';
import { killProcessGroup, removeDir } from './cleanup.js';
import { BrowserLaunchError, ExtensionsUnsupportedError } from './errors.js';
import { matchesEverything } from './domain-patterns.js';
import { browserEnvironment } from './isolation.js';
import { extractProfile } from './profile-archive.js';
import { keepSessionCookies, restoreSessionCookies } from './session-cookies.js';
import { startProxyRelay, type ProxyRelay } from './proxy-relay.js';
import { Disguise } from './stealth/disguise.js';
import { capWindows } from './window-cap.js';
import { acceptDialogs } from './dialogs.js';
import { buildFingerprint, type DisguiseSettings, type Fingerprint } from './stealth/fingerprint.js';
import { localeEnv } from './stealth/locale-env.js';

/** A running Chromium process tree owned by the host. */
export interface LaunchedBrowser {
  /** Host-side handle, for `close()` and the disguise's own CDP session; puppeteer itself attaches to no page. */
  browser: Browser;
  /** Main browser process; also the process-group id of its whole tree. */
  pid: number;
  userDataDir: string;
  /** Direct DevTools endpoint on 127.0.0.1; clients reach it through the CDP proxy. */
  wsEndpoint: string;
  /** Settles when the main process has exited, whatever the cause. */
  exited: Promise<void>;
  hasExited(): boolean;
  /** The loopback relay that routes the session's proxy rules; closed with the browser. */
  router?: ProxyRelay;
  /** What the browser's pages are told it is; absent when it was launched undisguised. */
  disguise?: Disguise;
}

export interface LaunchSpec {
  proxyServer?: string;
  /** Only hosts matching these globs use `proxyServer`; the others go direct (or through the network guard). */
  proxyDomainPatterns?: string[];
  /** A saved user-data-dir to start from; it is copied, never modified in place. */
  profileDir?: string;
  /** A saved profile archive (profile-archive.ts) to unpack into the new user-data-dir before launch. */
  profileArchive?: Buffer;
  /** Locale and timezone the browser presents as a desktop Chrome (the default), or `false` to show it as it is. */
  disguise?: DisguiseSettings | false;
  /** Unpacked extension folders the browser loads; a headless shell cannot (ExtensionsUnsupportedError). */
  extensionDirs?: string[];
}

export interface LauncherOptions {
  executablePath: string;
  /**
   * What the binary is (browser-kind.ts): a full Chromium runs in its new headless mode and may load extensions; a
   * headless shell is headless by build. Default: headless shell, the bundled binary.
   */
  kind?: BrowserKind;
  /** Parent of every user-data-dir this launcher creates. */
  browsersDir: string;
  launchTimeoutMs?: number;
  /** Time `close()` gets before the process group is signalled. */
  closeGraceMs?: number;
  /**
   * The host's network guard (`http://127.0.0.1:PORT`): every browser, warm ones included, goes through it unless
   * its session brings its own proxy, and none may bypass the proxy it has for loopback or WebRTC.
   */
  networkGuardUrl?: string;
  /** Most tabs a browser may hold (window-cap.ts); unset: no cap. */
  maxWindows?: number;
  /** Where each browser's DevTools port is recorded while it runs, for the guard to refuse (control-ports.ts). */
  controlPorts?: ControlPorts;
}

/** Left behind in a copied profile, these make Chromium think another browser still owns it. */
const PROFILE_LOCKS = ['SingletonLock', 'SingletonSocket', 'SingletonCookie'];

/** Starts of a browser that keeps crashing at start before the launch fails. */
export const START_TRIES = 3;

export class BrowserLauncher {
  constructor(private readonly options: LauncherOptions) {}

  /**
   * A browser killed by a signal before it printed its DevTools endpoint crashed at start: rare and not reproducible
   * on demand (seen once in hundreds of launches of a loaded host, and once twice in a row), so more tries with a
   * fresh profile are what a caller wants, up to START_TRIES starts in all. A browser that exits with a code (bad
   * flags, missing libraries) fails the same way again: no retry.
   */
  async launch(spec: LaunchSpec = {}): Promise<LaunchedBrowser> {
    for (let start = 1; ; start += 1) {
      try {
        return await this.launchOnce(spec);
      } catch (error) {
        if (!crashedAtStart(error) || start >= START_TRIES) throw error;
      }
    }
  }

  private async launchOnce(spec: LaunchSpec): Promise<LaunchedBrowser> {
    const kind = this.options.kind ?? 'headless-shell';
    const extensionDirs = spec.extensionDirs ?? [];
    if (extensionDirs.length > 0 && kind !== 'full') throw new ExtensionsUnsupportedError();
    const userDataDir = join(this.options.browsersDir, `b-${randomUUID()}`);
    let browser: Browser | undefined;
    let router: ProxyRelay | undefined;
    try {
      await this.prepareUserDataDir(userDataDir, spec.profileDir);
      if (spec.profileArchive) await extractProfile(spec.profileArchive, userDataDir);
      router = await this.startRouter(spec);
      const fingerprint = await this.fingerprint(spec.disguise);
      browser = await puppeteer.launch({
        executablePath: this.options.executablePath,
        args: chromiumArgs({
          userDataDir,
          proxyServer: router?.url ?? spec.proxyServer ?? this.options.networkGuardUrl,
          proxyEverything: this.options.networkGuardUrl !== undefined,
          ...(fingerprint
            ? {
                disguise: {
                  userAgent: fingerprint.userAgent,
                  locale: fingerprint.locale,
                  acceptLanguage: fingerprint.languages.join(','),
                },
              }
            : {}),
          extensionDirs,
        }),
        // `--headless` for the shell, `--headless=new` for a full Chromium: the same browser as a desktop one, no window.
        headless: kind === 'full' ? true : 'shell',
        // Puppeteer turns every extension off by default; the flags above allow exactly the session's own.
        ...(extensionDirs.length > 0 ? { ignoreDefaultArgs: ['--disable-extensions'] } : {}),
        // Not the host's environment: it holds the host's secrets and AWS credentials endpoint.
        env: {
          ...browserEnvironment(),
          ...(fingerprint ? await localeEnv(fingerprint) : {}),
        },
        pipe: false,
        defaultViewport: null,
        timeout: this.options.launchTimeoutMs ?? 30_000,
        // Shutdown belongs to the host; puppeteer's own handlers would race it (and exit on SIGINT).
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        // The host connection must not attach to the client's targets (see detachFromEverything).
        waitForInitialPage: false,
        targetFilter: () => false,
      });
      await detachFromEverything(browser);
      if (spec.profileArchive) await restoreSessionCookies(browser, userDataDir);
      await acceptDialogs(browser);
      const disguise = fingerprint ? await Disguise.attach(browser, fingerprint) : undefined;
      if (this.options.maxWindows !== undefined) await capWindows(browser, this.options.maxWindows);
      const launched = describe(browser, userDataDir);
      const release = this.options.controlPorts?.holdUrl(launched.wsEndpoint);
      if (release) void launched.exited.then(release);
      return { ...launched, ...(router ? { router } : {}), ...(disguise ? { disguise } : {}) };
    } catch (error) {
      await browser?.close().catch(() => undefined);
      await router?.close();
      await removeDir(userDataDir);
      throw new BrowserLaunchError(`Chromium failed to start: ${(error as Error).message}`, error);
    }
  }

  /** The fingerprint for a launch: the browser's own Chromium version, dressed as the settings say. */
  async fingerprint(settings: DisguiseSettings | false | undefined): Promise<Fingerprint | undefined> {
    if (settings === false) return undefined;
    const fingerprint = buildFingerprint(await chromiumVersion(this.options.executablePath), settings);
    return { ...fingerprint, headlessShell: (this.options.kind ?? 'headless-shell') === 'headless-shell' };
  }

  /** Stops the browser and everything it spawned; the user-data-dir stays for the caller. */
  async stop(launched: LaunchedBrowser): Promise<void> {
    const grace = this.options.closeGraceMs ?? 3_000;
    if (!launched.hasExited()) {
      // Browser.close lets Chromium flush cookies and storage, which a saved profile needs.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        (async () => {
          // Before Browser.close, which drops them; a profile saved from this directory keeps them (session-cookies.ts).
          await keepSessionCookies(launched.browser, launched.userDataDir).catch(() => undefined);
          await launched.browser.close().catch(() => undefined);
        })(),
        new Promise((resolve) => (timer = setTimeout(resolve, grace))),
      ]);
      clearTimeout(timer);
    }
    await killProcessGroup(launched.pid, 1_000);
    await launched.exited;
    await launched.router?.close();
  }

  /**
   * Proxy rules need routing by host, which `--proxy-server` cannot do (and the bundled Chromium has no PAC support):
   * a loopback relay sends matching hosts to the session's proxy and the others direct, or to the network guard so
   * that they are still checked. The browser itself then has one proxy, so the guard's launch flags keep holding.
   */
  private async startRouter(spec: LaunchSpec): Promise<ProxyRelay | undefined> {
    const patterns = spec.proxyDomainPatterns;
    if (!spec.proxyServer || !patterns || patterns.length === 0 || matchesEverything(patterns)) return undefined;
    return startProxyRelay(
      { server: spec.proxyServer },
      { domainPatterns: patterns, otherwise: this.options.networkGuardUrl, controlPorts: this.options.controlPorts },
    );
  }

  private async prepareUserDataDir(userDataDir: string, profileDir?: string): Promise<void> {
    if (!profileDir) {
      await mkdir(userDataDir, { recursive: true });
      return;
    }
    await cp(profileDir, userDataDir, { recursive: true, errorOnExist: false, force: true });
    await Promise.all(PROFILE_LOCKS.map((name) => rm(join(userDataDir, name), { force: true })));
  }
}

/**
 * Puppeteer's connection still auto-attaches to every tab and worker to filter them out, resuming each at once.
 * A worker starts on the first resume it reads, which could come before the disguise has stopped it before its
 * first script (cdp/worker-targets.ts), and a tab is paused for nothing: the host's connection attaches to no target.
 */
async function detachFromEverything(browser: Browser): Promise<void> {
  const session = await browser.target().createCDPSession();
  try {
    await session
      .connection()
      ?.send('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false, flatten: true });
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** Puppeteer's words for a browser process that ended before it was ready: a null exit code means a signal. */
function crashedAtStart(error: unknown): boolean {
  const cause = error instanceof BrowserLaunchError ? error.cause : undefined;
  return cause instanceof Error && /^Failed to launch the browser process:\s+Code: null\b/.test(cause.message);
}

function describe(browser: Browser, userDataDir: string): LaunchedBrowser {
  const child = browser.process();
  if (!child?.pid) throw new Error('launched browser has no process id');
  let exited = child.exitCode !== null || child.signalCode !== null;
  const exitedPromise = exited
    ? Promise.resolve()
    : new Promise<void>((resolve) =>
        child.once('exit', () => {
          exited = true;
          resolve();
        }),
      );
  return {
    browser,
    pid: child.pid,
    userDataDir,
    wsEndpoint: browser.wsEndpoint(),
    exited: exitedPromise,
    hasExited: () => exited,
  };
}
