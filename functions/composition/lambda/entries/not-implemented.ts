/**
 * One function serves every route whose operation is not built yet. It still authenticates and validates, so a
 * client learns about a bad key or a bad body first, then answers 501 in the problem shape.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { buildHttpHandler, type HttpHandler } from '../../../http/http-handler.js';
import { lambdaDeps } from '../lambda-deps.js';
import { unmatchedResponse } from '../../../http/unmatched.js';
import { routes } from '../../../api/routes.js';

const handlers = new Map<string, HttpHandler>();
// A 501 reads nothing but the caller's key: no browser, no model.
const depsOf = lambdaDeps();

export const handler = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
  const key = `${event.httpMethod} ${event.resource}`;
  let routeHandler = handlers.get(key);
  if (!routeHandler) {
    const route = routes.find(
      (candidate) => candidate.method === event.httpMethod && candidate.path === event.resource,
    );
    if (!route) return unmatchedResponse(event, { kind: 'none' });
    routeHandler = buildHttpHandler(route, undefined, depsOf);
    handlers.set(key, routeHandler);
  }
  return routeHandler(event, context);
};
