/**
 * `/mcp`: the Streamable HTTP transport of MCP over an API Gateway-shaped event, so the same door serves the local
 * server and a Lambda function. Stateless (no session id): every POST is answered on its own, as JSON, which a
 * buffered gateway integration can carry; there is no server-initiated stream, so GET is 405 as the spec allows.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { problemResponse } from '../http/middleware/problem.js';
import { acceptRequestId } from '../net/request-id.js';
import { MethodNotAllowedError, UnauthorizedError, type AppError } from '../core/shared/errors.js';
import type { Dispatch } from './call.js';
import { createMcpServer, withoutCodeInMessage } from './server.js';
import { buildTools, type Tool } from './tools.js';

export const MCP_PATH = '/mcp';

export interface McpDoorOptions {
  /** Whether a bearer token is a live API key (any org): a bad key is refused before any MCP message is read. */
  isKnownKey: (token: string) => Promise<boolean>;
  dispatch: Dispatch;
  tools?: readonly Tool[];
}

/** The API's problem shape, with its codes, for what is refused before any MCP message is read. */
const refusal = (
  event: APIGatewayProxyEvent,
  error: AppError,
  headers: Record<string, string> = {},
): APIGatewayProxyResult => {
  const requestId = acceptRequestId(headerOf(event, 'x-request-id')) ?? event.requestContext?.requestId ?? randomUUID();
  const answer = problemResponse(error, { requestId, instance: MCP_PATH, showInternal: false });
  return { ...answer, headers: { ...answer.headers, ...headers } };
};

const headerOf = (event: APIGatewayProxyEvent, name: string): string | undefined =>
  Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1] ?? undefined;

/**
 * What JSON-RPC calls an Invalid Request that the transport would take otherwise: an empty batch (answered with
 * nothing at all) and an id that is neither a string, a number nor null (answered as unparseable). A body that is
 * not JSON is left to the transport, which answers it as a parse error.
 */
const invalidRequest = (body: string | undefined): string | undefined => {
  let json: unknown;
  try {
    json = JSON.parse(body ?? '');
  } catch {
    return undefined;
  }
  if (Array.isArray(json) && json.length === 0) return 'an empty batch';
  const badId = (message: unknown) =>
    typeof message === 'object' &&
    message !== null &&
    'id' in message &&
    !['string', 'number'].includes(typeof message.id) &&
    message.id !== null;
  return (Array.isArray(json) ? json : [json]).some(badId) ? 'an id must be a string, a number or null' : undefined;
};

/** A JSON-RPC error about the request as a whole, which has no id to answer to. */
const rpcError = (statusCode: number, code: number, message: string): APIGatewayProxyResult => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }),
});

export const createMcpDoor = (options: McpDoorOptions) => {
  const tools = options.tools ?? buildTools();
  return async (
    event: APIGatewayProxyEvent,
    { clientGone }: { clientGone?: AbortSignal } = {},
  ): Promise<APIGatewayProxyResult> => {
    // Stateless: there is no server-initiated stream to GET and no MCP session to DELETE.
    if (event.httpMethod !== 'POST')
      return refusal(event, new MethodNotAllowedError(event.httpMethod, MCP_PATH, ['POST']), { allow: 'POST' });
    const authorization = headerOf(event, 'authorization') ?? '';
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!token || !(await options.isKnownKey(token))) {
      return refusal(event, new UnauthorizedError(), { 'www-authenticate': 'Bearer' });
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
    // As over HTTP (json-body.ts): a body said to be compressed is not read as if it were plain.
    const encoding = headers.get('content-encoding')?.trim();
    if (encoding && encoding.toLowerCase() !== 'identity')
      return rpcError(
        415,
        -32000,
        `Unsupported Media Type: the body's Content-Encoding is ${encoding.slice(0, 100)}; send it uncompressed`,
      );
    const body =
      event.body === null
        ? undefined
        : event.isBase64Encoded
          ? Buffer.from(event.body, 'base64').toString('utf8')
          : event.body;
    const invalid = invalidRequest(body);
    if (invalid) return rpcError(400, -32600, `Invalid Request: ${invalid}`);
    const request = new Request(`http://mcp.invalid${MCP_PATH}`, { method: 'POST', headers, body });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    const send = transport.send.bind(transport);
    transport.send = (message, sendOptions) => send(withoutCodeInMessage(message), sendOptions);
    const server = createMcpServer(tools, options.dispatch, authorization, clientGone);
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request);
      return {
        statusCode: response.status,
        headers: Object.fromEntries(response.headers),
        body: await response.text(),
      };
    } finally {
      await server.close();
    }
  };
};
