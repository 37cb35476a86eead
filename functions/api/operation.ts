/**
 * `defineOperation` ties a handler file to its route: the operation's input and output are typed from the route's
 * schemas. It is plain data (the operation id and its `run`); the HTTP pipeline runs it, locally in one process and
 * on AWS from the function's entry under `composition/lambda/entries/`, which also picks the deps it is built with.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { z } from 'zod';
import type { Principal } from '../core/orgs/api-keys.js';
import type { Deps } from './deps.js';
import type { HttpReply } from './reply.js';
import type { OperationId, RouteTable } from './routes.js';

/** What an operation sees: validated input, the caller, and the ports. */
export interface OperationInput<P = unknown, Q = unknown, B = unknown> {
  params: P;
  query: Q;
  body: B;
  /** The caller's org and key; undefined only on routes with `auth: false`. */
  principal: Principal | undefined;
  requestId: string;
  deps: Deps;
  event: APIGatewayProxyEvent;
  /** Aborted shortly before the function's time runs out. */
  signal: AbortSignal;
}

export type OperationRun = (input: OperationInput<any, any, any>) => Promise<unknown> | unknown;

type Out<T, K extends string> = T extends Record<K, infer S extends z.ZodType> ? z.output<S> : Record<string, never>;

type PrincipalOf<K extends OperationId> = RouteTable[K] extends { auth: false } ? undefined : Principal;

export type InputOf<K extends OperationId> = Omit<
  OperationInput<Out<RouteTable[K], 'params'>, Out<RouteTable[K], 'query'>, Out<RouteTable[K], 'body'>>,
  'principal'
> & {
  /** The caller's org and key: always present on authenticated routes. */
  principal: PrincipalOf<K>;
};
export type ResultOf<K extends OperationId> = z.input<RouteTable[K]['response']> | HttpReply;

export interface Operation<K extends OperationId = OperationId> {
  operationId: K;
  run: (input: InputOf<K>) => Promise<ResultOf<K>>;
}

export const defineOperation = <K extends OperationId>(
  operationId: K,
  run: (input: InputOf<K>) => Promise<ResultOf<K>>,
): Operation<K> => ({ operationId, run });
