/**
 * Runs one tool call as the HTTP request its route describes, through `dispatch`: the same authentication, validation
 * with the route's schemas, operation and response shaping as any client's call. Nothing of an operation is done
 * here; this only maps the tool's arguments onto path, query and body, and the answer onto MCP content.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { routeByOperationId } from '../api/routes.js';
import { ValidationError } from '../core/shared/errors.js';
import { depthExceeds, MAX_DEPTH } from '../http/middleware/json-body.js';
import type { Tool } from './tools.js';

export interface ApiRequest {
  method: string;
  /** Path and query string, e.g. `/v1/sessions?status=running`. */
  path: string;
  /** The caller's `Authorization` header, passed on as it came. */
  authorization: string;
  body?: unknown;
}

export interface ApiAnswer {
  status: number;
  body: string;
}

/** Sends a request to the service's HTTP API: in-process locally, over HTTPS on AWS. */
/** `signal`: aborted when the caller gave up on the tool call (a cancellation, or its client left). */
export type Dispatch = (request: ApiRequest, signal?: AbortSignal) => Promise<ApiAnswer>;

interface FieldError {
  /** The tool argument at fault, e.g. `configuration.scope`. */
  field: string;
  message: string;
}

interface Problem {
  status: number;
  code: string;
  detail: string;
  errors: FieldError[];
}

const keysOf = (schema: z.ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];

const pick = (args: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => args[key] !== undefined).map((key) => [key, args[key]]));

const fieldErrors = (issues: z.core.$ZodIssue[]): FieldError[] =>
  issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(arguments)', message: issue.message }));

/** The API's problem body as a tool's failure: the location `body.x.y` is the tool argument `x.y`. */
const problemOf = (answer: ApiAnswer): Problem => {
  let parsed: { code?: unknown; detail?: unknown; title?: unknown; errors?: unknown } = {};
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    // Not the API's problem shape (e.g. a gateway's own page): the status says what is known.
  }
  const errors = Array.isArray(parsed.errors)
    ? (parsed.errors as { location?: unknown; message?: unknown }[]).map((error) => ({
        field: String(error.location ?? '').replace(/^(path|query|body)\.?/, '') || '(arguments)',
        message: String(error.message ?? ''),
      }))
    : [];
  return {
    status: answer.status,
    code: typeof parsed.code === 'string' ? parsed.code : `HTTP_${answer.status}`,
    detail: String(parsed.detail ?? parsed.title ?? answer.body.slice(0, 500)),
    errors,
  };
};

export const toolError = (problem: Problem): CallToolResult => {
  const lines = [
    `${problem.code}: ${problem.detail}`,
    ...problem.errors.map((error) => `- ${error.field}: ${error.message}`),
  ];
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }], structuredContent: { ...problem } };
};

/** Everything but the path and query parameters is the body, unknown keys included: the route's schema decides. */
const bodyOf = (args: Record<string, unknown>, paramKeys: string[], queryKeys: string[]) =>
  Object.fromEntries(Object.entries(args).filter(([key]) => !paramKeys.includes(key) && !queryKeys.includes(key)));

/** The request the route describes for these arguments, or the arguments' fault when its path cannot be built. */
const requestFor = (tool: Tool, args: Record<string, unknown>, authorization: string): ApiRequest | Problem => {
  const { route } = tool;
  // As the HTTP door refuses such a body before anything recurses over it (an argument thousands of arrays deep
  // overflows the stack of whatever walks it next).
  if (depthExceeds(args, MAX_DEPTH)) {
    const errors = [{ field: '(arguments)', message: `nests deeper than ${MAX_DEPTH} levels` }];
    return {
      status: 422,
      code: new ValidationError([]).code,
      detail: `validation failed: ${errors[0].message}`,
      errors,
    };
  }
  const paramKeys = keysOf(route.params);
  const queryKeys = keysOf(route.query);
  // Path parameters are checked here only because the path cannot be written without them; the route's own
  // schema judges them, as it does again when the request is served.
  const params = route.params ? route.params.safeParse(pick(args, paramKeys)) : { success: true as const, data: {} };
  if (!params.success) {
    // The arguments are one object to the caller: what else in them is wrong is said in the same answer.
    const body = route.body?.safeParse(bodyOf(args, paramKeys, queryKeys));
    const errors = [
      ...fieldErrors(params.error.issues),
      ...(body?.success === false ? fieldErrors(body.error.issues) : []),
    ];
    return {
      status: 422,
      code: new ValidationError([]).code,
      detail: `validation failed: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      errors,
    };
  }
  const values = params.data as Record<string, string>;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(pick(args, queryKeys))) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  const rest = bodyOf(args, paramKeys, queryKeys);
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  return {
    method: route.method,
    path: query.size > 0 ? `${path}?${query}` : path,
    authorization,
    ...(hasBody ? { body: rest } : {}),
  };
};

/** `data:image/png;base64,...` → MCP image content. */
const imageContent = (dataUrl: string) => {
  const match = /^data:(image\/[\w.+-]+);base64,(.+)$/s.exec(dataUrl);
  return match ? { type: 'image' as const, mimeType: match[1], data: match[2] } : undefined;
};

/** Screenshots come back as images; their bytes are left out of the text so a model does not read base64. */
const takeImages = (answer: Record<string, unknown>) => {
  const meta = answer.meta as { screenshots?: { dataUrl?: string }[] } | undefined;
  const images = (meta?.screenshots ?? []).flatMap((shot) => {
    const image = shot.dataUrl ? imageContent(shot.dataUrl) : undefined;
    if (image) delete shot.dataUrl;
    return image ? [image] : [];
  });
  return images;
};

/** `data.modelResponse`'s fields (a JSON object written as a string) put in `data` beside it, never over one there. */
const spreadModelResponse = (answer: Record<string, unknown>) => {
  const data = answer.data as Record<string, unknown> | undefined;
  if (!data || typeof data.modelResponse !== 'string') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.modelResponse);
  } catch {
    return;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
  answer.data = { ...parsed, ...data };
};

/** The window's live view link, through the route that issues it. */
const liveViewOf = async (
  answer: Record<string, unknown>,
  sessionId: string,
  dispatch: Dispatch,
  authorization: string,
) => {
  const windowId = (answer.data as { windowId?: string } | undefined)?.windowId;
  if (!windowId) return undefined;
  const path = routeByOperationId('getWindowInfo')
    .path.replace('{sessionId}', encodeURIComponent(sessionId))
    .replace('{windowId}', encodeURIComponent(windowId));
  const info = await dispatch({ method: 'GET', path, authorization });
  if (info.status >= 300) return undefined;
  return (JSON.parse(info.body) as { data?: { liveViewUrl?: string } }).data?.liveViewUrl;
};

export const runTool = async (
  tool: Tool,
  args: Record<string, unknown>,
  authorization: string,
  dispatch: Dispatch,
  signal?: AbortSignal,
): Promise<CallToolResult> => {
  const request = requestFor(tool, args, authorization);
  if (!('method' in request)) return toolError(request);
  let answer: ApiAnswer;
  try {
    answer = await dispatch(request, signal);
  } catch (error) {
    return toolError({
      status: 503,
      code: 'UNAVAILABLE',
      detail: `the service could not be reached: ${(error as Error).message}`,
      errors: [],
    });
  }
  if (answer.status >= 300) return toolError(problemOf(answer));
  let body: Record<string, unknown>;
  try {
    body = answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {};
  } catch {
    return { content: [{ type: 'text', text: answer.body }] };
  }
  const images = tool.image ? takeImages(body) : [];
  if (tool.spreadsModelResponse) spreadModelResponse(body);
  const content: CallToolResult['content'] = [];
  if (tool.liveView) {
    const liveViewUrl = await liveViewOf(body, String(args.sessionId), dispatch, authorization);
    if (liveViewUrl) {
      body.data = { ...(body.data as object), liveViewUrl };
      content.push({
        type: 'resource_link',
        uri: liveViewUrl,
        name: 'live view',
        mimeType: 'text/html',
        description: 'Open in a browser to watch this window (and take over if needed).',
      });
    }
  }
  const credits = (body.meta as { usage?: { credits?: number } } | undefined)?.usage?.credits;
  const text = JSON.stringify(body);
  content.unshift({ type: 'text', text: credits === undefined ? text : `${text}\n(credits used: ${credits})` });
  content.push(...images);
  const failed = failureOf(body);
  if (failed) content.unshift({ type: 'text', text: failed });
  return { content, structuredContent: body, ...(failed ? { isError: true } : {}) };
};

/**
 * An operation the API answers with a 2xx but whose `meta.status` is `failure` (no element matched, a navigation
 * failed, a monitor's condition never came): the request was fine, the work was not done. An agent branches on
 * `isError`, so that is a tool error, its codes first; the API's whole answer follows as it is.
 */
const failureOf = (body: Record<string, unknown>): string | undefined => {
  const meta = body.meta as { status?: unknown } | undefined;
  if (meta?.status !== 'failure') return undefined;
  const errors = Array.isArray(body.errors) ? (body.errors as Array<{ code?: unknown; message?: unknown }>) : [];
  const said = errors.map((error) => `${String(error.code ?? 'failed')}: ${String(error.message ?? '')}`);
  return said.length ? said.join('\n') : 'the operation failed';
};
