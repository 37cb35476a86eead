/**
 * One MCP server over the tools, for one caller: a fresh one serves each HTTP request (stateless), holding the
 * caller's `Authorization` header so every tool call runs as that caller, in that caller's org.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
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

export const createMcpServer = (tools: readonly Tool[], dispatch: Dispatch, authorization: string): Server => {
  const server = new Server(
    { name: 'sessionhost', version: '0.1.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
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
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool)
      throw new McpError(ErrorCode.InvalidParams, `no tool is named ${request.params.name}; tools/list names them`);
    return runTool(tool, request.params.arguments ?? {}, authorization, dispatch);
  });
  return server;
};
