/**
 * The blob port: object storage with pre-signed URLs, so clients move bytes without the API key and without the
 * bytes passing through the API.
 */
import type { Readable } from 'node:stream';

export interface BlobHead {
  size: number;
  contentType?: string;
  lastModified?: Date;
}

export interface Blobs {
  put(
    key: string,
    body: Buffer | Uint8Array | string | Readable,
    options?: { contentType?: string; contentLength?: number },
  ): Promise<void>;
  /** The whole object, or undefined when absent. */
  get(key: string): Promise<Buffer | undefined>;
  /** Size and type of an object, or undefined when absent. */
  head(key: string): Promise<BlobHead | undefined>;
  delete(key: string): Promise<void>;
  /** Delete every object under a prefix. */
  deletePrefix(prefix: string): Promise<number>;
  /** A URL that accepts `PUT` of the object's bytes, with no other credential, until it expires. */
  presignPut(key: string, expiresInSeconds: number, options?: { contentType?: string }): Promise<string>;
  /** A URL that serves the object with `GET`, with no other credential, until it expires. */
  presignGet(key: string, expiresInSeconds: number, options?: { fileName?: string }): Promise<string>;
}

/** Reading a folder tree out of a bucket: what a host needs to copy in the extensions an operator uploaded. */
export interface BlobTree {
  /** Every object whose key starts with `prefix`, with its size in bytes. */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
  get(key: string): Promise<Buffer | undefined>;
}
