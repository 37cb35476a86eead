/**
 * Valid requests for any route of the route table, built from its own schemas (the fuzz generators' samples,
 * drawn until the schema accepts one), with the ids a test has at hand filled into the path. The security sweeps
 * use it so that a route added to the table is swept the day it is added.
 */
import type { Route } from '../../functions/api/route.js';
import { routes } from '../../functions/api/routes.js';
import type { Rng } from '../fuzz/prng.js';
import { sampleOf } from '../fuzz/schema-walk.js';

export type Ids = Partial<Record<'sessionId' | 'windowId' | 'id' | 'requestId' | 'automationId' | 'profileName', string>>;

/** A sample of the schema that the schema accepts, or the fallback (then the route's own 422 is the answer). */
export const validSample = (schema: Route['body'], rng: Rng, fallback: unknown = {}): unknown => {
  if (!schema) return undefined;
  for (let tries = 0; tries < 50; tries += 1) {
    const candidate = sampleOf(schema, rng);
    if (schema.safeParse(candidate).success) return candidate;
  }
  return fallback;
};

export const pathOf = (route: Route, ids: Ids): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name as keyof Ids] ?? `missing-${name}`));

export interface RouteRequest {
  route: Route;
  method: string;
  path: string;
  body?: unknown;
}

/** One valid request for the route, with `ids` in its path; `sessionIds` in a body name `ids.sessionId`. */
export const requestFor = (route: Route, ids: Ids, rng: Rng): RouteRequest => {
  let body = validSample(route.body, rng);
  if (namesSessions(route) && ids.sessionId) body = { ...(body as object), sessionIds: [ids.sessionId] };
  return { route, method: route.method, path: pathOf(route, ids), body };
};

/** A body with `sessionIds`: the route acts on the sessions it names. */
const namesSessions = (route: Route): boolean => {
  const shape = (route.body as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'sessionIds' in shape;
};

/** Routes that act on one session's browser: a `{sessionId}` in the path, or `sessionIds` in the body. */
export const sessionRoutes = (): Route[] => routes.filter((route) => route.path.includes('{sessionId}') || namesSessions(route));
