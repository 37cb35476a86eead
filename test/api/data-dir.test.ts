/**
 * The data dir (every org's records and files, API-key hashes, the stores' and tokens' keys) is for the user
 * running the service only: the folder and everything at its top carry no group or other permission bits, on a
 * fresh data dir and on one an earlier version left open.
 */
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestService } from '../support/service.js';

const parent = await mkdtemp(join(tmpdir(), 'sessionhost-data-dir-'));
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** Paths (relative) whose mode lets group or others in. */
const open = async (dataDir: string): Promise<string[]> => {
  const found: string[] = [];
  if (((await stat(dataDir)).mode & 0o077) !== 0) found.push('.');
  for (const name of await readdir(dataDir)) {
    if (((await stat(join(dataDir, name))).mode & 0o077) !== 0) found.push(name);
  }
  return found;
};

describe('data dir permissions', { timeout: 120_000 }, () => {
  it('a fresh data dir is 0700 with nothing at its top open to others', async () => {
    const dataDir = join(parent, 'fresh');
    const svc = await startTestService({ dataDir });
    try {
      expect(((await stat(dataDir)).mode & 0o777).toString(8)).toBe('700');
      expect(await readdir(dataDir)).toEqual(
        expect.arrayContaining(['dynamo', 's3', 'store-secret', 'signing-secret']),
      );
      expect(await open(dataDir)).toEqual([]);
    } finally {
      await svc.stop();
    }
  });

  it('an existing data dir left world-readable is closed at start', async () => {
    const dataDir = join(parent, 'old');
    await mkdir(join(dataDir, 's3'), { recursive: true, mode: 0o755 });
    await writeFile(join(dataDir, 'store-ports.json'), '{}\n', { mode: 0o644 });
    await chmod(dataDir, 0o755);
    const svc = await startTestService({ dataDir });
    try {
      expect(await open(dataDir)).toEqual([]);
    } finally {
      await svc.stop();
    }
  });
});
