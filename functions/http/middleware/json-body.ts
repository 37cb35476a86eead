/**
 * Parses the JSON body. Any content type is tried as JSON (curl's `-d` sends a form type by default, and the
 * official client always sends JSON), so the failures are a body over the limit (413), one that is not JSON (400),
 * and one sent compressed (415): nothing in the chain inflates a `Content-Encoding`, and parsing the compressed
 * bytes as JSON would answer a 400 quoting binary noise instead of saying what to change.
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { header } from '../../api/reply.js';
import { AppError, BadRequestError, PayloadTooLargeError, ValidationError } from '../../core/shared/errors.js';
import type { HttpContext, HttpRequest } from './types.js';

/** No request shape nests past a handful of levels; a deeper body is refused before anything recurses over it. */
export const MAX_DEPTH = 32;

export const depthExceeds = (root: unknown, limit: number): boolean => {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
};

/**
 * A lone UTF-16 surrogate is not text: UTF-8 cannot carry one, so it arrives only as an escape (`"\ud800"`), and
 * whatever stores, signs or encodes such a string later (a file name in a download header, a record) fails or
 * changes it. The escape is looked for in the text first, so a body without one is not walked.
 */
const SURROGATE_ESCAPE = /\\u[dD][89abcdefABCDEF]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_REPORTED = 10;

/** Where the body holds a string or a key with a lone surrogate, as `body.a.0.b`. */
const loneSurrogatesAt = (root: unknown): string[] => {
  const found: string[] = [];
  const stack: [unknown, string][] = [[root, 'body']];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) found.push(at);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) found.push(`${at}.${key}`);
        else stack.push([child, `${at}.${key}`]);
      }
    }
  }
  return found;
};

/** JSON is UTF-8 (RFC 8259): other bytes would become U+FFFD silently, altering a `text` to type or a file name. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

const utf8Text = (bytes: Buffer): string => {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new BadRequestError('the request body is not valid UTF-8 (JSON is sent as UTF-8)', [
      { location: 'body', message: 'is not valid UTF-8' },
    ]);
  }
};

export const jsonBody = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  name: 'jsonBody',
  before: (request: HttpRequest) => {
    const { body, isBase64Encoded } = request.event;
    if (body === null || body === undefined || body === '') return;
    const encoding = header(request.event, 'content-encoding')?.trim();
    if (encoding && encoding.toLowerCase() !== 'identity') {
      const message = `is ${encoding.slice(0, 100)}; send the body uncompressed (no Content-Encoding, or identity)`;
      throw new AppError('unsupported_media_type', `the request body's content encoding ${message}`, {
        details: [{ location: 'header.content-encoding', message, value: encoding.slice(0, 100) }],
      });
    }
    const text = isBase64Encoded ? utf8Text(Buffer.from(body, 'base64')) : body;
    const limit = request.context.http.deps.config.maxBodyBytes;
    if (Buffer.byteLength(text) > limit) throw new PayloadTooLargeError(limit);
    let json: unknown;
    try {
      // RFC 8259 lets a parser ignore a leading byte order mark, and some clients (Windows tools) send one.
      json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (error) {
      throw new BadRequestError(`the request body is not valid JSON: ${(error as Error).message}`);
    }
    if (depthExceeds(json, MAX_DEPTH))
      throw new ValidationError([{ location: 'body', message: `nests deeper than ${MAX_DEPTH} levels` }]);
    const illFormed = SURROGATE_ESCAPE.test(text) ? loneSurrogatesAt(json) : [];
    if (illFormed.length)
      throw new ValidationError(
        illFormed.map((location) => ({
          location,
          message: 'holds a lone UTF-16 surrogate (an escape such as \\ud800 without its pair): send Unicode text',
        })),
      );
    request.context.http.json = json;
  },
});
