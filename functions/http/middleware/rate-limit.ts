/** The per-org limit as a middleware of the route stack; the buckets and what they mean are in token-buckets.ts. */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { TooManyRequestsError } from '../../core/shared/errors.js';
import type { HttpContext, HttpRequest } from './types.js';

/** After authentication: routes without a key (`/health`, `/ready`, the OpenAPI document) are never limited. */
export const rateLimit = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  name: 'rateLimit',
  before: (request: HttpRequest) => {
    const { deps, principal, route } = request.context.http;
    if (!deps.rateLimiter || !principal) return;
    const verdict = deps.rateLimiter.take(principal.orgId);
    if (verdict.allowed) return;
    deps.telemetry.rateLimited(route.operationId);
    throw new TooManyRequestsError(
      `this org is over its request rate (${deps.config.rateLimitPerSecond}/s, bursts of ${deps.config.rateLimitBurst}); retry after ${verdict.retryAfterSeconds} s`,
      verdict.retryAfterSeconds,
    );
  },
});
