/**
 * The blob port's contract, on the S3 adapter against s3rver. Pre-signed URLs are exercised with plain fetch, as a
 * client holding nothing but the URL would.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../../functions/adapters/aws/s3-blobs.js';
import type { Blobs } from '../../functions/ports/blobs.js';
import { withEmbeddedAws, type EmbeddedAwsFixture } from '../support/embedded.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('blobs contract: S3Blobs on s3rver', () => {
  let aws: EmbeddedAwsFixture;
  let blobs: Blobs;
  let keys = 0;
  /** A key of its own for each test, so tests never see each other's objects. */
  const key = (name: string) => `t${++keys}/${name}`;

  beforeAll(async () => {
    aws = await withEmbeddedAws();
    blobs = aws.blobs;
  });
  afterAll(async () => {
    await aws?.stop();
  });

  describe('put, get, head and delete', () => {
    it('returns the bytes that were put, from a buffer, a string or a stream', async () => {
      const [a, b, c, d] = [key('buffer'), key('string'), key('stream'), key('sized-stream')];
      await blobs.put(a, Buffer.from([0, 1, 2, 255]));
      await blobs.put(b, 'héllo');
      await blobs.put(c, Readable.from([Buffer.from('chunk one, '), Buffer.from('chunk two')]));
      await blobs.put(d, Readable.from([Buffer.from('12345')]), { contentLength: 5 });

      expect(await blobs.get(a)).toEqual(Buffer.from([0, 1, 2, 255]));
      expect((await blobs.get(b))?.toString('utf8')).toBe('héllo');
      expect((await blobs.get(c))?.toString('utf8')).toBe('chunk one, chunk two');
      expect((await blobs.get(d))?.toString('utf8')).toBe('12345');
    });

    it('reports size and content type in head', async () => {
      const k = key('page.json');
      await blobs.put(k, '{"a":1}', { contentType: 'application/json' });
      const head = await blobs.head(k);
      expect(head).toMatchObject({ size: 7, contentType: 'application/json' });
      expect(head?.lastModified).toBeInstanceOf(Date);
    });

    it('returns undefined from get and head for a missing key', async () => {
      expect(await blobs.get(key('missing'))).toBeUndefined();
      expect(await blobs.head(key('missing'))).toBeUndefined();
    });

    it('deletes an object, and accepts deleting one that does not exist', async () => {
      const k = key('doomed');
      await blobs.put(k, 'x');
      await blobs.delete(k);
      expect(await blobs.get(k)).toBeUndefined();
      await expect(blobs.delete(k)).resolves.toBeUndefined();
    });

    it('deletes every object under a prefix and nothing else, returning how many', async () => {
      const prefix = key('session/');
      const inside = Array.from({ length: 5 }, (_, i) => `${prefix}file-${i}`);
      const beside = `${prefix.slice(0, -1)}-other/file`;
      await Promise.all([...inside, beside].map((k) => blobs.put(k, k)));

      expect(await blobs.deletePrefix(prefix)).toBe(5);
      expect(await Promise.all(inside.map((k) => blobs.head(k)))).toEqual(inside.map(() => undefined));
      expect((await blobs.get(beside))?.toString()).toBe(beside);
      expect(await blobs.deletePrefix(prefix)).toBe(0);
    });
  });

  describe('pre-signed URLs', () => {
    it('accepts a 5 MB PUT to a pre-signed URL without other credentials, byte for byte', async () => {
      const k = key('upload.bin');
      const bytes = randomBytes(5 * 1024 * 1024);
      const url = await blobs.presignPut(k, 300);

      const response = await fetch(url, {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(response.status).toBe(200);

      const stored = await blobs.get(k);
      expect(stored?.length).toBe(bytes.length);
      expect(sha256(stored!)).toBe(sha256(bytes));
    });

    it('signs no checksum into a pre-signed PUT, which S3 would hold the uploaded bytes against', async () => {
      // By default the SDK signs the CRC32 of an empty body into the URL; s3rver ignores it, S3 rejects the upload.
      const url = new URL(await blobs.presignPut(key('any.bin'), 300));
      const checksumParams = [...url.searchParams.keys()].filter((name) => /checksum/i.test(name));
      expect(checksumParams).toEqual([]);
    });

    it('binds a pre-signed PUT to its content type when one is given', async () => {
      const k = key('typed.json');
      const url = await blobs.presignPut(k, 300, { contentType: 'application/json' });

      const response = await fetch(url, {
        method: 'PUT',
        body: '{"ok":true}',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
      expect(await blobs.head(k)).toMatchObject({ contentType: 'application/json', size: 11 });
    });

    it('serves the object from a pre-signed GET without other credentials', async () => {
      const k = key('download.bin');
      const bytes = randomBytes(64 * 1024);
      await blobs.put(k, bytes);

      const response = await fetch(await blobs.presignGet(k, 300));
      expect(response.status).toBe(200);
      expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(bytes));
    });

    it('asks for a download under the given file name', async () => {
      const k = key('report');
      await blobs.put(k, 'data');

      const response = await fetch(await blobs.presignGet(k, 300, { fileName: 'report "final".csv' }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="report _final_.csv"; filename*=UTF-8\'\'report%20%22final%22.csv',
      );
    });

    it('answers a browser preflight for a pre-signed PUT from any origin', async () => {
      const url = await blobs.presignPut(key('browser.bin'), 300);
      const response = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toContain('PUT');
    });
  });
});

describe('attachmentDisposition', () => {
  it('quotes a plain name as is', () => {
    expect(attachmentDisposition('video.webm')).toBe('attachment; filename="video.webm"');
  });

  it('keeps quotes, backslashes and line breaks from escaping the header value', () => {
    expect(attachmentDisposition('a"b\\c\r\nSet-Cookie: x')).toBe(
      'attachment; filename="a_b_cSet-Cookie: x"; filename*=UTF-8\'\'a%22b%5CcSet-Cookie%3A%20x',
    );
  });

  it('adds an RFC 6266 filename* for names outside ASCII', () => {
    expect(attachmentDisposition('résumé.pdf')).toBe(
      'attachment; filename="r_sum_.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf',
    );
  });

  it('writes half of a UTF-16 pair as U+FFFD instead of failing to encode it', () => {
    expect(attachmentDisposition('a\ud800b.txt')).toBe(
      'attachment; filename="a_b.txt"; filename*=UTF-8\'\'a%EF%BF%BDb.txt',
    );
  });

  it('falls back to a neutral name when nothing printable is left', () => {
    expect(attachmentDisposition('\n')).toBe('attachment; filename="download"');
  });
});
