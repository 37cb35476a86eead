/** Loads each route's handler module by the name the route table gives it. */
import type { Route } from '../../api/route.js';
import type { OperationRun } from '../../api/operation.js';

const handlersDir = new URL('../../api/handlers/', import.meta.url);

export const loadOperations = async (routes: readonly Route[]): Promise<Map<string, OperationRun>> => {
  const operations = new Map<string, OperationRun>();
  await Promise.all(
    routes.map(async (route) => {
      if (!route.handler) return;
      const module = (await import(new URL(`${route.handler}.js`, handlersDir).href)) as {
        operation?: { operationId: string; run: OperationRun };
      };
      if (module.operation?.operationId !== route.operationId) {
        throw new Error(`handler ${route.handler} must export the operation ${route.operationId}`);
      }
      operations.set(route.operationId, module.operation.run);
    }),
  );
  return operations;
};
