/** Builds API Gateway REST (v1 payload) proxy events, the way API Gateway builds them, for the local adapter. */
import type { APIGatewayProxyEvent } from 'aws-lambda';

export interface InjectRequest {
  method: string;
  /** Path with an optional query string, e.g. `/v1/sessions?limit=5`. */
  path: string;
  headers?: Record<string, string | string[] | undefined>;
  /** A string is sent as is; anything else is JSON-encoded. */
  body?: unknown;
  /** The body string is base64 of bytes that are not text, as API Gateway marks a binary body. */
  isBase64Encoded?: boolean;
  requestId?: string;
  sourceIp?: string;
}

/**
 * The path and query of a request target in origin form (`/path?query`). Anything else (`//host/…`,
 * `http://…`, garbage) yields a path no route has, so it is answered 404 rather than read as a URL.
 */
const splitTarget = (target: string): { pathname: string; searchParams: URLSearchParams } => {
  const cut = target.indexOf('?');
  const rawPath = cut >= 0 ? target.slice(0, cut) : target;
  const pathname = rawPath.startsWith('/') && !rawPath.startsWith('//') ? rawPath : '/!invalid-request-target';
  return { pathname, searchParams: new URLSearchParams(cut >= 0 ? target.slice(cut + 1) : '') };
};

export const buildEvent = (request: InjectRequest): APIGatewayProxyEvent => {
  const { pathname, searchParams } = splitTarget(request.path);
  // Null-prototype maps, like the query's below: a header named `__proto__` is a header, not the map's prototype.
  const headers: Record<string, string> = Object.create(null);
  const multiValueHeaders: Record<string, string[]> = Object.create(null);
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    multiValueHeaders[name] = values;
    headers[name] = values[values.length - 1];
  }
  // A query key such as `constructor` or `__proto__` is just a key too.
  const query: Record<string, string> = Object.create(null);
  const multiQuery: Record<string, string[]> = Object.create(null);
  for (const [key, value] of searchParams) {
    (multiQuery[key] ??= []).push(value);
    query[key] = value;
  }
  const hasQuery = Object.keys(query).length > 0;
  const body =
    request.body === undefined ? null : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const requestId = request.requestId ?? 'local';
  const method = request.method.toUpperCase();
  return {
    resource: pathname,
    path: pathname,
    httpMethod: method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: null,
    stageVariables: null,
    body,
    isBase64Encoded: request.isBase64Encoded ?? false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: undefined,
      protocol: 'HTTP/1.1',
      httpMethod: method,
      identity: { sourceIp: request.sourceIp ?? '127.0.0.1' } as APIGatewayProxyEvent['requestContext']['identity'],
      path: pathname,
      stage: 'local',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: pathname,
    },
  };
};
