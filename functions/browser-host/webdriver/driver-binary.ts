/**
 * The chromedriver behind sessions' WebDriver endpoints. ChromeDriver only drives a browser of its own major version,
 * so one is used only when its major is the browser's: Debian's `chromium-driver` beside Debian's `chromium`. The
 * bundled headless shell has no matching driver, and its sessions carry no `chromedriverUrl`.
 */
import { execFile } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export type DriverLookup = { path: string; version: string } | { reason: string };

/** The first `chromedriver` on PATH, or undefined. */
async function onPath(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'chromedriver');
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

/** The chromedriver to use with a browser of `browserVersion` (`156.0.8078.108`), or why there is none. */
export async function matchingChromedriver(browserVersion: string, explicitPath?: string): Promise<DriverLookup> {
  const path = explicitPath || (await onPath());
  if (!path) return { reason: 'no chromedriver is installed (none on PATH, CHROMEDRIVER_PATH unset)' };
  let version: string;
  try {
    const { stdout } = await execFileAsync(path, ['--version'], { timeout: 10_000 });
    const match = /ChromeDriver (\d+(?:\.\d+){3})/.exec(stdout);
    if (!match) return { reason: `${path} --version did not name a ChromeDriver version` };
    version = match[1]!;
  } catch (error) {
    return { reason: `${path} does not run: ${(error as Error).message}` };
  }
  const major = (v: string) => v.split('.')[0];
  if (major(version) !== major(browserVersion)) {
    return { reason: `chromedriver ${version} (${path}) does not match the browser's version ${browserVersion}` };
  }
  return { path, version };
}
