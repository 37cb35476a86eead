/**
 * While the local service runs, it publishes its emulator endpoints in the data dir, so tools such as the keys CLI
 * can reach the same stores (the embedded DynamoDB's files are locked by the process that has them open).
 * It also leaves a pointer to that data dir in a per-user directory of running services, so a tool started without
 * the service's DATA_DIR (another shell, another working directory) can still find it instead of opening a new,
 * empty store.
 */
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface PublishedEndpoints {
  pid: number;
  dynamoEndpoint: string;
  s3Endpoint: string;
  apiUrl: string;
}

export interface RunningService extends PublishedEndpoints {
  /** Absolute. */
  dataDir: string;
}

const fileIn = (dataDir: string) => join(dataDir, 'endpoints.json');

/** Per user (the data dirs are 0700, so another user's service is of no use); under TMPDIR, which ends with the boot. */
export const defaultServicesDir = (): string =>
  join(tmpdir(), `sessionhost-${process.getuid?.() ?? 'user'}`, 'services');

const entryIn = (servicesDir: string, dataDir: string) =>
  join(servicesDir, `${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}.json`);

/** The directory is trusted only when this user owns it and nobody else can write to it. */
const trusted = async (servicesDir: string): Promise<boolean> => {
  const stats = await lstat(servicesDir).catch(() => undefined);
  return (
    !!stats?.isDirectory() &&
    (process.getuid === undefined || stats.uid === process.getuid()) &&
    (stats.mode & 0o022) === 0
  );
};

export const publishEndpoints = async (
  dataDir: string,
  endpoints: PublishedEndpoints,
  servicesDir = defaultServicesDir(),
): Promise<void> => {
  await writeFile(fileIn(dataDir), `${JSON.stringify(endpoints, null, 2)}\n`, { mode: 0o600 });
  // The pointer is a convenience: a directory that cannot be made or trusted only means tools need DATA_DIR.
  await mkdir(servicesDir, { recursive: true, mode: 0o700 }).catch(() => undefined);
  if (!(await trusted(servicesDir))) return;
  const entry: RunningService = { ...endpoints, dataDir: resolve(dataDir) };
  await writeFile(entryIn(servicesDir, dataDir), `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600 }).catch(
    () => undefined,
  );
};

export const withdrawEndpoints = async (dataDir: string, servicesDir = defaultServicesDir()): Promise<void> => {
  await rm(entryIn(servicesDir, dataDir), { force: true }).catch(() => undefined);
  await rm(fileIn(dataDir), { force: true });
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The endpoints of a local service that is running now, or undefined. */
export const readLiveEndpoints = async (dataDir: string): Promise<PublishedEndpoints | undefined> => {
  try {
    const endpoints = JSON.parse(await readFile(fileIn(dataDir), 'utf8')) as PublishedEndpoints;
    return alive(endpoints.pid) ? endpoints : undefined;
  } catch {
    return undefined;
  }
};

/** Every local service of this user running now (an entry left by one that crashed is skipped). */
export const listRunningServices = async (servicesDir = defaultServicesDir()): Promise<RunningService[]> => {
  if (!(await trusted(servicesDir))) return [];
  const running: RunningService[] = [];
  for (const name of (await readdir(servicesDir).catch(() => [])).filter((n) => n.endsWith('.json')).sort()) {
    const entry = (await readFile(join(servicesDir, name), 'utf8').then(JSON.parse, () => undefined)) as
      | RunningService
      | undefined;
    // The data dir's own file is the authority: the entry may be older than a restart on another port.
    const live = entry?.dataDir ? await readLiveEndpoints(entry.dataDir) : undefined;
    if (live && entry) running.push({ ...live, dataDir: entry.dataDir });
  }
  return running;
};

export type FoundService =
  | { service: RunningService; how: 'configured' | 'only-running' }
  | { service?: undefined; running: RunningService[] };

/**
 * The running service a tool should talk to: the one using the configured data dir, else the only one running.
 * With none, or several and none of them on the configured data dir, the answer lists what runs, for the tool to say.
 */
export const findRunningService = async (
  dataDir: string,
  servicesDir = defaultServicesDir(),
): Promise<FoundService> => {
  const configured = await readLiveEndpoints(dataDir);
  if (configured) return { service: { ...configured, dataDir: resolve(dataDir) }, how: 'configured' };
  const running = await listRunningServices(servicesDir);
  return running.length === 1 ? { service: running[0]!, how: 'only-running' } : { running };
};
