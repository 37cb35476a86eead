/**
 * Extensions copied from a bucket at host start (extensions/fetch.ts): the real S3 client against s3rver for the
 * layout an operator uploads, an in-memory tree for keys s3rver cannot hold, and a host on a full Chromium that
 * offers what it fetched and refuses what it skipped.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Blobs } from '../../functions/adapters/aws/s3-blobs.js';
import { loadExtensionCatalog } from '../../functions/browser-host/extensions/catalog.js';
import { EXTENSION_LIMITS, fetchExtensions } from '../../functions/browser-host/extensions/fetch.js';
import { ExtensionNotFoundError } from '../../functions/browser-host/errors.js';
import { BrowserHost } from '../../functions/browser-host/host.js';
import type { HostLogLevel } from '../../functions/browser-host/types.js';
import type { BlobTree } from '../../functions/ports/blobs.js';
import { fullChromium } from '../support/browsers.js';
import { withEmbeddedAws, type EmbeddedAwsFixture } from '../support/embedded.js';
import { tempWorkDir } from './helpers.js';

const FIXTURE = new URL('../fixtures/extensions/page-marker/', import.meta.url);

const logged = () => {
  const lines: { level: HostLogLevel; message: string; fields?: Record<string, unknown> }[] = [];
  return {
    lines,
    log: (level: HostLogLevel, message: string, fields?: Record<string, unknown>) =>
      lines.push({ level, message, fields }),
  };
};

/** A bucket tree in memory: keys S3 allows but s3rver (which stores keys as paths) would mangle. */
const memoryTree = (objects: Record<string, string>): BlobTree => ({
  list: async (prefix) =>
    Object.entries(objects)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, body]) => ({ key, size: Buffer.byteLength(body) })),
  get: async (key) => (key in objects ? Buffer.from(objects[key]) : undefined),
});

let aws: EmbeddedAwsFixture;
let workDir: string;

beforeAll(async () => {
  aws = await withEmbeddedAws();
  workDir = await tempWorkDir('extensions-fetch');
  const manifest = await readFile(new URL('manifest.json', FIXTURE));
  const content = await readFile(new URL('content.js', FIXTURE));
  await Promise.all([
    aws.blobs.put('extensions/page-marker/manifest.json', manifest),
    aws.blobs.put('extensions/page-marker/content.js', content),
    aws.blobs.put('extensions/no-manifest/content.js', content),
    aws.blobs.put('extensions/broken-json/manifest.json', '{"manifest_version": 3,'),
    aws.blobs.put('extensions/not-an-extension/manifest.json', '{"name": "a package.json, perhaps"}'),
    aws.blobs.put('extensions/bad id!/manifest.json', manifest),
    aws.blobs.put('extensions/README.txt', 'stray file'),
    aws.blobs.put('elsewhere/other/manifest.json', manifest),
  ]);
});

afterAll(async () => {
  await aws?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('fetching extensions from a bucket', () => {
  it('copies each usable folder, replaces a baked one of the same id, and logs and skips the rest', async () => {
    const dir = join(workDir, 'baked');
    await mkdir(join(dir, 'page-marker'), { recursive: true });
    await writeFile(join(dir, 'page-marker/manifest.json'), '{"manifest_version": 3, "name": "old", "version": "0"}');
    await mkdir(join(dir, 'kept'), { recursive: true });
    await writeFile(join(dir, 'kept/manifest.json'), '{"manifest_version": 3, "name": "kept", "version": "1"}');
    const { lines, log } = logged();

    const result = await fetchExtensions({ objects: aws.blobs, prefix: 'extensions/' }, dir, log);

    expect(result.fetched).toEqual(['page-marker']);
    const why = Object.fromEntries(result.skipped.map((entry) => [entry.id, entry.why]));
    expect(Object.keys(why).sort()).toEqual([
      'README.txt',
      'bad id!',
      'broken-json',
      'no-manifest',
      'not-an-extension',
    ]);
    expect(why['no-manifest']).toMatch(/no manifest\.json/);
    expect(why['broken-json']).toMatch(/not JSON/);
    expect(why['not-an-extension']).toMatch(/manifest_version/);
    expect(why['bad id!']).toMatch(/not a usable id/);
    expect(lines.filter((line) => line.level === 'warn').map((line) => line.fields?.id)).toHaveLength(5);

    expect(await readFile(join(dir, 'page-marker/content.js'))).toEqual(await readFile(new URL('content.js', FIXTURE)));
    expect(JSON.parse(await readFile(join(dir, 'page-marker/manifest.json'), 'utf8')).name).not.toBe('old');
    expect((await loadExtensionCatalog(dir)).ids).toEqual(['kept', 'page-marker']);
    // Nothing half written is left beside them.
    expect((await readdir(dir)).sort()).toEqual(['kept', 'page-marker']);
  });

  it('logs a bucket it cannot list and leaves the folder as it was, without throwing', async () => {
    const dir = join(workDir, 'unlisted');
    const { lines, log } = logged();
    const missing = new S3Blobs(aws.clients.s3, 'no-such-bucket-here');

    const result = await fetchExtensions({ objects: missing, prefix: 'extensions/' }, dir, log);

    expect(result).toEqual({ fetched: [], skipped: [] });
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', message: expect.stringMatching(/could not be fetched/) }),
    ]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('skips a folder whose keys would leave it, or whose object vanished, and writes nothing outside', async () => {
    const dir = join(workDir, 'escapes', 'extensions');
    const manifest = '{"manifest_version": 3, "name": "x", "version": "1"}';
    const tree = memoryTree({
      'x/evil/manifest.json': manifest,
      'x/evil/../../escaped.js': 'alert(1)',
      'x/slashes/manifest.json': manifest,
      'x/slashes//double.js': '',
      'x/fine/manifest.json': manifest,
    });
    const vanishing: BlobTree = {
      list: tree.list,
      get: async (key) => (key === 'x/fine/manifest.json' ? undefined : tree.get(key)),
    };
    const { log } = logged();

    const result = await fetchExtensions({ objects: vanishing, prefix: 'x/' }, dir, log);

    expect(result.fetched).toEqual([]);
    const why = Object.fromEntries(result.skipped.map((entry) => [entry.id, entry.why]));
    expect(why.evil).toMatch(/would leave/);
    expect(why.slashes).toMatch(/would leave/);
    expect(why.fine).toMatch(/disappeared/);
    expect(existsSync(join(workDir, 'escapes', 'escaped.js'))).toBe(false);
    expect(await readdir(dir)).toEqual([]);
  });

  it('skips an extension larger than the limit before downloading any of it', async () => {
    const dir = join(workDir, 'large');
    let gets = 0;
    const tree: BlobTree = {
      list: async () => [
        { key: 'big/manifest.json', size: 10 },
        { key: 'big/blob.bin', size: EXTENSION_LIMITS.bytes },
      ],
      get: async () => {
        gets++;
        return Buffer.from('{}');
      },
    };
    const result = await fetchExtensions({ objects: tree, prefix: '' }, dir, logged().log);
    expect(result.skipped).toEqual([{ id: 'big', why: expect.stringMatching(/more than/) }]);
    expect(gets).toBe(0);
  });
});

describe('a host with an extensions bucket', async () => {
  const chromium = await fullChromium();
  it.skipIf(!chromium)('offers what it fetched at start, and refuses an id it skipped', async () => {
    const host = new BrowserHost({
      capacity: 1,
      warmPoolSize: 0,
      workDir: join(workDir, 'host'),
      chromiumPath: chromium,
      extensionSource: { objects: aws.blobs, prefix: 'extensions/' },
      log: () => undefined,
    });
    try {
      await host.start();
      // No EXTENSIONS_DIR: the host keeps them under its work dir.
      expect(host.browser()?.extensionIds).toEqual(['page-marker']);
      expect(existsSync(join(workDir, 'host', 'extensions', 'page-marker', 'content.js'))).toBe(true);
      await expect(
        host.acquire('s-skipped', { idleTimeoutMs: 60_000, extensionIds: ['no-manifest'] }),
      ).rejects.toBeInstanceOf(ExtensionNotFoundError);
    } finally {
      await host.shutdown();
    }
  });
});
