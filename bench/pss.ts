/** Proportional set size of a process and all its descendants (Linux /proc), in MiB. */
import { readdir, readFile } from 'node:fs/promises';

const parentOf = async (pid: number): Promise<number | undefined> => {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields after the last ')' are fixed.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
};

const pssKiB = async (pid: number): Promise<number> => {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0;
  }
};

export const treePssMiB = async (root: number): Promise<{ mib: number; processes: number }> => {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const parents = new Map<number, number | undefined>(
    await Promise.all(pids.map(async (pid) => [pid, await parentOf(pid)] as const)),
  );
  const tree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (parent !== undefined && tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  const sizes = await Promise.all([...tree].map(pssKiB));
  return { mib: Math.round((sizes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10, processes: tree.size };
};
