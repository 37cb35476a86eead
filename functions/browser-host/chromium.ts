import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { access, constants, mkdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import chromium from '@sparticuz/chromium';
import { unwrapLauncherScript } from './browser-kind.js';
import { ChromiumNotFoundError } from './errors.js';
import { keepSiteIsolation } from './isolation.js';
import { parseChromiumVersion } from './stealth/fingerprint.js';

const execFileAsync = promisify(execFile);

/** Flags from the serverless preset that do not suit a long-lived multi-process host. */
const DROPPED_PRESET_FLAGS = new Set([
  // One process per browser tab tree: a renderer crash must not take the browser down.
  '--single-process',
  // The zygote forks renderers cheaply; without it every tab pays a full exec.
  '--no-zygote',
  // Sessions browse real sites with real logins: the same-origin policy stays on.
  '--disable-web-security',
  '--allow-running-insecure-content',
]);

/** Keep an idle browser silent: no update checks, telemetry, sync or prefetch of its own. */
const QUIET_FLAGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--metrics-recording-only',
  '--disable-domain-reliability',
  '--disable-quic',
  '--disable-breakpad',
  '--disable-client-side-phishing-detection',
  '--disable-field-trial-config',
  '--safebrowsing-disable-auto-update',
  '--no-pings',
  '--no-service-autorun',
  // Merged by puppeteer with its own list (which already has Translate, MediaRouter, OptimizationHints).
  '--disable-features=AutofillServerCommunication,CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions',
];

export interface ChromiumArgsInput {
  userDataDir: string;
  /** `scheme://host:port` handed to `--proxy-server`; credentials are not supported at launch. */
  proxyServer?: string;
  /**
   * Send everything through `proxyServer`: loopback too (Chromium otherwise goes to localhost directly) and no WebRTC
   * UDP around the proxy. Set under the network guard, where the proxy is the only way out that gets checked.
   */
  proxyEverything?: boolean;
  windowSize?: { width: number; height: number };
  /** The desktop Chrome the browser passes for (stealth/fingerprint.ts); absent: it shows itself as it is. */
  /** `acceptLanguage`: the languages as Chrome's setting lists them (`de-DE,de`); Chrome weighs them in the header. */
  disguise?: { userAgent: string; locale: string; acceptLanguage: string };
  /** Unpacked extension folders to load (a full Chromium only); every other extension stays off. */
  extensionDirs?: string[];
}

export const DEFAULT_WINDOW = { width: 1280, height: 720 };

/** Launch flags for one session browser; puppeteer adds its own defaults and `--headless` on top. */
export function chromiumArgs(input: ChromiumArgsInput): string[] {
  const preset = keepSiteIsolation(chromium.args).filter(
    (flag) => !DROPPED_PRESET_FLAGS.has(flag) && !flag.startsWith('--headless'),
  );
  const window = input.windowSize ?? DEFAULT_WINDOW;
  const args = [
    ...preset,
    ...QUIET_FLAGS,
    // The host runs as root in its container and Chromium refuses to start its sandbox as root;
    // isolation comes from the container and one browser process tree per session instead.
    '--no-sandbox',
    `--user-data-dir=${input.userDataDir}`,
    `--window-size=${window.width},${window.height}`,
  ];
  if (input.disguise) {
    // Launch flags reach every context, workers of every kind included, before any override can: no
    // `navigator.webdriver`, and the user agent and languages of the disguise as the browser's own.
    args.push(
      '--disable-blink-features=AutomationControlled',
      `--user-agent=${input.disguise.userAgent}`,
      `--lang=${input.disguise.locale}`,
      `--accept-lang=${input.disguise.acceptLanguage}`,
    );
  }
  if (input.extensionDirs?.length) {
    const dirs = input.extensionDirs.join(',');
    // Chromium builds that drop `--load-extension` by default (Chrome 137 and later) keep it behind this feature.
    args.push(
      `--load-extension=${dirs}`,
      `--disable-extensions-except=${dirs}`,
      '--disable-features=DisableLoadExtensionCommandLineSwitch',
    );
  }
  if (input.proxyServer) args.push(`--proxy-server=${input.proxyServer}`);
  if (input.proxyServer && input.proxyEverything) {
    args.push('--proxy-bypass-list=<-loopback>', '--force-webrtc-ip-handling-policy=disable_non_proxied_udp');
  }
  return [...new Set(args)];
}

const versions = new Map<string, Promise<string>>();

/** The Chromium version of a binary (`147.0.7727.0` from `Chromium 147.0.7727.0`), asked once per path. */
export function chromiumVersion(executablePath: string): Promise<string> {
  let version = versions.get(executablePath);
  if (!version) {
    version = execFileAsync(executablePath, ['--version'], { timeout: 10_000 }).then(({ stdout }) =>
      parseChromiumVersion(stdout),
    );
    version.catch(() => versions.delete(executablePath));
    versions.set(executablePath, version);
  }
  return version;
}

let bundledPath: Promise<string> | undefined;

/** The CHROMIUM_PATH value that asks for the bundled binary even where a system Chromium is installed. */
export const BUNDLED_CHROMIUM = 'bundled';

/**
 * The Chromium binary to run: an explicit path (checked to be executable; a distribution's launcher script stands
 * for the binary it runs, see browser-kind.ts) or the one bundled in `@sparticuz/chromium`, unpacked once per
 * machine. Concurrent callers share one unpack.
 */
export function resolveChromiumPath(explicitPath?: string): Promise<string> {
  if (explicitPath && explicitPath !== BUNDLED_CHROMIUM)
    return checkExecutable(explicitPath).then(unwrapLauncherScript);
  bundledPath ??= unpackBundledChromium().catch((error: unknown) => {
    bundledPath = undefined;
    throw error;
  });
  return bundledPath;
}

async function checkExecutable(path: string): Promise<string> {
  try {
    await access(path, constants.X_OK);
    return path;
  } catch (error) {
    throw new ChromiumNotFoundError(path, error);
  }
}

const LOCK_STALE_MS = 120_000;
const LOCK_POLL_MS = 150;

/**
 * The preset unpacks straight into `$TMPDIR/chromium` with no atomic rename and treats any existing
 * file as complete, so two processes starting together can run a half-written binary. A lock
 * directory serialises the unpack across processes and a marker records which bundle it came from.
 */
async function unpackBundledChromium(): Promise<string> {
  const lockDir = join(tmpdir(), '.sessionhost-chromium.lock');
  const marker = join(tmpdir(), '.sessionhost-chromium.ok');
  const fingerprint = await bundleFingerprint();
  for (;;) {
    if ((await readFile(marker, 'utf8').catch(() => '')) === fingerprint) return chromium.executablePath();
    try {
      await mkdir(lockDir);
    } catch {
      const lockAge = Date.now() - ((await stat(lockDir).catch(() => undefined))?.mtimeMs ?? Date.now());
      if (lockAge > LOCK_STALE_MS) await rm(lockDir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      continue;
    }
    try {
      // Without our marker the file may be a torn write or another bundle's binary: start over.
      await unlink(join(tmpdir(), 'chromium')).catch(() => undefined);
      const path = await chromium.executablePath();
      await writeFile(marker, fingerprint);
      return path;
    } finally {
      await rm(lockDir, { recursive: true, force: true });
    }
  }
}

/**
 * What identifies the bundled binary: the package's version and the archive's size. Not its mtime: installs of the
 * same package in two checkouts get different mtimes, and each would then unlink and unpack the binary under the
 * other's starting browsers (launches failing with ETXTBSY).
 */
export async function bundleFingerprint(packageDir = bundledPackageDir()): Promise<string> {
  const [info, manifest] = await Promise.all([
    stat(join(packageDir, 'bin', 'chromium.br')),
    readFile(join(packageDir, 'package.json'), 'utf8'),
  ]);
  const { version } = JSON.parse(manifest) as { version?: string };
  return `chromium.br:${version ?? 'unknown'}:${info.size}`;
}

function bundledPackageDir(): string {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  return join(dirname(entry), '..', '..');
}
