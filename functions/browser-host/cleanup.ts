import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ProcEntry {
  pid: number;
  pgid: number;
  state: string;
}

/** Reads /proc/<pid>/stat; the command name may contain spaces and parens, so parse after the last ')'. */
async function readProcStat(pid: number): Promise<ProcEntry | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, state: fields[0] ?? '?', pgid: Number(fields[2]) };
}

async function allPids(): Promise<number[]> {
  const names = await readdir('/proc').catch(() => [] as string[]);
  return names.filter((name) => /^\d+$/.test(name)).map(Number);
}

/**
 * Members of a process group that are still running. Zombies are left out on purpose: helpers
 * orphaned by the browser are reparented to PID 1, and an init that does not reap leaves them as
 * zombies forever, which must not make us wait for the group.
 */
export async function livePidsInGroup(pgid: number): Promise<number[]> {
  if (process.platform !== 'linux') return groupExists(pgid) ? [pgid] : [];
  const entries = await Promise.all((await allPids()).map(readProcStat));
  return entries.filter((e) => e && e.pgid === pgid && e.state !== 'Z').map((e) => e!.pid);
}

function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: already gone. EPERM cannot happen for our own children.
  }
}

async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await livePidsInGroup(pgid)).length === 0) return true;
    if (Date.now() >= deadline) return false;
    await sleep(25);
  }
}

/**
 * Ends a browser's whole process tree. Each browser is launched detached, so its pid is also its
 * process-group id and renderers, zygotes and utility processes share it.
 * SIGTERM lets Chromium flush its profile; SIGKILL follows after `graceMs`.
 */
export async function killProcessGroup(pgid: number, graceMs = 2_000): Promise<void> {
  // kill(-1) would signal every process we may signal; a bad pid must never get that far.
  if (!Number.isInteger(pgid) || pgid <= 1) return;
  if ((await livePidsInGroup(pgid)).length === 0) return;
  signalGroup(pgid, 'SIGTERM');
  if (await waitForGroupExit(pgid, graceMs)) return;
  signalGroup(pgid, 'SIGKILL');
  await waitForGroupExit(pgid, 2_000);
}

/** Removes a directory tree; Chromium may still be closing files, so retry briefly. */
export async function removeDir(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const HOST_DIR_PREFIX = 'host-';

/** Host directories in use by hosts of this very process, which share its pid. */
const liveHostDirs = new Set<string>();

export function claimHostDir(dir: string): void {
  liveHostDirs.add(dir);
}

export function releaseHostDir(dir: string): void {
  liveHostDirs.delete(dir);
}

/** `host-<pid>-<random>`: the owner's pid tells a live neighbour's directory from a dead host's. */
export function hostDirName(random: string): string {
  return `${HOST_DIR_PREFIX}${process.pid}-${random}`;
}

/**
 * Clears what an earlier host left behind after dying without `shutdown()`: its orphaned browsers
 * (found by a `--user-data-dir` under its directory) and the directories themselves.
 * Directories of hosts still running (here or in other processes) are left alone; an unclaimed
 * directory with our own pid belongs to an earlier process that had the same pid (common in containers).
 */
export async function removeStaleHostDirs(workDir: string, ownDir: string): Promise<string[]> {
  const names = await readdir(workDir).catch(() => [] as string[]);
  const stale = names
    .filter(
      (name) =>
        name.startsWith(HOST_DIR_PREFIX) && join(workDir, name) !== ownDir && !liveHostDirs.has(join(workDir, name)),
    )
    .filter((name) => {
      const pid = Number(name.slice(HOST_DIR_PREFIX.length).split('-')[0]);
      return !Number.isInteger(pid) || pid === process.pid || !isAlive(pid);
    })
    .map((name) => join(workDir, name));
  if (stale.length === 0) return [];
  await killBrowsersUsing(stale);
  await Promise.all(stale.map(removeDir));
  return stale;
}

async function killBrowsersUsing(dirs: string[]): Promise<void> {
  if (process.platform !== 'linux') return;
  const groups = new Set<number>();
  for (const pid of await allPids()) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (!dirs.some((dir) => cmdline.includes(`--user-data-dir=${dir}/`))) continue;
    const entry = await readProcStat(pid);
    if (entry) groups.add(entry.pgid);
  }
  await Promise.all([...groups].map((pgid) => killProcessGroup(pgid, 500)));
}
