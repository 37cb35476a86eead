/**
 * AWS Signature Version 4, checked in front of the embedded emulators. dynalite accepts any signature and s3rver
 * none at all for V4 (and serves unsigned requests as anonymous), so without this gate anything that can reach
 * loopback — another local process, or a session's browser while private networks are allowed — could scan the
 * table (API-key hashes, every org's records) and list or read the bucket.
 *
 * Accepted: requests signed in the Authorization header and pre-signed URLs (the query form, as handed to clients
 * for uploads and downloads), with the one key pair of this data dir, a date within the allowed skew (or, for a
 * pre-signed URL, not past its expiry). Everything else is answered 403 before the emulator sees it.
 *
 * What is not checked: that a body matches a hash the client declared in `x-amz-content-sha256` (the signature
 * covers the declared hash, so only a holder of the key can declare one).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';

export interface GateCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** How far a header-signed request's date may be from now (AWS allows the same). */
const MAX_SKEW_MS = 15 * 60 * 1000;
/** The largest pre-signed URL lifetime AWS accepts (7 days). */
const MAX_EXPIRES_SECONDS = 604_800;
/** The most a request whose body must be hashed here may carry (dynalite's own request limit). */
const MAX_HASHED_BODY_BYTES = 16 * 1024 * 1024;
const ALGORITHM = 'AWS4-HMAC-SHA256';

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, and `%20` for a space. */
const strictEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** `20250101T000000Z` → epoch ms, or NaN. */
const parseAmzDate = (text: string | undefined): number => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
};

interface SignedParts {
  credential: string;
  signedHeaders: string[];
  signature: string;
  amzDate: string;
  /** The query pairs that the signature covers (all but the signature itself). */
  query: [string, string][];
  payloadHash: string | undefined;
  expiresSeconds?: number;
}

const queryPairs = (rawQuery: string): [string, string][] =>
  rawQuery
    .split('&')
    .filter((pair) => pair.length > 0)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
    });

const headerValue = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** The signature's parts, from the Authorization header or the query; a string says why there are none. */
const signedParts = (headers: IncomingHttpHeaders, rawQuery: string): SignedParts | string => {
  const pairs = queryPairs(rawQuery);
  const authorization = headerValue(headers, 'authorization');
  const inQuery = pairs.find(([key]) => key === 'X-Amz-Algorithm');
  if (authorization && inQuery) return 'both an Authorization header and a pre-signed query';
  if (authorization) {
    if (!authorization.startsWith(`${ALGORITHM} `)) return `only ${ALGORITHM} signatures are accepted`;
    const fields = new Map(
      authorization
        .slice(ALGORITHM.length)
        .split(',')
        .map((part) => part.trim())
        .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const),
    );
    const [credential, signedHeaders, signature] = [
      fields.get('Credential'),
      fields.get('SignedHeaders'),
      fields.get('Signature'),
    ];
    if (!credential || !signedHeaders || !signature)
      return 'the Authorization header lacks Credential, SignedHeaders or Signature';
    return {
      credential,
      signedHeaders: signedHeaders.split(';'),
      signature,
      amzDate: headerValue(headers, 'x-amz-date') ?? '',
      query: pairs,
      payloadHash: headerValue(headers, 'x-amz-content-sha256'),
    };
  }
  if (!inQuery) return 'the request is not signed';
  const get = (key: string) => pairs.find(([name]) => name === key)?.[1];
  if (inQuery[1] !== ALGORITHM) return `only ${ALGORITHM} signatures are accepted`;
  const [credential, signedHeaders, signature, amzDate, expires] = [
    'X-Amz-Credential',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
    'X-Amz-Date',
    'X-Amz-Expires',
  ].map(get);
  if (!credential || !signedHeaders || !signature || !amzDate || !expires)
    return 'the pre-signed query lacks one of its X-Amz- parameters';
  const expiresSeconds = Number(expires);
  if (!Number.isInteger(expiresSeconds) || expiresSeconds < 0 || expiresSeconds > MAX_EXPIRES_SECONDS)
    return 'X-Amz-Expires is out of range';
  return {
    credential,
    signedHeaders: signedHeaders.split(';'),
    signature,
    amzDate,
    query: pairs.filter(([key]) => key !== 'X-Amz-Signature'),
    // Pre-signed URLs sign no payload unless they say otherwise.
    payloadHash: get('X-Amz-Content-Sha256') ?? headerValue(headers, 'x-amz-content-sha256') ?? 'UNSIGNED-PAYLOAD',
    expiresSeconds,
  };
};

export interface GateRequest {
  method: string;
  /** The request target as received: path and raw query. */
  url: string;
  headers: IncomingHttpHeaders;
}

/**
 * Why the request is refused, or undefined when its signature is good. `body` is needed only when the request
 * declares no payload hash (the DynamoDB protocol signs the body's hash without sending it).
 */
export const signatureProblem = (
  request: GateRequest,
  credentials: GateCredentials,
  now: number,
  body?: Buffer,
): string | undefined => {
  const at = request.url.indexOf('?');
  const path = at < 0 ? request.url : request.url.slice(0, at);
  const parts = signedParts(request.headers, at < 0 ? '' : request.url.slice(at + 1));
  if (typeof parts === 'string') return parts;

  const [accessKeyId, date, region, service, terminator, ...rest] = parts.credential.split('/');
  if (rest.length > 0 || terminator !== 'aws4_request' || !date || !region || !service)
    return 'the credential scope is malformed';
  if (accessKeyId !== credentials.accessKeyId) return 'the access key is not this store’s';
  const signedAt = parseAmzDate(parts.amzDate);
  if (Number.isNaN(signedAt) || !parts.amzDate.startsWith(date))
    return 'the signing date is missing or does not match the credential scope';
  if (parts.expiresSeconds !== undefined) {
    if (signedAt - MAX_SKEW_MS > now) return 'the pre-signed URL is dated in the future';
    if (signedAt + parts.expiresSeconds * 1000 < now) return 'the pre-signed URL has expired';
  } else if (Math.abs(now - signedAt) > MAX_SKEW_MS) {
    return 'the request is dated too far from now';
  }
  if (!parts.signedHeaders.includes('host')) return 'the signature does not cover the host header';

  const payloadHash = parts.payloadHash ?? (body ? sha256(body) : undefined);
  if (payloadHash === undefined) return 'the payload hash is unknown';
  const canonicalHeaders = parts.signedHeaders
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalQuery = parts.query
    .map(([key, value]) => [strictEncode(key), strictEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    parts.signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, parts.amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = [date, region, service, 'aws4_request'].reduce<Buffer | string>(
    (key, part) => hmac(key, part),
    `AWS4${credentials.secretAccessKey}`,
  );
  const expected = hmac(signingKey, stringToSign);
  const provided = Buffer.from(parts.signature, 'hex');
  if (provided.length !== expected.length || !timingSafeEqual(provided, expected))
    return 'the signature does not match';
  return undefined;
};

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The body as a fresh stream with the request's head, for a handler that reads it with `on('data')`. */
const replayed = (request: IncomingMessage, body: Buffer): IncomingMessage => {
  const stream = new PassThrough();
  stream.end(body);
  return Object.assign(stream, {
    headers: request.headers,
    method: request.method,
    url: request.url,
    httpVersion: request.httpVersion,
    socket: request.socket,
  }) as unknown as IncomingMessage;
};

/**
 * Wraps an emulator's request handler: only correctly signed requests reach it. `refuse` writes the 403 in the
 * emulated service's own error format, so an SDK with the wrong key reports a meaningful error.
 */
export const signedOnly =
  (
    handle: Handler,
    credentials: GateCredentials,
    refuse: (response: ServerResponse, reason: string) => void,
  ): Handler =>
  (request, response) => {
    const head: GateRequest = { method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers };
    const declared =
      headerValue(request.headers, 'x-amz-content-sha256') !== undefined || /[?&]X-Amz-Signature=/.test(head.url);
    if (declared) {
      const problem = signatureProblem(head, credentials, Date.now());
      if (problem) {
        request.resume();
        return refuse(response, problem);
      }
      return handle(request, response);
    }
    // The body's hash is part of the signature: read it (bounded), check, then hand the handler a replay of it.
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_HASHED_BODY_BYTES) chunks.push(chunk);
    });
    request.on('error', () => response.destroy());
    request.on('end', () => {
      if (size > MAX_HASHED_BODY_BYTES) return refuse(response, 'the request body is too large');
      const body = Buffer.concat(chunks);
      const problem = signatureProblem(head, credentials, Date.now(), body);
      if (problem) return refuse(response, problem);
      handle(replayed(request, body), response);
    });
  };

export const refuseAsS3 = (response: ServerResponse, reason: string): void => {
  const escaped = reason.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  response.writeHead(403, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${escaped}</Message></Error>`,
  );
};

export const refuseAsDynamo = (response: ServerResponse, reason: string): void => {
  response.writeHead(403, { 'content-type': 'application/x-amz-json-1.0' });
  response.end(JSON.stringify({ __type: 'com.amazon.coral.service#UnrecognizedClientException', message: reason }));
};
