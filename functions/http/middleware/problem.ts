/**
 * The one error renderer: any error becomes the problem shape (`type,title,status,detail,instance,errors[]`), its
 * status and title read from the error's code in `HTTP_STATUS`, the one table from core's codes to HTTP.
 * Internal details are hidden outside development, and logged with the request id instead.
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import {
  MethodNotAllowedError,
  TooManyRequestsError,
  toAppError,
  type AppError,
  type ErrorCode,
} from '../../core/shared/errors.js';
import type { HttpContext, HttpRequest } from './types.js';

/** Each error code's HTTP status and problem title. */
export const HTTP_STATUS: Readonly<Record<ErrorCode, { status: number; title: string }>> = {
  bad_request: { status: 400, title: 'Bad Request' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not Found' },
  method_not_allowed: { status: 405, title: 'Method Not Allowed' },
  conflict: { status: 409, title: 'Conflict' },
  browser_closed: { status: 409, title: 'Conflict' },
  page_navigated: { status: 409, title: 'Conflict' },
  payload_too_large: { status: 413, title: 'Payload Too Large' },
  // No one reads it (the client left); the status says so in the access log, as proxies write it.
  client_closed: { status: 499, title: 'Client Closed Request' },
  storage_limit_reached: { status: 413, title: 'Payload Too Large' },
  unsupported_media_type: { status: 415, title: 'Unsupported Media Type' },
  validation_failed: { status: 422, title: 'Unprocessable Entity' },
  too_many_requests: { status: 429, title: 'Too Many Requests' },
  internal: { status: 500, title: 'Internal Server Error' },
  not_implemented: { status: 501, title: 'Not Implemented' },
  unavailable: { status: 503, title: 'Service Unavailable' },
};

export const httpStatusOf = (error: AppError): number => HTTP_STATUS[error.code].status;

export const problemBody = (
  error: AppError,
  options: { requestId: string; instance: string; showInternal: boolean },
) => ({
  type: 'about:blank',
  title: HTTP_STATUS[error.code].title,
  status: httpStatusOf(error),
  detail:
    error.expose || options.showInternal
      ? error.message
      : 'an internal error occurred; quote the request id when reporting it',
  instance: options.instance,
  code: error.code,
  requestId: options.requestId,
  errors: error.details,
});

export const problemResponse = (
  error: AppError,
  options: { requestId: string; instance: string; showInternal: boolean },
): APIGatewayProxyResult => ({
  statusCode: httpStatusOf(error),
  headers: {
    'content-type': 'application/problem+json',
    ...(error instanceof MethodNotAllowedError ? { allow: error.allow.join(', ') } : {}),
    ...(error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined
      ? { 'retry-after': String(error.retryAfterSeconds) }
      : {}),
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
    if (error.code === 'internal') {
      const { sessionId, windowId } = (request.event.pathParameters ?? {}) as Record<string, string | undefined>;
      http?.deps.log.error('request failed', {
        requestId,
        operationId: http.route.operationId,
        sessionId,
        windowId,
        error: error.message,
        stack: (error.cause as Error | undefined)?.stack ?? error.stack,
      });
    }
    request.response = problemResponse(error, {
      requestId,
      instance: request.event.path ?? '',
      showInternal: http?.deps.config.stage === 'development',
    });
  },
});
