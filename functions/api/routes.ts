/**
 * THE route table. Every endpoint is declared once, in the file of its resource under `routes/`, and assembled here
 * into the one table the local HTTP adapter, request validation, the CDK API Gateway routes and Lambda functions, the
 * MCP tools and openapi.json are all derived from. The order below is the order of openapi.json.
 */
import type { Route } from './route.js';
import { asyncRoutes } from './routes/async.js';
import { automationRoutes } from './routes/automations.js';
import { fileRoutes } from './routes/files.js';
import { metaRoutes } from './routes/meta.js';
import { operationRoutes } from './routes/operations.js';
import { profileRoutes } from './routes/profiles.js';
import { requestRoutes } from './routes/requests.js';
import { sessionRoutes } from './routes/sessions.js';
import { usageRoutes } from './routes/usage.js';
import { windowRoutes } from './routes/windows.js';

/** Keyed by operationId. `satisfies` keeps each entry's schema types, so handlers are typed from their route. */
export const routeTable = {
  ...sessionRoutes,
  ...windowRoutes,
  ...operationRoutes,
  ...asyncRoutes,
  ...requestRoutes,
  ...usageRoutes,
  ...fileRoutes,
  ...profileRoutes,
  ...automationRoutes,
  ...metaRoutes,
} satisfies Record<string, Omit<Route, 'operationId'>>;

export type RouteTable = typeof routeTable;
export type OperationId = keyof RouteTable;

export const routes: readonly Route[] = Object.entries(routeTable).map(([operationId, route]) => ({
  operationId,
  ...route,
}));

export const routeByOperationId = (operationId: string): Route => {
  const route = routes.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`no route has operationId ${operationId}`);
  return route;
};
