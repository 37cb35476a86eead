import type { Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Route } from '../../api/route.js';
import type { Principal } from '../../core/orgs/api-keys.js';
import type { Deps } from '../../api/deps.js';

/** What the middlewares learn about a request, for the ones after them and the operation. */
export interface HttpState {
  route: Route;
  deps: Deps;
  requestId: string;
  /** The parsed JSON body (undefined when none was sent). */
  json?: unknown;
  principal?: Principal;
  input?: { params: unknown; query: unknown; body: unknown };
}

export interface HttpContext extends Context {
  http: HttpState;
}

/** What an operation may return instead of a plain body: another status, extra headers, or a stream. */
export interface HttpReply {
  readonly kind: 'reply';
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

export type HttpRequest = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>;

export const reply = (body: unknown, options: { status?: number; headers?: Record<string, string> } = {}): HttpReply => ({
  kind: 'reply',
  body,
  ...options,
});

export const isReply = (value: unknown): value is HttpReply =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'reply';

/** Header lookup that ignores case, as HTTP does. */
export const header = (event: APIGatewayProxyEvent, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
};
