/** Builds API Gateway REST (v1 payload) proxy events, the way API Gateway builds them, for the local adapter. */
import type { APIGatewayProxyEvent } from 'aws-lambda';

export interface InjectRequest {
  method: string;
  /** Path with an optional query string, e.g. `/v1/sessions?limit=5`. */
  path: string;
  headers?: Record<string, string | string[] | undefined>;
  /** A string is sent as is; anything else is JSON-encoded. */
  body?: unknown;
  requestId?: string;
  sourceIp?: string;
}

export const buildEvent = (request: InjectRequest): APIGatewayProxyEvent => {
  const url = new URL(request.path, 'http://local');
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    multiValueHeaders[name] = values;
    headers[name] = values[values.length - 1];
  }
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) {
    (multiQuery[key] ??= []).push(value);
    query[key] = value;
  }
  const hasQuery = Object.keys(query).length > 0;
  const body = request.body === undefined ? null : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const requestId = request.requestId ?? 'local';
  const method = request.method.toUpperCase();
  return {
    resource: url.pathname,
    path: url.pathname,
    httpMethod: method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: null,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: undefined,
      protocol: 'HTTP/1.1',
      httpMethod: method,
      identity: { sourceIp: request.sourceIp ?? '127.0.0.1' } as APIGatewayProxyEvent['requestContext']['identity'],
      path: url.pathname,
      stage: 'local',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: url.pathname,
    },
  };
};
