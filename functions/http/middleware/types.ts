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

export type HttpRequest = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext>;
