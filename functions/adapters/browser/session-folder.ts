/**
 * One session's folder on its browser's machine, beside its user-data-dir (so the host's own clean-up of its
 * directory covers it too): `files/` holds what a file input can take, pushed files and finished downloads under
 * their names; `downloading/` is where the browser writes downloads in progress (named by their CDP guid).
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { SessionFile } from '../../ports/browser.js';

/** A name that stays a name in `files/`: no separators, no control characters, not `.` or `..`. */
export const plainFileName = (name: string): string | undefined =>
  name.length > 0 && name.length <= 255 && !/[\\/\u0000-\u001f]/.test(name) && name !== '.' && name !== '..'
    ? name
    : undefined;

/** A download's suggested name made safe to keep (the browser usually has done this already). */
const keepableName = (suggested: string): string => {
  const cleaned = suggested
    .replace(/[\\/\u0000-\u001f]/g, '_')
    .trim()
    .slice(0, 200);
  return plainFileName(cleaned) ?? 'download';
};

export class SessionFolder {
  /** Which stored file each pushed name came from, so a file input by id can reuse it. */
  private readonly placedFrom = new Map<string, string>();

  constructor(readonly root: string) {}

  get filesDir(): string {
    return join(this.root, 'files');
  }

  get downloadingDir(): string {
    return join(this.root, 'downloading');
  }

  async create(): Promise<void> {
    await Promise.all([mkdir(this.filesDir, { recursive: true }), mkdir(this.downloadingDir, { recursive: true })]);
  }

  /** Written beside and renamed into place, so a file input never sees half a file. */
  async put(fileName: string, bytes: Buffer, fileId?: string): Promise<string> {
    const name = plainFileName(fileName);
    if (!name) throw new Error(`"${fileName}" is not a plain file name`);
    const partial = join(this.downloadingDir, `.put-${randomUUID()}`);
    await writeFile(partial, bytes);
    const path = join(this.filesDir, name);
    await rename(partial, path);
    if (fileId === undefined) this.placedFrom.delete(name);
    else this.placedFrom.set(name, fileId);
    return path;
  }

  async find(fileName: string): Promise<SessionFile | undefined> {
    const name = plainFileName(fileName);
    if (!name) return undefined;
    const path = join(this.filesDir, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const fileId = this.placedFrom.get(name);
    return { path, bytes: info.size, ...(fileId === undefined ? {} : { fileId }) };
  }

  /**
   * Moves a finished download into `files/` under its suggested name, or `name (1).ext`… when taken, as a
   * browser would. `link` fails when the name exists, so two downloads of one name never overwrite each other.
   */
  async adoptDownload(
    downloadedPath: string,
    suggestedName: string,
  ): Promise<{ fileName: string; path: string; bytes: number }> {
    const wanted = keepableName(suggestedName);
    const extension = extname(wanted);
    const stem = wanted.slice(0, wanted.length - extension.length);
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const fileName = attempt === 0 ? wanted : `${stem} (${attempt})${extension}`;
      const path = join(this.filesDir, fileName);
      try {
        await link(downloadedPath, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      await unlink(downloadedPath).catch(() => undefined);
      this.placedFrom.delete(fileName);
      return { fileName, path, bytes: (await stat(path)).size };
    }
    throw new Error(`no free name for the download "${wanted}"`);
  }

  async discard(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  async remove(): Promise<void> {
    await rm(this.root, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}
