/**
 * A profile archive keeps what carries a user's state and nothing else, and no archive can make the service unpack
 * more than a profile may hold: a page can make a file gigabytes long that costs no disk (a sparse file in its
 * private file system), which packs to a few megabytes of zeros.
 */
import { mkdir, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Header } from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  archiveProfile,
  extractProfile,
  MAX_PROFILE_UNPACKED_BYTES,
  ProfileTooLargeError,
} from '../../functions/browser-host/profile-archive.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profile-archive-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const put = async (path: string, body: string) => {
  await mkdir(join(dir, 'from', path, '..'), { recursive: true });
  await writeFile(join(dir, 'from', path), body);
};

describe('profile archive', () => {
  it('keeps cookies and storage, and leaves caches and locks out', async () => {
    await put('Default/Cookies', 'cookie rows');
    await put('Default/Local Storage/leveldb/000003.log', 'local storage');
    await put('Default/Cache/Cache_Data/data_0', 'cached page');
    await put('SingletonLock', 'held');
    await extractProfile(await archiveProfile(join(dir, 'from')), join(dir, 'to'));
    expect(await readFile(join(dir, 'to/Default/Cookies'), 'utf8')).toBe('cookie rows');
    expect(await readFile(join(dir, 'to/Default/Local Storage/leveldb/000003.log'), 'utf8')).toBe('local storage');
    await expect(stat(join(dir, 'to/Default/Cache'))).rejects.toThrow();
    await expect(stat(join(dir, 'to/SingletonLock'))).rejects.toThrow();
  });

  it('refuses to pack a profile whose files add up to more than it may hold, without reading them', async () => {
    await put('Default/File System/000/t/00/00000001', '');
    // Sparse: two gigabytes long, no disk used.
    await truncate(join(dir, 'from/Default/File System/000/t/00/00000001'), 2 * MAX_PROFILE_UNPACKED_BYTES);
    await put('Default/Cookies', 'cookie rows');
    await expect(archiveProfile(join(dir, 'from'))).rejects.toBeInstanceOf(ProfileTooLargeError);
  });

  it('refuses to unpack an archive whose entry says it is larger than a profile may hold, before inflating it', async () => {
    const header = new Header({
      path: 'Default/File System/000/t/00/00000001',
      mode: 0o644,
      size: 2 * MAX_PROFILE_UNPACKED_BYTES,
      type: 'File',
      mtime: new Date(0),
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    // The header and a first megabyte of the zeros it announces: enough to read as an archive.
    const archive = gzipSync(Buffer.concat([block, Buffer.alloc(1024 * 1024)]));
    const failure = await extractProfile(archive, join(dir, 'to')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProfileTooLargeError);
    expect((failure as Error).message).toContain(String(MAX_PROFILE_UNPACKED_BYTES));
  });
});
