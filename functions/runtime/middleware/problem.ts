/**
 * The one error renderer: any error becomes the problem shape (`type,title,status,detail,instance,errors[]`).
 * 5xx details are hidden outside development, and logged with the request id instead.
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { MethodNotAllowedError, TooManyRequestsError, toAppError, type AppError } from '../../core/shared/errors.js';
import type { HttpContext, HttpRequest } from './types.js';

export const problemBody = (error: AppError, options: { requestId: string; instance: string; showInternal: boolean }) => ({
  type: 'about:blank',
  title: error.title,
  status: error.status,
  detail: error.expose || options.showInternal ? error.message : 'an internal error occurred; quote the request id when reporting it',
  instance: options.instance,
  code: error.code,
  requestId: options.requestId,
  errors: error.details,
});

export const problemResponse = (error: AppError, options: { requestId: string; instance: string; showInternal: boolean }): APIGatewayProxyResult => ({
  statusCode: error.status,
  headers: {
    'content-type': 'application/problem+json',
    ...(error instanceof MethodNotAllowedError ? { allow: error.allow.join(', ') } : {}),
    ...(error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined ? { 'retry-after': String(error.retryAfterSeconds) } : {}),
  },
  body: JSON.stringify(problemBody(error, options)),
});

export const problemRenderer = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  name: 'problemRenderer',
  onError: (request: HttpRequest) => {
    const error = toAppError(request.error);
    const http = request.context.http;
    const requestId = http?.requestId ?? 'unknown';
    // 501 (not built) and 503 (no capacity) are answers, not faults: only other 5xx are logged as errors.
    if (error.status >= 500 && error.status !== 501 && error.status !== 503) {
      const { sessionId, windowId } = (request.event.pathParameters ?? {}) as Record<string, string | undefined>;
      http?.deps.log.error('request failed', { requestId, operationId: http.route.operationId, sessionId, windowId, error: error.message, stack: (error.cause as Error | undefined)?.stack ?? error.stack });
    }
    request.response = problemResponse(error, {
      requestId,
      instance: request.event.path ?? '',
      showInternal: http?.deps.config.stage === 'development',
    });
  },
});
