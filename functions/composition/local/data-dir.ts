/**
 * The data dir holds every org's records and files, API-key hashes and the keys of the stores and of signed tokens:
 * only the user running the service may read it. Created 0700; a data dir of this service from an earlier version
 * (recognised by a file only the service writes) is closed the same way; its folders and files lose any group and
 * other bits. A directory that is not (yet) a data dir of this service, such as a shared parent, is not touched.
 */
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Files the service writes at the top of a data dir: their presence says the directory is the service's own. */
const OWN_FILES = ['signing-secret', 'store-secret', 'store-ports.json'];

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
