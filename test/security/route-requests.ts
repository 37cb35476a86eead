/**
 * Valid requests for any route of the route table, built from its own schemas (the fuzz generators' samples,
 * drawn until the schema accepts one), with the ids a test has at hand filled into the path. The security sweeps
 * use it so that a route added to the table is swept the day it is added.
 */
import type { z } from 'zod';
import type { Route } from '../../functions/api/route.js';
import { routes } from '../../functions/api/routes.js';
import type { Rng } from '../fuzz/prng.js';
import { inputSide, sampleOf } from '../fuzz/schema-walk.js';

export type Ids = Partial<
  Record<'sessionId' | 'windowId' | 'id' | 'requestId' | 'automationId' | 'profileName', string>
>;

/** A sample of the schema that the schema accepts, or the fallback (then the route's own 422 is the answer). */
export const validSample = (schema: Route['body'], rng: Rng, fallback: unknown = {}): unknown => {
  if (!schema) return undefined;
  for (let tries = 0; tries < 50; tries += 1) {
    const candidate = sampleOf(schema, rng);
    if (schema.safeParse(candidate).success) return candidate;
  }
  return fallback;
};

export const pathOf = (route: Route, ids: Ids): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(ids[name as keyof Ids] ?? `missing-${name}`),
  );

export interface RouteRequest {
  route: Route;
  method: string;
  path: string;
  body?: unknown;
}

/** The samples' URLs (`https://example.com/`) pointed at a local site: tests never reach the internet. */
export const localized = (value: unknown, localUrl: string): unknown => {
  if (typeof value === 'string')
    return value.startsWith('https://example.com/')
      ? `${localUrl}/${value.slice('https://example.com/'.length)}`
      : value;
  if (Array.isArray(value)) return value.map((item) => localized(item, localUrl));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localized(item, localUrl)]));
  return value;
};

/**
 * One valid request for the route, with `ids` in its path; `sessionIds` in a body name `ids.sessionId`, and URLs
 * point at `localUrl` when given.
 */
export const requestFor = (route: Route, ids: Ids, rng: Rng, localUrl?: string): RouteRequest => {
  let body = validSample(route.body, rng);
  if (localUrl) body = localized(body, localUrl);
  if (namesSessions(route) && ids.sessionId) body = { ...(body as object), sessionIds: [ids.sessionId] };
  return { route, method: route.method, path: pathOf(route, ids), body };
};

/** A body with `sessionIds`: the route acts on the sessions it names. */
const namesSessions = (route: Route): boolean => {
  const shape = (route.body as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && 'sessionIds' in shape;
};

/** Routes that act on one session's browser: a `{sessionId}` in the path, or `sessionIds` in the body. */
export const sessionRoutes = (): Route[] =>
  routes.filter((route) => route.path.includes('{sessionId}') || namesSessions(route));

type Def = { type: string; shape?: Record<string, z.ZodType>; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema of the field at `path` (object keys, `0` for array elements), through unions; undefined if none. */
export const schemaAt = (schema: z.ZodType, path: string[]): z.ZodType | undefined => {
  const inner = inputSide(schema);
  if (path.length === 0) return inner;
  const def = defOf(inner);
  const [key, ...rest] = path;
  if (def.type === 'object') return def.shape?.[key] ? schemaAt(def.shape[key], rest) : undefined;
  if (def.type === 'array') return key === '0' && def.element ? schemaAt(def.element, rest) : undefined;
  if (def.type === 'union') {
    for (const option of def.options ?? []) {
      const found = schemaAt(option, path);
      if (found) return found;
    }
  }
  return undefined;
};

/** The bounds zod keeps on a string or number schema (zod 4 exposes them on the instance). */
interface Bounds {
  minValue?: number | null;
  maxValue?: number | null;
  maxLength?: number | null;
}

/** A long string with no bound of its own: far past any sane field, within the body limit's reach. */
const UNBOUNDED_LENGTH = 20_000;

/**
 * Values at the edges of a field: numbers at 0, -1, the schema's min and max, max+1, 2^31 and 2^53−1; strings at
 * the schema's maximum length and one past it (the valid `sample` padded, so formats such as URLs still hold).
 */
export const boundaryValues = (schema: z.ZodType, sample: unknown): unknown[] => {
  const inner = inputSide(schema);
  const def = defOf(inner);
  const bounds = inner as unknown as Bounds;
  if (def.type === 'union')
    return [...new Set((def.options ?? []).flatMap((option) => boundaryValues(option, sample)))];
  if (def.type === 'number') {
    const edges = [0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER];
    if (Number.isFinite(bounds.minValue)) edges.push(bounds.minValue as number);
    if (Number.isFinite(bounds.maxValue)) edges.push(bounds.maxValue as number, (bounds.maxValue as number) + 1);
    return [...new Set(edges)];
  }
  if (def.type === 'string') {
    const start = typeof sample === 'string' ? sample : 'x';
    const max = Number.isFinite(bounds.maxLength) ? (bounds.maxLength as number) : UNBOUNDED_LENGTH;
    const pad = (length: number) => start + 'a'.repeat(Math.max(0, length - start.length));
    return Number.isFinite(bounds.maxLength) ? [pad(max), pad(max + 1)] : [pad(max)];
  }
  return [];
};

/** Query values at the edges, as text (query schemas read numbers and lists from strings). */
export const QUERY_EDGES = [
  '0',
  '-1',
  '1',
  '100',
  '101',
  String(2 ** 31),
  String(Number.MAX_SAFE_INTEGER),
  'a'.repeat(2_000),
];

/** The value at `path`, if any. */
export const getAt = (root: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    root,
  );
