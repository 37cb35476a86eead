/** Derives the OpenAPI 3.1 document from the route table: nothing here is declared by hand. */
import { z } from 'zod';
import type { Route } from './route.js';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

const withoutMeta = ({ $schema: _ignored, ...rest }: Record<string, unknown>) => rest;

const parameters = (schema: z.ZodObject | undefined, where: 'path' | 'query') => {
  if (!schema) return [];
  const doc = jsonSchema(schema, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(doc.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (doc.required ?? []).includes(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
    ...(where === 'query' && (property.anyOf as unknown[] | undefined)?.length ? { style: 'form', explode: true } : {}),
  }));
};

const problem = { description: 'Problem', content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };

const operation = (route: Route) => ({
  operationId: route.operationId,
  summary: route.summary,
  tags: [route.tag],
  ...(route.deprecated ? { deprecated: true } : {}),
  ...(route.auth === false ? { security: [] } : {}),
  parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
  ...(route.body
    ? { requestBody: { required: false, content: { 'application/json': { schema: withoutMeta(jsonSchema(route.body, 'input')) } } } }
    : {}),
  responses: {
    [String(route.status)]: {
      description: route.handler ? 'Success' : 'Success (not available in this version yet: answers 501)',
      content: { [route.operationId === 'sessionEvents' ? 'text/event-stream' : 'application/json']: { schema: withoutMeta(jsonSchema(route.response, 'output')) } },
    },
    ...(route.auth === false ? {} : { '401': problem }),
    ...(route.params ? { '404': problem } : {}),
    '422': problem,
    ...(route.handler ? {} : { '501': problem }),
    default: problem,
  },
});

export const buildOpenApi = (routes: readonly Route[], problemSchema: z.ZodType, version: string): Record<string, unknown> => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Browser session automation API',
      version,
      description: 'Remote Chromium sessions driven and read in plain language. Wire-compatible with the v1 interface of the official client.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key: Authorization: Bearer <key>' } },
      schemas: { Problem: withoutMeta(jsonSchema(problemSchema, 'output')) },
    },
    paths,
  };
};
