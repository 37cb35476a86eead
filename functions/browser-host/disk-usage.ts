/**
 * The disk a folder really takes: the blocks its files hold, not their lengths. A page can make an OPFS file of
 * gigabytes that holds no block (a sparse file), and another whose blocks are all written; only the second fills the
 * disk, so only blocks are counted. Read with a plain walk over fs.promises, one entry at a time: it leaves the
 * libuv threads to the rest of the process, and never throws (a folder removed while it is read counts as empty).
 */
import { lstat, opendir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What every entry counts at the least. An empty file holds no block but still an inode and a directory entry, which
 * a disk can run out of as well; a page creating files by the million pays for them this way, and a walk stopped at a
 * cap of N bytes then reads at most N / 4 KiB entries.
 */
export const MIN_ENTRY_BYTES = 4096;

export interface DiskUsageOptions {
  /** Stop counting once the total passes this (the caller only needs to know it did). */
  stopAbove?: number;
  /** Abandons the walk: what was counted so far is answered. */
  signal?: AbortSignal;
}

/** Bytes the folder's tree holds on disk (0 when it does not exist); at least `stopAbove` + 1 when it passed it. */
export const diskUsage = async (root: string, options: DiskUsageOptions = {}): Promise<number> => {
  const stopAbove = options.stopAbove ?? Number.POSITIVE_INFINITY;
  const { signal } = options;
  let total = 0;
  const pending = [root];
  const done = () => total > stopAbove || signal?.aborted === true;
  while (pending.length > 0 && !done()) {
    const dir = pending.pop()!;
    total += await entryBytes(dir);
    // Entries are read as the directory yields them: a folder of a million files is never held as one array.
    const entries = await opendir(dir).catch(() => undefined);
    if (!entries) continue;
    try {
      for await (const entry of entries) {
        const path = join(dir, entry.name);
        // Symbolic links are counted as themselves and never followed: Chromium keeps one (SingletonLock) that names
        // no file, and a link must not make a walk count what lies outside the folder.
        if (entry.isDirectory()) pending.push(path);
        else total += await entryBytes(path);
        if (done()) break;
      }
    } catch {
      // The directory went away under the walk (the session ended): what it held is gone from the disk too.
    } finally {
      // A `for await` that breaks closes the handle itself; one that threw may not have.
      await entries.close().catch(() => undefined);
    }
  }
  return total;
};

/** The blocks one entry holds (512-byte units by POSIX), at least MIN_ENTRY_BYTES; 0 for one that is gone. */
const entryBytes = async (path: string): Promise<number> => {
  const stats = await lstat(path).catch(() => undefined);
  if (!stats) return 0;
  // Windows reports no blocks: the length is the best it tells.
  const allocated = Number.isFinite(stats.blocks) ? stats.blocks * 512 : stats.size;
  return Math.max(allocated, MIN_ENTRY_BYTES);
};
