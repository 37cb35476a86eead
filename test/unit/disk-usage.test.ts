/** The size walk behind the session storage cap: blocks held on disk, never lengths; never a throw. */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskUsage, MIN_ENTRY_BYTES } from '../../functions/browser-host/disk-usage.js';

const MIB = 1024 * 1024;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'disk-usage-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('diskUsage', () => {
  it('counts a sparse file at the blocks it holds, not at its length', async () => {
    const sparse = join(root, 'sparse.bin');
    await writeFile(sparse, '');
    await truncate(sparse, 1024 * MIB);
    expect(await diskUsage(root)).toBeLessThan(MIB);

    // The same file with 4 MiB really written: those count.
    await writeFile(sparse, randomBytes(4 * MIB), { flag: 'r+' });
    const used = await diskUsage(root);
    expect(used).toBeGreaterThanOrEqual(4 * MIB);
    expect(used).toBeLessThan(5 * MIB);
  });

  it('counts files in nested folders, each entry at least one block', async () => {
    await mkdir(join(root, 'a', 'b'), { recursive: true });
    await writeFile(join(root, 'a', 'b', 'data.bin'), randomBytes(MIB));
    for (let i = 0; i < 10; i += 1) await writeFile(join(root, 'a', `empty-${i}`), '');
    const used = await diskUsage(root);
    // The root, a, b and 10 empty files at one block each at least, plus the MiB of data.
    expect(used).toBeGreaterThanOrEqual(MIB + 13 * MIN_ENTRY_BYTES);
    expect(used).toBeLessThan(MIB + 64 * MIN_ENTRY_BYTES);
  });

  it('answers 0 for a folder that does not exist', async () => {
    expect(await diskUsage(join(root, 'gone'))).toBe(0);
  });

  it('does not follow a symbolic link out of the folder', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'disk-usage-outside-'));
    try {
      await writeFile(join(outside, 'big.bin'), randomBytes(4 * MIB));
      await mkdir(join(root, 'inside'));
      await symlink(outside, join(root, 'inside', 'link'));
      await symlink(join(outside, 'big.bin'), join(root, 'inside', 'file-link'));
      expect(await diskUsage(root)).toBeLessThan(MIB);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('stops once the total passes stopAbove, answering more than it', async () => {
    for (let i = 0; i < 8; i += 1) await writeFile(join(root, `part-${i}.bin`), randomBytes(MIB));
    const used = await diskUsage(root, { stopAbove: 2 * MIB });
    expect(used).toBeGreaterThan(2 * MIB);
    expect(used).toBeLessThan(4 * MIB);
  });

  it('answers what it counted when aborted, without throwing', async () => {
    await writeFile(join(root, 'data.bin'), randomBytes(MIB));
    const aborted = AbortSignal.abort();
    expect(await diskUsage(root, { signal: aborted })).toBeLessThan(MIB);
  });

  it('does not throw when folders are removed while it walks', async () => {
    for (let d = 0; d < 20; d += 1) {
      await mkdir(join(root, `d${d}`, 'inner'), { recursive: true });
      for (let f = 0; f < 20; f += 1) await writeFile(join(root, `d${d}`, 'inner', `f${f}`), 'x');
    }
    const walking = diskUsage(root);
    await rm(root, { recursive: true, force: true });
    await expect(walking).resolves.toBeGreaterThanOrEqual(0);
  });
});
