/**
 * One MCP server over the tools, for one caller: a fresh one serves each HTTP request (stateless), holding the
 * caller's `Authorization` header so every tool call runs as that caller, in that caller's org.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type AnyObjectSchema,
  type AnySchema,
  getLiteralValue,
  getObjectShape,
  safeParse,
} from '@modelcontextprotocol/sdk/server/zod-compat.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  type JSONRPCMessage,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { runTool, type Dispatch } from './call.js';
import { inputJsonSchema, type Tool } from './tools.js';

const INSTRUCTIONS =
  'Remote Chromium browsers. Typical task: session_create, then window_open with a url (share its liveViewUrl with the user), ' +
  'then window_type / window_click with elements described in plain language, window_page_query to read the result, ' +
  'window_screenshot to see the page, and session_terminate when done.';

const readOnly = new Set([
  'session_list',
  'window_list',
  'window_get',
  'window_page_query',
  'window_scrape',
  'window_screenshot',
  'window_paginated_extraction',
  'window_monitor',
]);

/**
 * The SDK parses a request against the schema its handler is registered with before the handler runs, and a request
 * that does not fit (`arguments` a string, `name` a number, `initialize` without `clientInfo`) escapes as a bare
 * validation error, which the protocol answers as -32603 Internal error. This server registers every handler, its
 * own (`initialize`, `ping`) and ours, behind a check of that same schema that answers -32602 Invalid params
 * naming the field, as a client that sent the wrong shape should be told.
 */
class ParamCheckingServer extends Server {
  override setRequestHandler<T extends AnyObjectSchema>(
    schema: T,
    handler: Parameters<Server['setRequestHandler']>[1],
  ): void {
    const method = getLiteralValue(getObjectShape(schema)?.method as AnySchema) as string;
    super.setRequestHandler(methodOnly(method), (request, extra) => {
      const parsed = safeParse(schema, request);
      if (!parsed.success) throw invalidParams(parsed.error as z.ZodError);
      return handler(parsed.data as never, extra);
    });
  }
}

const methodOnly = (method: string) => z.object({ method: z.literal(method) }).passthrough();

/**
 * An error answer whose message repeats its code in the SDK's words: `McpError` (ours, and the SDK's own check of
 * a tool call) writes "MCP error -32602: " in front of its message, which the answer's `code` already says and a
 * client built on the SDK writes once more. The message without them, for the transport to send.
 */
export const withoutCodeInMessage = (message: JSONRPCMessage): JSONRPCMessage => {
  if (!('error' in message) || typeof message.error?.message !== 'string') return message;
  const prefix = `MCP error ${message.error.code}: `;
  return message.error.message.startsWith(prefix)
    ? { ...message, error: { ...message.error, message: message.error.message.slice(prefix.length) } }
    : message;
};

const invalidParams = (error: z.ZodError): McpError =>
  new McpError(
    ErrorCode.InvalidParams,
    error.issues.map((issue) => [...issue.path].join('.') + `: ${issue.message}`).join('; '),
  );

/** `clientGone`: aborted when the HTTP client of this request left; each call also stops when it is cancelled. */
export const createMcpServer = (
  tools: readonly Tool[],
  dispatch: Dispatch,
  authorization: string,
  clientGone?: AbortSignal,
): Server => {
  const server = new ParamCheckingServer(
    { name: 'sessionhost', version: '0.1.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => {
    return {
      tools: tools.map((tool) => ({
        name: tool.name,
        title: tool.route.summary,
        description: tool.description,
        inputSchema: inputJsonSchema(tool),
        annotations: {
          readOnlyHint: readOnly.has(tool.name),
          destructiveHint: tool.route.method === 'DELETE',
          openWorldHint: true,
        },
      })),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool)
      throw new McpError(ErrorCode.InvalidParams, `no tool is named ${request.params.name}; tools/list names them`);
    const signal = clientGone ? AbortSignal.any([extra.signal, clientGone]) : extra.signal;
    return runTool(tool, request.params.arguments ?? {}, authorization, dispatch, signal);
  });
  return server;
};
