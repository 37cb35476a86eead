/**
 * The whole API as one in-process function over API Gateway-shaped events: what the local HTTP server serves and
 * what tests drive without a socket (`inject`).
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Route } from '../../api/route.js';
import { routes as allRoutes } from '../../api/routes.js';
import type { Deps } from '../../api/deps.js';
import type { OperationRun } from '../../api/operation.js';
import { buildHttpHandler, type ClientAware, type HttpHandler } from '../../http/http-handler.js';
import { createRouter } from '../../http/router.js';
import { unmatchedResponse } from '../../http/unmatched.js';
import { buildEvent, type InjectRequest } from '../../http/local/event.js';
import { loadOperations } from './handler-modules.js';
import { createMcpDoor, MCP_PATH } from '../../mcp/door.js';

export interface LocalApp {
  /** `clientGone`: aborted when the client leaves before the answer (the local server's socket closed). */
  handle(event: APIGatewayProxyEvent, options?: { clientGone?: AbortSignal }): Promise<APIGatewayProxyResult>;
  /** Drive the app without a socket. JSON bodies are parsed into `json` for convenience. */
  inject(request: InjectRequest): Promise<APIGatewayProxyResult & { json: any }>;
  deps: Deps;
}

const lambdaContext = (route: Route, requestId: string, clientGone?: AbortSignal): Context => {
  const deadline = Date.now() + (route.timeoutSeconds ?? 30) * 1000;
  const context: Context & ClientAware = {
    awsRequestId: requestId,
    functionName: `local-${route.operationId}`,
    getRemainingTimeInMillis: () => deadline - Date.now(),
  } as unknown as Context;
  if (clientGone) context.clientGone = clientGone;
  return context;
};

export const createLocalApp = async (
  deps: Deps,
  options: { routes?: readonly Route[]; operations?: Map<string, OperationRun> } = {},
): Promise<LocalApp> => {
  const routes = options.routes ?? allRoutes;
  const operations = options.operations ?? (await loadOperations(routes));
  const match = createRouter(routes);
  const handlers = new Map<string, HttpHandler>();
  for (const route of routes)
    handlers.set(
      route.operationId,
      buildHttpHandler(route, operations.get(route.operationId), () => deps),
    );

  const handle = async (
    event: APIGatewayProxyEvent,
    { clientGone }: { clientGone?: AbortSignal } = {},
  ): Promise<APIGatewayProxyResult> => {
    if (event.path === MCP_PATH) return mcp(event, { clientGone });
    const found = match(event.httpMethod, event.path);
    if (found.kind !== 'found') return unmatchedResponse(event, found);
    const routed: APIGatewayProxyEvent = { ...event, resource: found.route.path, pathParameters: found.params };
    return handlers.get(found.route.operationId)!(
      routed,
      lambdaContext(found.route, event.requestContext.requestId, clientGone),
    );
  };
  // MCP tools call the routes above in-process, as the HTTP requests they describe.
  const mcp = createMcpDoor({
    isKnownKey: async (token) => (await deps.authenticate(token)) !== undefined,
    dispatch: async ({ authorization, ...request }, signal) => {
      const result = await handle(buildEvent({ requestId: randomUUID(), ...request, headers: { authorization } }), {
        clientGone: signal,
      });
      return { status: result.statusCode, body: typeof result.body === 'string' ? result.body : '' };
    },
  });

  return {
    deps,
    handle,
    inject: async (request) => {
      const response = await handle(buildEvent({ requestId: randomUUID(), ...request }));
      let json: unknown;
      if (typeof response.body === 'string' && response.body.length > 0) {
        try {
          json = JSON.parse(response.body);
        } catch {
          json = undefined;
        }
      }
      return { ...response, json };
    },
  };
};
