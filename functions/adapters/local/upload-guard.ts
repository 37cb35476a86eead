/**
 * Pre-signed uploads to the embedded S3, held to what the service counts. A file's size is read once, when the
 * service first settles its upload; with a store that takes any PUT, a second PUT to the same URL (valid for an
 * hour) could put any number of bytes behind a record that counts a few, past the file size limit and the org's
 * stored-bytes limit, until the disk is full. So, for PUTs with a pre-signed URL (the service's own writes are
 * signed in their headers and pass as they are):
 *
 * - a body must say its length (S3 asks the same), and one longer than the limit is refused on that length: none
 *   of it is stored (up to twice the limit it is read and dropped, so the client gets to read the refusal);
 * - a URL uploads once: after a PUT that stored its bytes, the same URL is refused (a PUT that failed may be tried
 *   again), and a key that already holds bytes is not written over (a URL from before a restart included);
 * - a body cut short (the client went away before sending what it declared) is not kept.
 */
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A refused body up to this many times the limit is read to its end before the connection is reused. */
const DRAIN_LIMIT = 2;

/** How s3rver keeps an object on disk: `<dir>/<bucket>/<key>` plus these suffixes. */
const OBJECT_FILES = ['._S3rver_object', '._S3rver_object.md5', '._S3rver_metadata.json'];

const s3Error = (response: ServerResponse, status: number, code: string, message: string, close: boolean): void => {
  const escaped = message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  response.writeHead(status, { 'content-type': 'application/xml', ...(close ? { connection: 'close' } : {}) });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escaped}</Message></Error>`,
  );
};

/** The object's path without its suffix, or undefined for a path that leaves the store's directory. */
const objectStem = (dir: string, url: string): string | undefined => {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://store').pathname);
  } catch {
    return undefined;
  }
  const stem = normalize(join(dir, path));
  return stem.startsWith(dir + sep) ? stem : undefined;
};

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

export const guardUploads = (handle: Handler, dir: string, maxBytes: number): Handler => {
  /** Signatures of URLs that stored their bytes, with when each URL expires (ms). */
  const used = new Map<string, number>();
  const forget = (now: number) => {
    for (const [signature, until] of used) if (until <= now) used.delete(signature);
  };
  return (request, response) => {
    const url = request.url ?? '/';
    const signature = /[?&]X-Amz-Signature=([^&]+)/.exec(url)?.[1];
    if (request.method !== 'PUT' || !signature) return handle(request, response);
    // A refused body is read and dropped, so the client, still sending, gets to read the answer (closing at once
    // would cut its upload with a broken pipe and no word of why); only a body far past the limit is cut off.
    const declared = Number(request.headers['content-length']);
    const refuse = (status: number, code: string, message: string) => {
      request.resume();
      s3Error(response, status, code, message, !(declared <= DRAIN_LIMIT * maxBytes));
    };
    const now = Date.now();
    forget(now);
    if (used.has(signature))
      return refuse(403, 'AccessDenied', 'this upload URL was used already; create another file to upload again');
    const length = declared;
    if (request.headers['content-length'] === undefined || !Number.isSafeInteger(length) || length < 0)
      return refuse(411, 'MissingContentLength', 'an upload must say its length (Content-Length)');
    if (length > maxBytes)
      return refuse(
        400,
        'EntityTooLarge',
        `the upload is ${length} bytes, over the limit of ${maxBytes} bytes (${maxBytes / 1024 / 1024} MiB)`,
      );
    const stem = objectStem(dir, url);
    if (!stem) return refuse(400, 'InvalidURI', 'the upload URL names no object');
    void exists(`${stem}${OBJECT_FILES[0]}`).then((taken) => {
      if (taken)
        return refuse(
          409,
          'OperationAborted',
          'the file already holds uploaded bytes; create another file to upload again',
        );
      const expires = Number(/[?&]X-Amz-Expires=(\d+)/.exec(url)?.[1] ?? 0);
      const dated = /[?&]X-Amz-Date=(\d{8}T\d{6}Z)/.exec(url)?.[1];
      const from = dated
        ? Date.UTC(
            +dated.slice(0, 4),
            +dated.slice(4, 6) - 1,
            +dated.slice(6, 8),
            +dated.slice(9, 11),
            +dated.slice(11, 13),
            +dated.slice(13, 15),
          )
        : now;
      response.once('close', () => {
        if (!request.complete) {
          // The client went away before its declared length arrived: whatever the store kept is not the file.
          void Promise.all(OBJECT_FILES.map((suffix) => rm(`${stem}${suffix}`, { force: true }))).catch(
            () => undefined,
          );
          return;
        }
        if (response.writableFinished && response.statusCode < 300) used.set(signature, from + expires * 1000);
      });
      handle(request, response);
    });
  };
};
