/**
 * Builds one bad request for a route: a plausible valid request (from the route's own schemas) with one or more
 * things broken: a body field, the raw body, a query value, a path segment, the Authorization header or the method.
 */
import type { Route } from '../../functions/api/route.js';
import type { InjectRequest } from '../../functions/http/local/event.js';
import type { Rng } from './prng.js';
import { fieldsOf, sampleOf, type Field } from './schema-walk.js';
import { authHeader, badJsonValue, badPathSegment, badQueryValue, garbageBody } from './values.js';

export interface FuzzRequest extends Required<Pick<InjectRequest, 'method' | 'path'>> {
  headers: Record<string, string | string[]>;
  body?: string;
  /** What was broken, for the failure report. */
  notes: string[];
}

type Mutation = 'bodyField' | 'bodyGarbage' | 'query' | 'path' | 'auth' | 'method';

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'get', 'FOO'];

/** Sets `value` at `path` in `root`, creating objects and arrays on the way. */
export const setAt = (root: Record<string, unknown>, path: string[], value: unknown): void => {
  let node: Record<string, unknown> = root;
  for (let i = 0; i < path.length - 1; i += 1) {
    const next = node[path[i]];
    if (next === null || typeof next !== 'object') node[path[i]] = path[i + 1] === '0' ? [] : {};
    node = node[path[i]] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
};

/** encodeURIComponent, with lone surrogates replaced as a URL parser would (they cannot be percent-encoded). */
const encode = (text: string): string =>
  encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));

const buildPath = (route: Route, params: Record<string, string>, raw: Record<string, string>): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => raw[name] ?? encode(params[name] ?? 'x'));

const buildQuery = (query: Record<string, unknown>, raw: string[]): string => {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(String(item))}`);
  }
  parts.push(...raw);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
};

/** A field to break on purpose, so a sweep reaches every field of every route. */
export interface Focus {
  part: 'bodyField' | 'query';
  field: Field;
}

/** Every body and query field of a route, each to be broken once. */
export const focusesOf = (route: Route): Focus[] => [
  ...(route.body ? fieldsOf(route.body).map((field) => ({ part: 'bodyField' as const, field })) : []),
  ...(route.query
    ? fieldsOf(route.query)
        .filter((field) => field.path.length === 1)
        .map((field) => ({ part: 'query' as const, field }))
    : []),
];

export const generateRequest = (route: Route, rng: Rng, key: string, focus?: Focus): FuzzRequest => {
  const notes: string[] = [];
  const params = route.params ? (sampleOf(route.params, rng) as Record<string, string>) : {};
  for (const name of Object.keys(params))
    params[name] = rng.chance(0.5) ? `0190a1b2-c3d4-7e5f-8a9b-${rng.int(1e11, 9e11)}` : `id${rng.int(1, 999)}`;
  const rawParams: Record<string, string> = {};
  const query = route.query && rng.chance(0.6) ? (sampleOf(route.query, rng) as Record<string, unknown>) : {};
  const rawQuery: string[] = [];
  const body = route.body ? sampleOf(route.body, rng) : undefined;
  let bodyText = body === undefined ? undefined : JSON.stringify(body);
  let method: string = route.method;
  let authorization: string | string[] | undefined = `Bearer ${key}`;

  const available: Mutation[] = [
    ...(route.body ? (['bodyField', 'bodyField', 'bodyField', 'bodyField'] as const) : []),
    'bodyGarbage',
    'bodyGarbage',
    'query',
    'query',
    ...(route.query ? (['query'] as const) : []),
    ...(route.params ? (['path', 'path'] as const) : []),
    'auth',
    'auth',
    'method',
  ];
  const count = focus ? 1 : rng.chance(0.2) ? rng.int(2, 3) : 1;
  for (let n = 0; n < count; n += 1) {
    const mutation = focus?.part ?? rng.pick(available);
    if (mutation === 'bodyField') {
      const fields = focus ? [focus.field] : route.body ? fieldsOf(route.body) : [];
      const target =
        typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      if (fields.length === 0 || (!focus && rng.chance(0.1))) {
        const name = rng.pick(['unknownField', '', '__proto__', 'constructor', '😀', 'a.b', '\u0000']);
        // defineProperty, so `__proto__` is sent as a key rather than setting this object's prototype.
        Object.defineProperty(target, name, {
          value: badJsonValue(rng, { kind: 'unknown' }),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        notes.push(`body: extra key ${JSON.stringify(name)}`);
      } else {
        const field = rng.pick(fields);
        setAt(target, field.path, badJsonValue(rng, field));
        notes.push(`body.${field.path.join('.')}: bad ${field.kind}`);
      }
      bodyText = JSON.stringify(target);
    } else if (mutation === 'bodyGarbage') {
      bodyText = garbageBody(rng, bodyText ?? '{"a":1}');
      notes.push('body: not JSON or wrong root');
    } else if (mutation === 'query') {
      const fields = route.query ? fieldsOf(route.query).filter((field) => field.path.length === 1) : [];
      // Keys named like Object.prototype members (`constructor`, `__proto__`) are left out: a known fault, tested apart.
      const name = focus
        ? focus.field.path[0]
        : fields.length > 0 && rng.chance(0.85)
          ? rng.pick(fields).path[0]
          : rng.pick(['unknown', '', 'limit[]', 'a%zz', 'a.b']);
      const field = fields.find((candidate) => candidate.path[0] === name);
      const { values, raw } = badQueryValue(rng, field?.enumValues);
      if (raw) rawQuery.push(...values.map((value) => `${name}=${value}`));
      else if (rng.chance(0.2)) rawQuery.push(name);
      else query[name] = values.length === 1 ? values[0] : values;
      notes.push(`query.${name}: bad value`);
    } else if (mutation === 'path') {
      const name = rng.pick(Object.keys(params));
      rawParams[name] = badPathSegment(rng);
      notes.push(`path.${name}: bad segment`);
    } else if (mutation === 'auth') {
      authorization = authHeader(rng, key);
      notes.push('auth: missing or wrong');
    } else {
      method = rng.pick(OTHER_METHODS.filter((candidate) => candidate !== route.method));
      notes.push(`method: ${method}`);
    }
  }

  const headers: Record<string, string | string[]> = {
    'content-type': rng.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded', '']),
  };
  if (authorization !== undefined)
    headers[rng.pick(['authorization', 'Authorization', 'AUTHORIZATION'])] = authorization;
  return {
    method,
    path: `${buildPath(route, params, rawParams)}${buildQuery(query, rawQuery)}`,
    headers,
    body: bodyText,
    notes,
  };
};
