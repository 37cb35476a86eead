/**
 * `/mcp` as a Lambda function. Its tools call the API's routes over HTTPS at the service's public URL, with the
 * caller's key: each operation runs in its own function, with its own bundle and timeout, exactly as for any client.
 * Streamed (API Gateway response streaming), so a tool call may run past a buffered integration's 29 s.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ENV } from '../../../config/env.js';
import { lambdaDeps } from '../lambda-deps.js';
import type { Dispatch } from '../../../mcp/call.js';
import { createMcpDoor } from '../../../mcp/door.js';
import { buildTools } from '../../../mcp/tools.js';

/**
 * The streamed routes cap an operation at SYNC_TIME_LIMIT_SECONDS (below API Gateway's 5-minute idle cut); a call
 * still unanswered a little after that is given up, so this door answers before the same cut.
 */
const GRACE_SECONDS = 15;
const waitLimitMs = (): number | undefined => {
  const seconds = Number(process.env[ENV.syncTimeLimitSeconds]);
  return Number.isFinite(seconds) && seconds > 0 ? (seconds + GRACE_SECONDS) * 1000 : undefined;
};

/** Requests to the API at `baseUrl` (the stage's URL, e.g. https://api.example.com/api). */
export const httpDispatch =
  (baseUrl: string): Dispatch =>
  async ({ method, path, authorization, body }, cancelled) => {
    const limit = waitLimitMs();
    // A cancelled call lets go of its request; the API's own function then runs to its time limit (no word reaches it).
    const signals = [limit === undefined ? undefined : AbortSignal.timeout(limit), cancelled].filter(
      (s): s is AbortSignal => s !== undefined,
    );
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    });
    return { status: response.status, body: await response.text() };
  };

const deps = lambdaDeps();
const tools = buildTools();

/** The configured public URL, else the stage this request came through. */
const baseUrlOf = (event: APIGatewayProxyEvent): string =>
  deps().config.publicBaseUrl ??
  `https://${event.requestContext.domainName ?? event.headers?.host}/${event.requestContext.stage}`;

const serve = (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> =>
  createMcpDoor({
    tools,
    isKnownKey: async (token) => (await deps().authenticate(token)) !== undefined,
    dispatch: httpDispatch(baseUrlOf(event)),
  })(event);

// Response streaming exists only inside the Lambda runtime (see http/http-handler.ts).
const lambdaRuntime = (globalThis as { awslambda?: { streamifyResponse?: unknown } }).awslambda;
export const handler = middy(serve, { streamifyResponse: typeof lambdaRuntime?.streamifyResponse === 'function' });
