import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { claimHostDir, hostDirName, releaseHostDir, removeDir, removeStaleHostDirs } from './cleanup.js';
import type { BrowserLauncher } from './launcher.js';
import { WarmPool } from './pool.js';
import type { HostLogger } from './types.js';

export const defaultLog: HostLogger = (level, message, fields) => {
  if (level !== 'info') console.error(JSON.stringify({ level, component: 'browser-host', message, ...fields }));
};

/** Creates this host's own directory under `workDir` after clearing what dead hosts left there. */
export async function prepareHostDir(workDir: string, log: HostLogger): Promise<string> {
  // Profiles, cookies and downloads of every session live below: for the user running the host only.
  await mkdir(workDir, { recursive: true, mode: 0o700 });
  const hostDir = join(workDir, hostDirName(randomBytes(4).toString('hex')));
  claimHostDir(hostDir);
  const stale = await removeStaleHostDirs(workDir, hostDir);
  if (stale.length > 0) log('warn', 'removed leftovers of an earlier host', { dirs: stale });
  await mkdir(hostDir, { recursive: true, mode: 0o700 });
  return hostDir;
}

export async function disposeHostDir(hostDir: string): Promise<void> {
  await removeDir(hostDir).catch(() => undefined);
  releaseHostDir(hostDir);
}

export function createWarmPool(launcher: BrowserLauncher, target: () => number, log: HostLogger): WarmPool {
  return new WarmPool({
    launch: () => launcher.launch(),
    discard: async (browser) => {
      await launcher.stop(browser);
      await removeDir(browser.userDataDir);
    },
    target,
    onError: (error) => log('warn', 'warm pool could not launch or discard a browser', { error: String(error) }),
  });
}
