/**
 * Validates path, query and body against the route's schemas; a failure is a 422 naming every failing field.
 * `null` on an optional field means absent (the official client sends explicit nulls), so nulls are removed from
 * objects before validation.
 */
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { z } from 'zod';
import { ValidationError, type ErrorDetail } from '../../core/shared/errors.js';
import type { HttpContext, HttpRequest } from './types.js';

export const withoutNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // defineProperty keeps a `__proto__` key as plain data instead of letting it replace the prototype.
    if (item !== null)
      Object.defineProperty(out, key, {
        value: withoutNulls(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
};

/** Query parameters as the schemas expect them: a string, or an array when the key was repeated. */
export const queryInput = (event: APIGatewayProxyEvent): Record<string, string | string[]> => {
  const multi = event.multiValueQueryStringParameters ?? {};
  const single = event.queryStringParameters ?? {};
  const out: Record<string, string | string[]> = Object.create(null);
  for (const key of new Set([...Object.keys(multi), ...Object.keys(single)])) {
    const values = multi[key] ?? (single[key] === undefined ? [] : [single[key] as string]);
    out[key] = values.length === 1 ? values[0] : values;
  }
  return out;
};

/** The failing value, echoed small: long strings cut, objects and arrays summarised (never the whole payload). */
const clip = (value: unknown): unknown => {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (Array.isArray(value)) return `[array of ${value.length}]`;
  if (value !== null && typeof value === 'object') return `{object with ${Object.keys(value).length} keys}`;
  return value;
};

const valueAt = (root: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    root,
  );

const parsePart = (
  schema: z.ZodType | undefined,
  input: unknown,
  location: string,
  details: ErrorDetail[],
): unknown => {
  if (!schema) return input;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    details.push({
      location: [location, ...issue.path.map(String)].join('.'),
      message: issue.message,
      value: clip(valueAt(input, issue.path)),
    });
  }
  return undefined;
};

export const validateRequest = (): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, HttpContext> => ({
  name: 'validateRequest',
  before: (request: HttpRequest) => {
    const http = request.context.http;
    const { route } = http;
    const details: ErrorDetail[] = [];
    const params = parsePart(route.params, request.event.pathParameters ?? {}, 'path', details);
    const query = parsePart(route.query, queryInput(request.event), 'query', details);
    const rawBody = http.json === undefined ? {} : withoutNulls(http.json);
    const body = parsePart(route.body, rawBody, 'body', details);
    if (details.length > 0) throw new ValidationError(details);
    http.input = { params, query, body };
  },
});
