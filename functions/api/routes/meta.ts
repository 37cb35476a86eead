/** Meta: the OpenAPI document, liveness and readiness; none needs a key. Part of the route table (`../routes.ts`). */
import { z } from 'zod';
import type { Route } from '../route.js';
import { HealthResponse, ReadinessResponse } from '../schemas/health.js';

export const metaRoutes = {
  getOpenApi: {
    method: 'GET' as const,
    path: '/v1/openapi.json',
    summary: 'This API described as OpenAPI 3.1',
    tag: 'meta' as const,
    status: 200,
    response: z.record(z.string(), z.unknown()),
    handler: 'meta/openapi',
    auth: false,
  },
  getHealth: {
    method: 'GET' as const,
    path: '/health',
    summary: 'Liveness: the API answers (no key, touches no store)',
    tag: 'meta' as const,
    status: 200,
    response: HealthResponse,
    handler: 'meta/health',
    auth: false,
    timeoutSeconds: 5,
  },
  getReadiness: {
    method: 'GET' as const,
    path: '/ready',
    summary: 'Readiness: the stores and the browser host answer (503 naming what failed)',
    tag: 'meta' as const,
    status: 200,
    response: ReadinessResponse,
    handler: 'meta/ready',
    auth: false,
    timeoutSeconds: 10,
  },
} satisfies Record<string, Omit<Route, 'operationId'>>;
