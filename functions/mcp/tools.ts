/**
 * The MCP tools: each is one route of the route table under a `<resource>_<verb>` name, with a description for a
 * model choosing among them. Its input schema is the route's own zod schemas (path parameters, query and body merged
 * into one object), so a change to a route shows up in its tool without anything here being edited.
 */
import { z } from 'zod';
import type { Route } from '../api/route.js';
import { routeByOperationId, type OperationId } from '../api/routes.js';

export interface ToolSpec {
  name: string;
  operationId: OperationId;
  description: string;
  /** The answer carries a screenshot to return as MCP image content. */
  image?: boolean;
  /** The answer should carry the window's live view link (looked up through the getWindowInfo route). */
  liveView?: boolean;
  /**
   * The API answers its result as a JSON string in `data.modelResponse` (the wire format's): its fields are also
   * put in `data`, where an agent reading the structured result looks for them.
   */
  spreadsModelResponse?: boolean;
}

const WINDOW = 'sessionId and windowId come from session_create and window_open.';
const PLAIN = 'Elements are described in plain language (e.g. "the blue Submit button"), not CSS selectors.';

export const toolSpecs: readonly ToolSpec[] = [
  {
    name: 'session_create',
    operationId: 'createSession',
    description:
      'Start a remote Chromium browser session; answers once it runs (or failed to start), waiting for capacity if needed. Returns the session id (needed by every window tool), its status and CDP URLs. Open a window next with window_open. End it with session_terminate when done: running sessions use credits.',
  },
  {
    name: 'session_list',
    operationId: 'listSessions',
    description:
      'List your browser sessions, newest first; filter by status (e.g. "running") or by sessionIds. offset and limit are strings of digits.',
  },
  {
    name: 'session_terminate',
    operationId: 'terminateSession',
    description: 'End a browser session and close its browser. Do this when the task is finished.',
  },
  {
    name: 'window_open',
    operationId: 'createWindow',
    liveView: true,
    description: `Open a new browser window (tab) in a session, optionally loading a url. Returns windowId and a liveViewUrl a person can open to watch the window. sessionId comes from session_create.`,
  },
  {
    name: 'window_load_url',
    operationId: 'loadUrl',
    description: `Navigate a window to a URL and wait for it to load. ${WINDOW}`,
  },
  {
    name: 'window_get',
    operationId: 'getWindowInfo',
    description: `Get a window and the liveViewUrl a person can open to watch or take over it. ${WINDOW}`,
  },
  {
    name: 'window_list',
    operationId: 'listWindows',
    description: 'List the open windows of a session with their URL and title.',
  },
  { name: 'window_close', operationId: 'closeWindow', description: `Close a window. ${WINDOW}` },
  { name: 'window_click', operationId: 'click', description: `Click an element of the page. ${PLAIN} ${WINDOW}` },
  {
    name: 'window_type',
    operationId: 'type',
    description: `Type text, into the element described by elementDescription if given (otherwise wherever the focus is); pressEnterKey submits. ${PLAIN} ${WINDOW}`,
  },
  {
    name: 'window_hover',
    operationId: 'hover',
    description: `Move the mouse over an element of the page. ${PLAIN} ${WINDOW}`,
  },
  {
    name: 'window_scroll',
    operationId: 'scroll',
    description: `Scroll the page by an amount, to an edge, or to an element described in plain language. ${WINDOW}`,
  },
  {
    name: 'window_page_query',
    operationId: 'pageQuery',
    description: `Ask a question about the page or extract data from it; the answer is in modelResponse (JSON text when an outputSchema is given). Use this to read results after acting. ${WINDOW}`,
  },
  {
    name: 'window_scrape',
    operationId: 'scrapeContent',
    description: `The text content of the page as markdown. ${WINDOW}`,
  },
  {
    name: 'window_screenshot',
    operationId: 'screenshot',
    image: true,
    description: `Take a screenshot of the window; the image is returned as image content. ${WINDOW}`,
  },
  {
    name: 'window_paginated_extraction',
    operationId: 'paginatedExtraction',
    description: `Extract a list of items from the page and the pages after it (following next links or infinite scroll). Describe the items in prompt. ${WINDOW}`,
  },
  {
    name: 'window_monitor',
    operationId: 'monitor',
    description: `Wait until a condition described in plain language holds on the page (e.g. "the order confirmation is shown"). The answer comes when the condition holds or the wait (configuration.interval.timeoutSeconds) ends; an MCP client stops waiting for any call after its own request timeout (60 s by default in the MCP SDKs), so keep the wait under that or raise the client's timeout, and call again to wait longer. ${WINDOW}`,
  },
  {
    name: 'form_filler_create',
    operationId: 'createFormFiller',
    spreadsModelResponse: true,
    description: `Learn the form shown in the window as a reusable form filler; returns an automationId for form_fill. ${WINDOW}`,
  },
  {
    name: 'form_fill',
    operationId: 'fillForm',
    description: `Fill the form in the window with a form filler (automationId from form_filler_create), using the data described in parameters. ${WINDOW}`,
  },
  {
    name: 'file_upload_url',
    operationId: 'createFile',
    description:
      "Create a file record and get a URL to PUT its bytes to; then window_file_input puts the file into a page's file input.",
  },
  {
    name: 'window_file_input',
    operationId: 'fileInput',
    description: `Put an uploaded file (fileId from file_upload_url) into a file input of the page. ${PLAIN} ${WINDOW}`,
  },
];

export interface Tool extends ToolSpec {
  route: Route;
  /** Path parameters, query and body of the route as one object. */
  input: z.ZodObject;
}

/** The fields of one part of a route (an object schema; a part that is absent or not an object adds none). */
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};

export const toolInput = (route: Route): z.ZodObject => {
  const parts = [route.params, route.query, route.body].map(shapeOf);
  const seen = new Set<string>();
  for (const key of parts.flatMap((part) => Object.keys(part))) {
    // One argument cannot feed two parts of the request; a route that grew such a clash must be renamed first.
    if (seen.has(key))
      throw new Error(`${route.operationId}: "${key}" is both a path/query parameter and a body field`);
    seen.add(key);
  }
  return z.object(Object.assign({}, ...parts) as Record<string, z.ZodType>);
};

export const buildTools = (
  specs: readonly ToolSpec[] = toolSpecs,
  routeOf: (operationId: string) => Route = routeByOperationId,
): Tool[] =>
  specs.map((spec) => {
    const route = routeOf(spec.operationId);
    return { ...spec, route, input: toolInput(route) };
  });

/** JSON Schema of what a caller sends, as the OpenAPI document describes the same route. */
/**
 * Replaces each `$ref` into `$defs` by the schema it names, so a tool's schema stands alone: the route schemas that
 * carry a name for the OpenAPI document (`.meta({ id })`) would otherwise be references, which not every MCP client
 * follows. A reference back into a schema being expanded (a cycle) stays a reference.
 */
const inlineDefinitions = (schema: Record<string, unknown>): Record<string, unknown> => {
  const { $defs, ...rest } = schema as { $defs?: Record<string, unknown> } & Record<string, unknown>;
  if (!$defs) return schema;
  let cyclic = false;
  const expand = (value: unknown, open: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => expand(item, open));
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { $ref?: unknown }).$ref;
    const name = typeof ref === 'string' && ref.startsWith('#/$defs/') ? ref.slice('#/$defs/'.length) : undefined;
    if (name !== undefined && name in $defs) {
      if (open.includes(name)) {
        cyclic = true;
        return value;
      }
      const { $ref: _ref, ...siblings } = value as Record<string, unknown>;
      return { ...(expand($defs[name], [...open, name]) as Record<string, unknown>), ...siblings };
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expand(item, open)]));
  };
  const inlined = expand(rest, []) as Record<string, unknown>;
  return cyclic ? { ...inlined, $defs } : inlined;
};

export const inputJsonSchema = (tool: Tool): { type: 'object'; [key: string]: unknown } => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.input, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  return { ...inlineDefinitions(schema), type: 'object' };
};
