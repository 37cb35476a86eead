/**
 * `defineOperation` ties a handler file to its route: the operation's input and output are typed from the route's
 * schemas, and the file's `handler` export is the Lambda entry point built from the same stack the local server
 * uses. This module's `defineOperation` is for functions that neither drive a browser nor ask a model; the others
 * take it from browser-operation.ts or model-operation.ts, which add those parts (and their code) to the bundle.
 */
import type { z } from 'zod';
import type { Principal } from '../../core/orgs/api-keys.js';
import { routeByOperationId, type OperationId, type RouteTable } from '../../api/routes.js';
import { lambdaDeps } from './lambda-deps.js';
import type { Deps } from '../../api/deps.js';
import { buildHttpHandler, type HttpHandler, type OperationInput, type OperationRun } from '../../http/http-handler.js';
import type { HttpReply } from '../../http/middleware/types.js';

type Out<T, K extends string> = T extends Record<K, infer S extends z.ZodType> ? z.output<S> : Record<string, never>;

type PrincipalOf<K extends OperationId> = RouteTable[K] extends { auth: false } ? undefined : Principal;

export type InputOf<K extends OperationId> = Omit<OperationInput<Out<RouteTable[K], 'params'>, Out<RouteTable[K], 'query'>, Out<RouteTable[K], 'body'>>, 'principal'> & {
  /** The caller's org and key: always present on authenticated routes. */
  principal: PrincipalOf<K>;
};
export type ResultOf<K extends OperationId> = z.input<RouteTable[K]['response']> | HttpReply;

export interface Operation<K extends OperationId = OperationId> {
  operationId: K;
  run: (input: InputOf<K>) => Promise<ResultOf<K>>;
  /** The Lambda handler for this operation (deps from the environment, built on first use). */
  handler: HttpHandler;
}

/** `defineOperation` for functions whose deps come from `depsOf`. */
export const operationsWith =
  (depsOf: () => Deps) =>
  <K extends OperationId>(operationId: K, run: (input: InputOf<K>) => Promise<ResultOf<K>>): Operation<K> => {
    const route = routeByOperationId(operationId);
    let handler: HttpHandler | undefined;
    return {
      operationId,
      run,
      get handler(): HttpHandler {
        handler ??= buildHttpHandler(route, run as OperationRun, depsOf, { streaming: route.stream === true });
        return handler;
      },
    };
  };

export const defineOperation = operationsWith(lambdaDeps());
