/**
 * The data dir holds every org's records and files, API-key hashes and the keys of the stores and of signed tokens:
 * only the user running the service may read it. Created 0700; a data dir of this service from an earlier version
 * (recognised by a file only the service writes) is closed the same way; its folders and files lose any group and
 * other bits. A directory that is not (yet) a data dir of this service, such as a shared parent, is not touched.
 */
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Names the process that serves from the data dir (`npm start`), so a second one is told so instead of failing. */
const LOCK_FILE = 'service.pid';

/** Files the service writes at the top of a data dir: their presence says the directory is the service's own. */
const OWN_FILES = ['signing-secret', 'store-secret', 'store-ports.json', LOCK_FILE];

const closed = async (path: string): Promise<void> => {
  const info = await stat(path).catch(() => undefined);
  if (!info || (info.mode & 0o077) === 0) return;
  await chmod(path, info.mode & ~0o077 & 0o7777);
};

export const prepareDataDir = async (dataDir: string): Promise<void> => {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const entries = await readdir(dataDir);
  if (entries.length > 0 && !entries.some((name) => OWN_FILES.includes(name))) return;
  await closed(dataDir);
  await Promise.all(entries.map((name) => closed(join(dataDir, name))));
};

/** Another running service already serves from this data dir. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the data dir ${dataDir} is in use by another running service (pid ${pid}): stop it, or start this one with another --data-dir (remove ${join(dataDir, LOCK_FILE)} if no such process is this service)`,
    );
    this.name = 'DataDirInUseError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Claims the data dir for this process: two services on one dir would both open its embedded stores, and the
 * second would fail halfway with an error of the stores. A claim left by a process that is gone (killed, crashed) is
 * taken over. Resolves with the release, which removes the claim if it is still this process's.
 */
export const claimDataDir = async (dataDir: string): Promise<() => Promise<void>> => {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, LOCK_FILE);
  const release = async () => {
    const holder = await readFile(path, 'utf8').catch(() => '');
    if (Number(holder.trim()) === process.pid) await rm(path, { force: true });
  };
  const take = () => writeFile(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
  const taken = await take().then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? false : Promise.reject(error)),
  );
  if (taken) return release;
  const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new DataDirInUseError(dataDir, pid);
  // Left by a process that is gone, or unreadable: taken over. Taken meanwhile by another start: that one's.
  await rm(path, { force: true });
  await take().catch((error: NodeJS.ErrnoException) =>
    Promise.reject(error.code === 'EEXIST' ? new DataDirInUseError(dataDir, pid) : error),
  );
  return release;
};
