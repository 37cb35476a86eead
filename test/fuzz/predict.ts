/**
 * What the service should make of a request, worked out from the route table and the same parsing rules the
 * middlewares document: which route takes it, whether it gets past body parsing and auth, and whether its input
 * is valid. The fuzz test checks every answer against this.
 */
import type { Route } from '../../functions/api/route.js';
import { bearerToken } from '../../functions/http/middleware/authenticate.js';
import { header } from '../../functions/api/reply.js';
import { queryInput, withoutNulls } from '../../functions/http/middleware/validate.js';
import { buildEvent } from '../../functions/http/local/event.js';
import type { createRouter } from '../../functions/http/router.js';
import type { FuzzRequest } from './generate.js';

export interface Prediction {
  /** The route that takes the request; undefined for a 404 or 405. */
  route?: Route;
  /** The body is absent or JSON within the limit. */
  parses: boolean;
  /** The caller is authenticated, or the route needs no key. */
  authorized: boolean;
  /** Path, query and body meet the route's schemas. */
  valid: boolean;
}

export const predict = (
  request: FuzzRequest,
  match: ReturnType<typeof createRouter>,
  key: string,
  maxBodyBytes: number,
): Prediction => {
  let event: ReturnType<typeof buildEvent>;
  try {
    event = buildEvent({ ...request, requestId: 'prediction' });
  } catch {
    // Not a request the service can take at all; any 4xx will do.
    return { parses: false, authorized: false, valid: false };
  }
  const found = match(event.httpMethod, event.path);
  if (found.kind !== 'found') return { parses: false, authorized: false, valid: false };
  const route = found.route;
  let json: unknown;
  if (request.body !== undefined && request.body !== '') {
    if (Buffer.byteLength(request.body) > maxBodyBytes)
      return { route, parses: false, authorized: false, valid: false };
    try {
      json = JSON.parse(request.body);
    } catch {
      return { route, parses: false, authorized: false, valid: false };
    }
  }
  const authorized = route.auth === false || bearerToken(header(event, 'authorization')) === key;
  const parts: [Route['body'], unknown][] = [
    [route.params, found.params],
    [route.query, queryInput(event)],
    [route.body, json === undefined ? {} : withoutNulls(json)],
  ];
  const valid = parts.every(([schema, input]) => !schema || schema.safeParse(input).success);
  return { route, parses: true, authorized, valid };
};

/** A route that does real work when called with valid input (anything but a plain read). */
export const doesRealWork = (route: Route): boolean =>
  route.handler !== undefined && (route.method !== 'GET' || route.stream === true);
