/**
 * Gives every request an id (the caller's well-formed `x-request-id`, else API Gateway's, else a new one), echoed in
 * `x-request-id`, in problem bodies and logs, and carried on calls made for the request (observability/request-id.ts).
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Route } from '../../api/route.js';
import type { Deps } from '../../api/deps.js';
import { acceptRequestId, enterRequestScope } from '../../net/request-id.js';
import { header } from '../../api/reply.js';
import type { HttpContext, HttpRequest } from './types.js';

export const requestContext = (
  route: Route,
  getDeps: () => Deps,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => {
  const stamp = (request: HttpRequest) => {
    if (request.response && request.context.http) {
      request.response.headers = { ...request.response.headers, 'x-request-id': request.context.http.requestId };
    }
  };
  return {
    name: 'requestContext',
    before: (request: HttpRequest) => {
      const requestId =
        acceptRequestId(header(request.event, 'x-request-id')) ??
        (request.event.requestContext?.requestId || randomUUID());
      request.context.http = { route, deps: getDeps(), requestId };
      enterRequestScope(requestId);
    },
    after: stamp,
    onError: stamp,
  };
};
