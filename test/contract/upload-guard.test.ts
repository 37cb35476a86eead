/**
 * Pre-signed uploads to the embedded S3 carry one file of at most the size the service keeps: a URL stores its
 * bytes once, an upload longer than the limit or without a length is refused before it is read, and a body cut
 * short is not kept. The service's own writes (signed in their headers) are not held to this.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEmbeddedAws, type EmbeddedAwsFixture } from '../support/embedded.js';

const LIMIT = 64 * 1024;
let aws: EmbeddedAwsFixture;
beforeAll(async () => {
  aws = await withEmbeddedAws({ maxUploadBytes: LIMIT });
});
afterAll(async () => {
  await aws?.stop();
});

const put = (url: string, body: Buffer | string) =>
  fetch(url, { method: 'PUT', body: typeof body === 'string' ? body : new Uint8Array(body) });

describe('a pre-signed upload URL', () => {
  it('stores its bytes once: a second PUT cannot change what was stored', async () => {
    const url = await aws.blobs.presignPut('files/org/once', 3600);
    expect((await put(url, 'hi')).status).toBe(200);
    const again = await put(url, Buffer.alloc(LIMIT));
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('used already');
    expect((await aws.blobs.get('files/org/once'))?.toString()).toBe('hi');
    expect((await aws.blobs.head('files/org/once'))?.size).toBe(2);
  });

  it('does not write over bytes a key already holds, from any URL', async () => {
    await aws.blobs.put('files/org/held', 'kept');
    const response = await put(await aws.blobs.presignPut('files/org/held', 3600), 'other');
    expect(response.status).toBe(409);
    expect((await aws.blobs.get('files/org/held'))?.toString()).toBe('kept');
  });

  it('refuses an upload over the limit before reading it, and keeps nothing', async () => {
    const url = await aws.blobs.presignPut('files/org/big', 3600);
    const response = await put(url, Buffer.alloc(LIMIT + 1));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('EntityTooLarge');
    expect(await aws.blobs.head('files/org/big')).toBeUndefined();
    // A refused upload did not use the URL up: one within the limit still goes in.
    expect((await put(url, Buffer.alloc(LIMIT))).status).toBe(200);
  });

  it('keeps nothing of a body cut short', async () => {
    const url = new URL(await aws.blobs.presignPut('files/org/cut', 3600));
    await new Promise<void>((resolve) => {
      const req = request(url, { method: 'PUT', headers: { 'content-length': '10000' } });
      req.on('error', () => resolve());
      req.write('hello');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await aws.blobs.head('files/org/cut')).toBeUndefined();
  });

  it("does not hold the service's own writes to it", async () => {
    await aws.blobs.put('files/org/own', Buffer.alloc(LIMIT * 2));
    await aws.blobs.put('files/org/own', 'rewritten');
    expect((await aws.blobs.get('files/org/own'))?.toString()).toBe('rewritten');
  });
});
