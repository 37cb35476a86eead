/** Gives every request an id (API Gateway's when there is one), echoed in `x-request-id` and in problem bodies. */
import { randomUUID } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Route } from '../../api/route.js';
import type { Deps } from '../../api/deps.js';
import type { HttpContext, HttpRequest } from './types.js';

export const requestContext = (route: Route, getDeps: () => Deps): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => {
  const stamp = (request: HttpRequest) => {
    if (request.response && request.context.http) {
      request.response.headers = { ...request.response.headers, 'x-request-id': request.context.http.requestId };
    }
  };
  return {
    name: 'requestContext',
    before: (request: HttpRequest) => {
      const requestId = request.event.requestContext?.requestId || randomUUID();
      request.context.http = { route, deps: getDeps(), requestId };
    },
    after: stamp,
    onError: stamp,
  };
};
