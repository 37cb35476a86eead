/** The answer for a request no route takes: 404, or 405 with `Allow` when the path exists under other methods. */
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { MethodNotAllowedError, NotFoundError } from '../core/shared/errors.js';
import { problemResponse } from './middleware/problem.js';
import type { Match } from './router.js';
import { header } from '../api/reply.js';
import { acceptRequestId } from '../net/request-id.js';

export const unmatchedResponse = (
  event: APIGatewayProxyEvent,
  match: Exclude<Match, { kind: 'found' }>,
): APIGatewayProxyResult => {
  const error =
    match.kind === 'wrongMethod'
      ? new MethodNotAllowedError(event.httpMethod, event.path, match.allow)
      : new NotFoundError('route', `${event.httpMethod} ${event.path}`);
  const requestId = acceptRequestId(header(event, 'x-request-id')) ?? event.requestContext?.requestId ?? 'unknown';
  const response = problemResponse(error, { requestId, instance: event.path, showInternal: false });
  response.headers = { ...response.headers, 'x-request-id': requestId };
  return response;
};
