/** `Authorization: Bearer <key>` → the caller's org. Routes marked `auth: false` skip it. */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { UnauthorizedError } from '../../core/shared/errors.js';
import { header } from '../../api/reply.js';
import { timed } from '../../net/stage-timings.js';
import type { HttpContext, HttpRequest } from './types.js';

export const bearerToken = (authorization: string | undefined): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
};

export const authenticate = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  name: 'authenticate',
  before: async (request: HttpRequest) => {
    const http = request.context.http;
    if (http.route.auth === false) return;
    const token = bearerToken(header(request.event, 'authorization'));
    if (!token) throw new UnauthorizedError();
    const principal = await timed('auth', () => http.deps.authenticate(token));
    if (!principal) throw new UnauthorizedError('the API key is not valid (unknown or revoked)');
    http.principal = principal;
  },
});
