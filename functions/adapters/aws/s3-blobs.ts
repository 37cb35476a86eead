/**
 * The blob port over one S3 bucket. Bytes from clients travel through pre-signed URLs, never through the API.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobHead, Blobs, BlobTree } from '../../ports/blobs.js';

/** S3's ceiling for one DeleteObjects request (and ListObjectsV2's page size). */
const DELETE_BATCH = 1000;

const isMissing = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
};

const readAll = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** Half of a UTF-16 pair without the other half: no encoding of text has it (stored names from before it was refused). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `attachment` with the name quoted safely: quotes, backslashes and control characters cannot break out of the
 * header, and a name outside printable ASCII gets an RFC 6266 `filename*` beside an ASCII fallback.
 */
export const attachmentDisposition = (fileName: string): string => {
  const printable =
    fileName
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replace(LONE_SURROGATE, '\ufffd')
      .trim() || 'download';
  const fallback = printable.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (fallback === printable) return `attachment; filename="${fallback}"`;
  const encoded = encodeURIComponent(printable).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

export class S3Blobs implements Blobs, BlobTree {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async put(
    key: string,
    body: Buffer | Uint8Array | string | Readable,
    options: { contentType?: string; contentLength?: number } = {},
  ): Promise<void> {
    const { contentType, contentLength } = options;
    // A stream of unknown length would need chunked or multipart upload; blobs here are small enough to buffer.
    const isStream = typeof body === 'object' && !(body instanceof Uint8Array);
    const payload = isStream && contentLength === undefined ? await readAll(body) : body;
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: payload,
        ...(contentType ? { ContentType: contentType } : {}),
        ...(payload === body && contentLength !== undefined ? { ContentLength: contentLength } : {}),
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const { Body } = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Body ? Buffer.from(await Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async head(key: string): Promise<BlobHead | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType, lastModified: head.LastModified };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    let deleted = 0;
    for await (const objects of this.pages(prefix)) {
      const keys = objects.map(({ key }) => ({ Key: key }));
      if (keys.length === 0) continue;
      const result = await this.s3.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `could not delete ${failed.length} object(s) under "${prefix}", e.g. ${first.Key}: ${first.Code} ${first.Message}`,
        );
      }
      deleted += keys.length;
    }
    return deleted;
  }

  async list(prefix: string): Promise<{ key: string; size: number }[]> {
    const all: { key: string; size: number }[] = [];
    for await (const objects of this.pages(prefix)) all.push(...objects);
    return all;
  }

  /** The objects under a prefix, one listing page at a time. */
  private async *pages(prefix: string): AsyncGenerator<{ key: string; size: number }[]> {
    let token: string | undefined;
    do {
      const page = await this.s3.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          MaxKeys: DELETE_BATCH,
          ContinuationToken: token,
        }),
      );
      yield (page.Contents ?? []).flatMap((object) =>
        object.Key ? [{ key: object.Key, size: object.Size ?? 0 }] : [],
      );
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async presignPut(key: string, expiresInSeconds: number, options: { contentType?: string } = {}): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.contentType ? { ContentType: options.contentType } : {}),
    });
    return getSignedUrl(this.s3, command, { expiresIn: expiresInSeconds });
  }

  async presignGet(key: string, expiresInSeconds: number, options: { fileName?: string } = {}): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ...(options.fileName !== undefined
        ? { ResponseContentDisposition: attachmentDisposition(options.fileName) }
        : {}),
    });
    return getSignedUrl(this.s3, command, { expiresIn: expiresInSeconds });
  }
}
