/** The shape of one entry in the route table. Plain data: infra, the local server, validation and OpenAPI read it. */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path with `{param}` segments, e.g. `/v1/sessions/{id}`. */
  path: string;
  summary: string;
  /** Longer prose for the reference: what the operation does, when to use it, what it refuses. */
  description?: string;
  tag:
    | 'sessions'
    | 'windows'
    | 'window operations'
    | 'async'
    | 'files'
    | 'profiles'
    | 'requests'
    | 'automations'
    | 'usage'
    | 'meta';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success status and body schema. */
  status: number;
  response: z.ZodType;
  /** Handler module under `functions/api/handlers/`, without extension. Absent: the operation answers 501. */
  handler?: string;
  /** Defaults to true: `Authorization: Bearer <key>` required. */
  auth?: boolean;
  /** The response is streamed (server-sent events, or an operation that may outlast 29 s). */
  stream?: boolean;
  deprecated?: boolean;
  /** Upper bound on the operation's run time, in seconds; sizes the function timeout in AWS. Default 30. */
  timeoutSeconds?: number;
}

export const routeKey = (route: Pick<Route, 'method' | 'path'>): string => `${route.method} ${route.path}`;
