/**
 * Parses the JSON body. Any content type is tried as JSON (curl's `-d` sends a form type by default, and the
 * official client always sends JSON), so the only failures are a body over the limit (413) and one that is not
 * JSON (400).
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { BadRequestError, PayloadTooLargeError, ValidationError } from '../../core/shared/errors.js';
import type { HttpContext, HttpRequest } from './types.js';

/** No request shape nests past a handful of levels; a deeper body is refused before anything recurses over it. */
const MAX_DEPTH = 32;

const depthExceeds = (root: unknown, limit: number): boolean => {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
};

export const jsonBody = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  name: 'jsonBody',
  before: (request: HttpRequest) => {
    const { body, isBase64Encoded } = request.event;
    if (body === null || body === undefined || body === '') return;
    const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
    const limit = request.context.http.deps.config.maxBodyBytes;
    if (Buffer.byteLength(text) > limit) throw new PayloadTooLargeError(limit);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new BadRequestError(`the request body is not valid JSON: ${(error as Error).message}`);
    }
    if (depthExceeds(json, MAX_DEPTH))
      throw new ValidationError([{ location: 'body', message: `nests deeper than ${MAX_DEPTH} levels` }]);
    request.context.http.json = json;
  },
});
