/**
 * Derives the OpenAPI 3.1 document from the route table: nothing here is declared by hand. Schemas named with
 * `.meta({ id })`, and every request and response body, become named components (`#/components/schemas/…`), so
 * clients generated from the document get named types. Where a named schema reads differently as input than as
 * output (defaults, transforms, closed objects), the input form is named `<id>Input`.
 */
import { z } from 'zod';
import type { Route } from './route.js';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const jsonSchema = (schema: z.ZodType, io: Io) =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;

const TAGS: Record<Route['tag'], string> = {
  sessions: 'A session is one remote Chromium browser of an organization, from start to end.',
  windows: "A session's windows (tabs): open, load a URL, watch live, close.",
  'window operations':
    'Act on or read a window in plain language; answered when done (long operations stream keep-alives).',
  async: 'The same operations answered at once with a request id; the result is polled or delivered to a webhook.',
  requests: 'Asynchronous requests: their state, result and webhook deliveries.',
  files: "The organization's files: downloads, screenshots, recordings and uploads.",
  profiles: 'Saved browser profiles (cookies and storage) that new sessions can start from.',
  automations: 'Learned automations such as form fillers.',
  usage: 'Credits spent by the organization.',
  meta: 'This document.',
};

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** Rewrites every `#/$defs/X` reference in a JSON schema with `rename`. */
const rewriteRefs = (value: unknown, rename: (id: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rename));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
        ? `#/components/schemas/${rename(inner.slice(8))}`
        : rewriteRefs(inner, rename),
    ]),
  );
};

/**
 * Collects schemas as they are converted, keeping each named definition once per direction, and names the
 * components at the end (when both directions of every definition are known).
 */
const createCollector = () => {
  const defs: Record<Io, Map<string, Json>> = { input: new Map(), output: new Map() };
  const converted: { io: Io; body: Json; name?: string }[] = [];

  /** Converts a body; `name` lifts it into a component unless it is a named schema already. */
  const convert = (schema: z.ZodType, io: Io, name?: string): { placeholder: Json } => {
    const { $schema: _ignored, $defs, ...body } = jsonSchema(schema, io) as Json & { $defs?: Record<string, Json> };
    for (const [id, definition] of Object.entries($defs ?? {})) if (!defs[io].has(id)) defs[io].set(id, definition);
    const entry = { io, body, name: typeof body.$ref === 'string' ? undefined : name };
    converted.push(entry);
    // Filled in by `finish`; the object is shared with the document, so it can be written later.
    const placeholder: Json = {};
    (entry as { placeholder?: Json }).placeholder = placeholder;
    return { placeholder };
  };

  const finish = (): Record<string, Json> => {
    const componentName = (id: string, io: Io): string => {
      const input = defs.input.get(id);
      const output = defs.output.get(id);
      if (io === 'input' && input && output && JSON.stringify(input) !== JSON.stringify(output)) return `${id}Input`;
      return id;
    };
    const components: Record<string, Json> = {};
    for (const io of ['output', 'input'] as const) {
      for (const [id, definition] of defs[io])
        components[componentName(id, io)] ??= rewriteRefs(definition, (ref) => componentName(ref, io)) as Json;
    }
    for (const entry of converted as { io: Io; body: Json; name?: string; placeholder: Json }[]) {
      const body = rewriteRefs(entry.body, (ref) => componentName(ref, entry.io)) as Json;
      if (entry.name && !components[entry.name]) components[entry.name] = body;
      Object.assign(entry.placeholder, entry.name ? { $ref: `#/components/schemas/${entry.name}` } : body);
    }
    return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  };

  return { convert, finish };
};

type Collector = ReturnType<typeof createCollector>;

const parameters = (schema: z.ZodObject | undefined, where: 'path' | 'query') => {
  if (!schema) return [];
  const doc = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(doc.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (doc.required ?? []).includes(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
    ...(where === 'query' && (property.anyOf as unknown[] | undefined)?.length ? { style: 'form', explode: true } : {}),
  }));
};

const problem = {
  description: 'Problem',
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
};

const operation = (route: Route, collect: Collector) => ({
  operationId: route.operationId,
  summary: route.summary,
  ...(route.description ? { description: route.description } : {}),
  tags: [route.tag],
  ...(route.deprecated ? { deprecated: true } : {}),
  ...(route.auth === false ? { security: [] } : {}),
  parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
  ...(route.body
    ? {
        requestBody: {
          required: false,
          content: {
            'application/json': {
              schema: collect.convert(route.body, 'input', `${pascal(route.operationId)}Request`).placeholder,
            },
          },
        },
      }
    : {}),
  responses: {
    [String(route.status)]: {
      description: route.handler ? 'Success' : 'Success (not available in this version yet: answers 501)',
      content: {
        [route.operationId === 'sessionEvents' ? 'text/event-stream' : 'application/json']: {
          schema: collect.convert(route.response, 'output', `${pascal(route.operationId)}Response`).placeholder,
        },
      },
    },
    ...(route.auth === false ? {} : { '401': problem }),
    ...(route.params ? { '404': problem } : {}),
    '422': problem,
    ...(route.handler ? {} : { '501': problem }),
    default: problem,
  },
});

export const buildOpenApi = (routes: readonly Route[], problemSchema: z.ZodType, version: string): Json => {
  const collect = createCollector();
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, collect);
  }
  const problemComponent = collect.convert(problemSchema, 'output', 'Problem');
  const schemas = collect.finish();
  if (!schemas.Problem) schemas.Problem = problemComponent.placeholder;
  const used = [...new Set(routes.map((route) => route.tag))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Browser session automation API',
      version,
      description:
        'Remote Chromium sessions driven and read in plain language. Wire-compatible with the v1 interface of the official client.\n\n' +
        "Every call but this document needs an API key (`Authorization: Bearer <key>`) and sees only the records of the key's organization. " +
        'Errors are `application/problem+json`; a 422 lists each failing field in `errors[]` with its `location` (e.g. `body.url`).',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: used.map((name) => ({ name, description: TAGS[name] })),
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key: Authorization: Bearer <key>' },
      },
      schemas,
    },
    paths,
  };
};
