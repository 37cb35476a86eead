/**
 * Errors API Gateway answers by itself, in the problem shape (and codes) the handlers use. Unknown paths normally reach the
 * fallback function; this catches what cannot (API Gateway answers "Missing Authentication Token" with a 403 when a
 * path under an existing resource matches nothing), plus throttling and integration failures.
 */
import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';

interface Problem {
  type: ResponseType;
  status: number;
  title: string;
  code: string;
  detail: string;
}

const problems: Problem[] = [
  {
    type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
    status: 404,
    title: 'Not Found',
    code: 'not_found',
    detail: 'no route matches this method and path',
  },
  {
    type: ResponseType.THROTTLED,
    status: 429,
    title: 'Too Many Requests',
    code: 'too_many_requests',
    detail: 'request rate limit exceeded; retry later',
  },
  {
    type: ResponseType.REQUEST_TOO_LARGE,
    status: 413,
    title: 'Payload Too Large',
    code: 'payload_too_large',
    detail: 'the request is too large',
  },
  {
    type: ResponseType.INTEGRATION_TIMEOUT,
    status: 504,
    title: 'Gateway Timeout',
    code: 'gateway_timeout',
    detail: 'the operation did not answer in time',
  },
  {
    type: ResponseType.INTEGRATION_FAILURE,
    status: 502,
    title: 'Bad Gateway',
    code: 'bad_gateway',
    detail: 'the operation failed to answer',
  },
  {
    type: ResponseType.DEFAULT_5XX,
    status: 500,
    title: 'Internal Server Error',
    code: 'internal',
    detail: 'an internal error occurred; quote the request id when reporting it',
  },
];

const body = (problem: Problem): string =>
  JSON.stringify({
    type: 'about:blank',
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    instance: '$context.path',
    code: problem.code,
    requestId: '$context.requestId',
    errors: [],
  });

export const addProblemResponses = (api: RestApi): void => {
  for (const problem of problems) {
    api.addGatewayResponse(`Problem${problem.status}${problem.code}`, {
      type: problem.type,
      statusCode: String(problem.status),
      responseHeaders: { 'Content-Type': "'application/problem+json'" },
      templates: { 'application/json': body(problem) },
    });
  }
};
