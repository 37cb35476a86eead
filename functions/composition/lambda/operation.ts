/**
 * A route's Lambda handler: its operation run by the HTTP pipeline over deps built from the environment on first
 * use. `handlerOf` here is for functions that neither drive a browser nor ask a model; the entries of the others
 * take it from browser-operation.ts or model-operation.ts, which add those parts (and their code) to the bundle.
 */
import type { Deps } from '../../api/deps.js';
import type { Operation, OperationRun } from '../../api/operation.js';
import { routeByOperationId, type OperationId } from '../../api/routes.js';
import { buildHttpHandler, type HttpHandler } from '../../http/http-handler.js';
import { lambdaDeps } from './lambda-deps.js';

/** `handlerOf` for functions whose deps come from `depsOf`. */
export const handlersWith =
  (depsOf: () => Deps) =>
  <K extends OperationId>(operation: Operation<K>): HttpHandler => {
    const route = routeByOperationId(operation.operationId);
    return buildHttpHandler(route, operation.run as OperationRun, depsOf, { streaming: route.stream === true });
  };

export const handlerOf = handlersWith(lambdaDeps());
