/**
 * Builds the middy stack every route shares: access log → request id → error rendering → JSON body → auth → rate limit → validation →
 * operation → response shaping. The same stack serves API Gateway in AWS and the local HTTP adapter.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Route } from '../api/route.js';
import type { Deps } from '../api/deps.js';
import type { OperationRun } from '../api/operation.js';
import { NotImplementedError, UnavailableError } from '../core/shared/errors.js';
import { authenticate } from './middleware/authenticate.js';
import { jsonBody } from './middleware/json-body.js';
import { problemRenderer } from './middleware/problem.js';
import { requestContext } from './middleware/request-id.js';
import { respond } from './middleware/respond.js';
import type { HttpContext } from './middleware/types.js';
import { validateRequest } from './middleware/validate.js';
import { capTimeThreshold } from './sync-time-limit.js';
import { accessLog } from './middleware/access-log.js';
import { rateLimit } from './middleware/rate-limit.js';
import { collectStages } from '../net/stage-timings.js';

export type HttpHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * A context that knows when the client left: the local server aborts `clientGone` when the socket closes before the
 * answer. An operation then stops as it would at its time limit (a monitor does not poll on for a minute for
 * nobody); API Gateway gives a Lambda no such word, so there it runs to its time limit as before.
 */
export interface ClientAware {
  clientGone?: AbortSignal;
}

export const buildHttpHandler = (
  route: Route,
  run: OperationRun | undefined,
  getDeps: () => Deps,
  options: { streaming?: boolean } = {},
): HttpHandler => {
  const base = async (event: APIGatewayProxyEvent, context: HttpContext, { signal }: { signal: AbortSignal }) => {
    if (!run) throw new NotImplementedError(route.operationId);
    const clientGone = (context as ClientAware).clientGone;
    const http = context.http;
    const input = http.input!;
    const body = route.stream ? capTimeThreshold(input.body, http.deps.config.syncTimeLimitSeconds) : input.body;
    return run({
      params: input.params,
      query: input.query,
      body,
      principal: http.principal,
      requestId: http.requestId,
      deps: http.deps,
      event,
      signal: clientGone ? AbortSignal.any([signal, clientGone]) : signal,
    });
  };
  // Response streaming exists only inside the Lambda runtime (`awslambda.streamifyResponse`; the AWS SDK defines an
  // `awslambda` object of its own elsewhere); outside it the local adapter pipes stream bodies itself.
  const lambdaRuntime = (globalThis as { awslambda?: { streamifyResponse?: unknown } }).awslambda;
  const streaming = (options.streaming ?? false) && typeof lambdaRuntime?.streamifyResponse === 'function';
  const handler = middy(base, {
    streamifyResponse: streaming,
    timeoutEarlyResponse: () => {
      throw new UnavailableError(`${route.operationId} ran out of time`);
    },
  })
    .use(accessLog())
    .use(requestContext(route, getDeps))
    .use(problemRenderer())
    .use(jsonBody())
    .use(authenticate())
    .use(rateLimit())
    .use(validateRequest())
    .use(respond()) as unknown as HttpHandler;
  // A streamed handler keeps the shape the Lambda runtime recognizes; the others collect their stage timings.
  return streaming ? handler : (event, context) => collectStages(() => handler(event, context));
};
