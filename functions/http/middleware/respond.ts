/**
 * Turns what an operation returned into the HTTP response: JSON with the route's success status, or a stream
 * passed through untouched. In development and tests every JSON body is checked against the route's response
 * schema, so a drift from the wire contract fails loudly there instead of confusing a client.
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { InternalError } from '../../core/shared/errors.js';
import { isReply } from '../../api/reply.js';
import type { HttpContext, HttpRequest } from './types.js';

const isStream = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && typeof (body as { pipe?: unknown }).pipe === 'function';

export const respond = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  name: 'respond',
  after: (request: HttpRequest) => {
    const { route, deps } = request.context.http;
    const result: unknown = request.response;
    const out = isReply(result) ? result : { status: undefined, headers: undefined, body: result };
    const status = out.status ?? route.status;
    if (isStream(out.body)) {
      request.response = { statusCode: status, headers: out.headers ?? {}, body: out.body as unknown as string };
      return;
    }
    if (deps.validateResponses && status === route.status) {
      const check = route.response.safeParse(out.body);
      if (!check.success) {
        throw new InternalError(`response of ${route.operationId} does not match its schema: ${check.error.message}`);
      }
    }
    request.response = {
      statusCode: status,
      headers: { 'content-type': 'application/json', ...out.headers },
      body: JSON.stringify(out.body ?? {}),
    };
  },
});
