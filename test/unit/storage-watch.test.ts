/** The watch that holds each session's user-data-dir to the host's cap on disk. */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageWatch } from '../../functions/browser-host/storage-watch.js';

const MIB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for `done` (a loaded machine may take longer than the watch's period). */
const until = async (done: () => boolean, timeoutMs = 5_000) => {
  for (const deadline = Date.now() + timeoutMs; !done() && Date.now() < deadline; ) await sleep(10);
};

let root: string;
let watch: StorageWatch | undefined;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'storage-watch-'));
});
afterEach(async () => {
  await watch?.stop();
  watch = undefined;
  await rm(root, { recursive: true, force: true });
});

const folder = async (name: string, bytes: number) => {
  const dir = join(root, name);
  await mkdir(dir);
  if (bytes > 0) await writeFile(join(dir, 'data.bin'), randomBytes(bytes));
  return dir;
};

describe('StorageWatch', () => {
  it('reports the session whose folder passes the cap, and leaves the one under it alone', async () => {
    const sessions = [
      { id: 'small', userDataDir: await folder('small', MIB) },
      { id: 'big', userDataDir: await folder('big', 3 * MIB) },
    ];
    const over: [string, number][] = [];
    watch = new StorageWatch({
      maxBytes: 2 * MIB,
      everyMs: 20,
      sessions: () => sessions,
      over: (id, bytes) => over.push([id, bytes]),
      log: () => undefined,
    });
    watch.start();
    await until(() => over.length > 0);
    await sleep(100);
    expect(over.length).toBeGreaterThan(0);
    expect(new Set(over.map(([id]) => id))).toEqual(new Set(['big']));
    expect(over[0]![1]).toBeGreaterThan(2 * MIB);
  });

  it('notices a folder that grows past the cap later, and stops measuring once stopped', async () => {
    const dir = await folder('growing', 0);
    let measured = 0;
    const over: string[] = [];
    watch = new StorageWatch({
      maxBytes: 2 * MIB,
      everyMs: 20,
      sessions: () => {
        measured += 1;
        return [{ id: 'growing', userDataDir: dir }];
      },
      over: (id) => over.push(id),
      log: () => undefined,
    });
    watch.start();
    await sleep(100);
    expect(over).toEqual([]);
    await writeFile(join(dir, 'data.bin'), randomBytes(3 * MIB));
    await until(() => over.length > 0);
    expect(over[0]).toBe('growing');
    await watch.stop();
    const after = measured;
    await sleep(100);
    expect(measured).toBe(after);
  });

  it('forgets a session that ended and does not throw for its removed folder', async () => {
    let sessions = [{ id: 'gone', userDataDir: await folder('gone', 0) }];
    const logged: string[] = [];
    watch = new StorageWatch({
      maxBytes: 2 * MIB,
      everyMs: 20,
      sessions: () => sessions,
      over: () => undefined,
      log: (_level, message) => logged.push(message),
    });
    watch.start();
    await rm(join(root, 'gone'), { recursive: true });
    await sleep(60);
    sessions = [];
    await sleep(60);
    expect(logged).toEqual([]);
  });
});
