/**
 * What a Chromium binary is, so that one launcher can run either: the headless shell (`@sparticuz/chromium`, Chrome
 * for Testing's `chrome-headless-shell`, Debian's `chromium-headless-shell`), which cannot load extensions and has no
 * matching chromedriver, or a full Chromium (Debian's `chromium`) run in its new headless mode.
 */
import { access, constants, open, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export type BrowserKind = 'headless-shell' | 'full';

/** Where distributions put a full Chromium; the first one present is used by `npm start` when CHROMIUM_PATH is unset. */
export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'] as const;

/**
 * The kind of the binary at `path`. A full build ships its UI resource packs beside the binary
 * (`chrome_100_percent.pak`); a headless shell has none, or says so in its name when a distribution installs it
 * next to the full browser's files.
 */
export async function browserKind(path: string): Promise<BrowserKind> {
  if (/headless/i.test(basename(path))) return 'headless-shell';
  const packed = await access(join(dirname(path), 'chrome_100_percent.pak'), constants.R_OK).then(
    () => true,
    () => false,
  );
  return packed ? 'full' : 'headless-shell';
}

/**
 * The binary behind a launcher script. Debian's `/usr/bin/chromium` is a shell script that exports Google API keys,
 * sources /etc/chromium.d (which adds `--load-extension` of its own) and then runs `$LIBDIR/$APPNAME`: the host runs
 * that binary itself, so that its flags and environment are its own. Anything that is not such a script is itself.
 */
export async function unwrapLauncherScript(path: string): Promise<string> {
  const head = await readHead(path);
  if (!head.startsWith('#!')) return path;
  const script = await readFile(path, 'utf8').catch(() => '');
  const appName = /^APPNAME=["']?([^"'\s]+)/m.exec(script)?.[1];
  // Debian writes `LIBDIR=/usr/lib/$APPNAME`.
  const libDir = appName
    ? /^LIBDIR=["']?([^"'\s]+)/m.exec(script)?.[1]?.replace(/\$\{?APPNAME\}?/g, appName)
    : undefined;
  if (!libDir || !appName || libDir.includes('$') || appName.includes('$')) return path;
  const binary = join(libDir, appName);
  return access(binary, constants.X_OK).then(
    () => binary,
    () => path,
  );
}

async function readHead(path: string): Promise<string> {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return '';
  try {
    const buffer = Buffer.alloc(2);
    const { bytesRead } = await file.read(buffer, 0, 2, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await file.close();
  }
}

/** The first system Chromium installed here (its launcher script's binary), or undefined. */
export async function findSystemChromium(
  candidates: readonly string[] = SYSTEM_CHROMIUM_PATHS,
): Promise<string | undefined> {
  for (const candidate of candidates) {
    const found = await access(candidate, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (found) return candidate;
  }
  return undefined;
}
