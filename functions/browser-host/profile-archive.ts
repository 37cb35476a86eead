/**
 * A browser profile as a portable archive: the parts of a Chromium user-data-dir that carry a user's state
 * (cookies, local and session storage, IndexedDB, preferences), tar + gzip. Caches, crash reports, metrics and
 * lock files are left out: they are large, rebuilt on demand, and a lock copied into another browser's directory
 * would make Chromium think the profile is still in use.
 */
import { mkdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { create, extract } from 'tar';

/** Whole directories (by name, anywhere in the tree) that hold only caches or diagnostics. */
const SKIPPED_DIRS = new Set([
  'Cache',
  'Code Cache',
  'GPUCache',
  'GrShaderCache',
  'GraphiteDawnCache',
  'DawnGraphiteCache',
  'DawnWebGPUCache',
  'ShaderCache',
  'CacheStorage',
  'ScriptCache',
  'component_crx_cache',
  'extensions_crx_cache',
  'Crashpad',
  'Crash Reports',
  'BrowserMetrics',
  'Safe Browsing',
  'segmentation_platform',
  'optimization_guide_model_store',
  'optimization_guide_hint_cache_store',
  'Download Service',
]);

/** Files that only mean "a browser has this directory open" (Chromium's singleton, LevelDB's and SQLite's locks). */
const SKIPPED_FILES = new Set([
  'SingletonLock',
  'SingletonSocket',
  'SingletonCookie',
  'LOCK',
  'lockfile',
  'RunningChromeVersion',
]);

/** The largest archive kept: a profile beyond this is mostly something other than logins and storage. */
export const MAX_PROFILE_ARCHIVE_BYTES = 64 * 1024 * 1024;

export class ProfileTooLargeError extends Error {
  constructor(bytes: number) {
    super(`the profile archive is over ${MAX_PROFILE_ARCHIVE_BYTES} bytes (${bytes} so far) and is not kept`);
    this.name = 'ProfileTooLargeError';
  }
}

const kept = (path: string): boolean => {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => SKIPPED_DIRS.has(part) || part.startsWith('BrowserMetrics'))) return false;
  const name = parts.at(-1) ?? '';
  return !SKIPPED_FILES.has(name);
};

/** Archives `userDataDir` (whose browser has exited, so its files are flushed). */
export const archiveProfile = async (userDataDir: string): Promise<Buffer> => {
  const stream = create({ gzip: true, cwd: userDataDir, portable: true, filter: (path) => kept(path) }, [
    '.',
  ]) as unknown as Readable;
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    if (bytes > MAX_PROFILE_ARCHIVE_BYTES) {
      stream.destroy();
      throw new ProfileTooLargeError(bytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

/**
 * Unpacks an archive made by `archiveProfile` into `userDataDir` (created when absent). Entries that would leave
 * the directory (absolute paths, `..`) are refused by tar itself; links are not followed out of it.
 */
export const extractProfile = async (archive: Buffer, userDataDir: string): Promise<void> => {
  await mkdir(userDataDir, { recursive: true });
  const sink = extract({ cwd: userDataDir, strict: true, filter: (path) => kept(path) });
  await new Promise<void>((resolve, reject) => {
    sink.on('error', reject);
    sink.on('close', resolve);
    sink.on('finish', resolve);
    sink.end(archive);
  });
};
