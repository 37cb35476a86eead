/**
 * A browser profile as a portable archive: the parts of a Chromium user-data-dir that carry a user's state
 * (cookies, local and session storage, IndexedDB, preferences), tar + gzip. Caches, crash reports, metrics and
 * lock files are left out: they are large, rebuilt on demand, and a lock copied into another browser's directory
 * would make Chromium think the profile is still in use.
 */
import { once } from 'node:events';
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

/**
 * The most a profile may hold unpacked. A page can make a file gigabytes long that holds nothing (a sparse file in
 * its origin's private file system): it costs no disk and packs to a few megabytes of zeros, and unpacking it
 * would mean inflating all of them. Sizes are counted as the files say, before any is read or written.
 */
export const MAX_PROFILE_UNPACKED_BYTES = 1024 * 1024 * 1024;

/** What is fed to the unpacker at a time: a slice of zeros inflates to at most about a thousand times as much. */
const SLICE_BYTES = 4 * 1024;

export class ProfileTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileTooLargeError';
  }
}

const overArchive = (bytes: number) =>
  new ProfileTooLargeError(
    `the profile archive is over ${MAX_PROFILE_ARCHIVE_BYTES} bytes (${bytes} so far) and is not kept`,
  );
const overUnpacked = (bytes: number) =>
  new ProfileTooLargeError(
    `the profile's files add up to over ${MAX_PROFILE_UNPACKED_BYTES} bytes (${bytes} so far) and are not kept`,
  );

const kept = (path: string): boolean => {
  const parts = path.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => SKIPPED_DIRS.has(part) || part.startsWith('BrowserMetrics'))) return false;
  const name = parts.at(-1) ?? '';
  return !SKIPPED_FILES.has(name);
};

/** Archives `userDataDir` (whose browser has exited, so its files are flushed). */
export const archiveProfile = async (userDataDir: string): Promise<Buffer> => {
  // Files are counted by their size before they are read: a file too large is never packed (gzip over gigabytes
  // of a sparse file's zeros took 30 s and more).
  let unpacked = 0;
  const stream = create(
    {
      gzip: true,
      cwd: userDataDir,
      portable: true,
      filter: (path, stat) => {
        if (!kept(path)) return false;
        unpacked += typeof stat.size === 'number' ? stat.size : 0;
        return unpacked <= MAX_PROFILE_UNPACKED_BYTES;
      },
    },
    ['.'],
  ) as unknown as Readable;
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    if (unpacked > MAX_PROFILE_UNPACKED_BYTES) {
      stream.destroy();
      throw overUnpacked(unpacked);
    }
    bytes += (chunk as Buffer).length;
    if (bytes > MAX_PROFILE_ARCHIVE_BYTES) {
      stream.destroy();
      throw overArchive(bytes);
    }
    chunks.push(chunk as Buffer);
  }
  if (unpacked > MAX_PROFILE_UNPACKED_BYTES) throw overUnpacked(unpacked);
  return Buffer.concat(chunks);
};

/**
 * Unpacks an archive made by `archiveProfile` into `userDataDir` (created when absent). Entries that would leave
 * the directory (absolute paths, `..`) are refused by tar itself; links are not followed out of it.
 */
export const extractProfile = async (archive: Buffer, userDataDir: string): Promise<void> => {
  await mkdir(userDataDir, { recursive: true });
  let unpacked = 0;
  let failure: Error | undefined;
  const sink = extract({
    cwd: userDataDir,
    strict: true,
    filter: (path, entry) => {
      if (!kept(path)) return false;
      unpacked += 'size' in entry && typeof entry.size === 'number' ? entry.size : 0;
      if (unpacked <= MAX_PROFILE_UNPACKED_BYTES) return true;
      // Stopped at the entry's header: none of its bytes is inflated.
      failure ??= overUnpacked(unpacked);
      sink.abort(failure);
      return false;
    },
  });
  const done = new Promise<void>((resolve, reject) => {
    sink.on('error', (error: Error) => reject(failure ?? error));
    sink.on('abort', (error: Error) => reject(failure ?? error));
    sink.on('close', resolve);
    sink.on('finish', resolve);
  });
  done.catch(() => undefined);
  // Fed a slice at a time, each after the event loop has had a turn: inflating is synchronous, and a whole archive
  // written at once held the process (every org's requests) for as long as it took.
  for (let at = 0; at < archive.length && !failure; at += SLICE_BYTES) {
    if (!sink.write(archive.subarray(at, at + SLICE_BYTES))) await once(sink, 'drain');
    else await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (!failure) sink.end();
  await done;
};
