import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
  cmdline: string;
}

/** Every process visible in /proc, read independently of the code under test. */
export async function listProcesses(): Promise<ProcInfo[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const infos = await Promise.all(
    pids.map(async (pid) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
      if (!stat) return undefined;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').join(' ');
      return { pid, state: fields[0]!, ppid: Number(fields[1]), pgid: Number(fields[2]), cmdline };
    }),
  );
  return infos.filter((info): info is ProcInfo => info !== undefined);
}

/** Running (non-zombie) members of a browser's process group: the browser, zygotes, renderers, utilities. */
export async function liveGroupMembers(pgid: number): Promise<ProcInfo[]> {
  return (await listProcesses()).filter((p) => p.pgid === pgid && p.state !== 'Z');
}

/** Processes whose command line mentions the path, e.g. a browser's --user-data-dir. */
export async function processesMentioning(path: string): Promise<ProcInfo[]> {
  return (await listProcesses()).filter((p) => p.state !== 'Z' && p.cmdline.includes(path));
}

/** Zombie children of this test process: a child the host failed to reap. */
export async function zombieChildren(): Promise<ProcInfo[]> {
  return (await listProcesses()).filter((p) => p.ppid === process.pid && p.state === 'Z');
}

export async function exists(path: string): Promise<boolean> {
  return readdir(path).then(
    () => true,
    () => false,
  );
}

export function tempWorkDir(label: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `bh-test-${label}-`));
}

export async function waitFor<T>(probe: () => T | Promise<T>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
