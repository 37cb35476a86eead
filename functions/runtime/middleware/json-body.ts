/**
 * Parses the JSON body. Any content type is tried as JSON (curl's `-d` sends a form type by default, and the
 * official client always sends JSON), so the only failures are a body over the limit (413) and one that is not
 * JSON (400).
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { BadRequestError, PayloadTooLargeError } from '../../core/shared/errors.js';
import type { HttpContext, HttpRequest } from './types.js';

export const jsonBody = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  name: 'jsonBody',
  before: (request: HttpRequest) => {
    const { body, isBase64Encoded } = request.event;
    if (body === null || body === undefined || body === '') return;
    const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
    const limit = request.context.http.deps.config.maxBodyBytes;
    if (Buffer.byteLength(text) > limit) throw new PayloadTooLargeError(limit);
    try {
      request.context.http.json = JSON.parse(text);
    } catch (error) {
      throw new BadRequestError(`the request body is not valid JSON: ${(error as Error).message}`);
    }
  },
});
