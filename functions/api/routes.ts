/**
 * THE route table. Every endpoint is declared here once; the local HTTP adapter, request validation, the CDK
 * API Gateway routes and Lambda functions, and openapi.json are all derived from it.
 */
import { z } from 'zod';
import type { Route } from './route.js';
import {
  CreateSessionBody,
  EmptyEnvelope,
  ListSessionsQuery,
  SaveProfileParams,
  SessionEvent,
  SessionEventsQuery,
  SessionParams,
  SessionResponse,
  SessionsResponse,
} from './schemas/sessions.js';
import {
  CreateWindowBody,
  GetWindowInfoQuery,
  LoadUrlBody,
  OperationOutcomeResponse,
  WindowIdResponse,
  WindowParams,
  WindowResponse,
  WindowsResponse,
} from './schemas/windows.js';
import * as op from './schemas/operations.js';
import * as res from './schemas/resources.js';
import { HealthResponse, ReadinessResponse } from './schemas/health.js';
import * as activity from './schemas/activity.js';

/** A synchronous window operation: POST /v1/sessions/{sessionId}/windows/{windowId}/{suffix} → 201. */
const windowOperation = <B extends z.ZodType, R extends z.ZodType = typeof op.AiPromptResponse>(
  suffix: string,
  summary: string,
  body: B,
  extra: { response?: R; deprecated?: boolean } = {},
) => ({
  method: 'POST' as const,
  path: `/v1/sessions/{sessionId}/windows/{windowId}/${suffix}`,
  summary,
  tag: 'window operations' as const,
  params: WindowParams,
  body,
  status: 201,
  response: (extra.response ?? op.AiPromptResponse) as R,
  deprecated: extra.deprecated,
  stream: true,
  timeoutSeconds: 600,
});

/** An asynchronous window operation: validated at once, answered 201 with a request id, run by the worker. */
const asyncOperation = <B extends z.ZodType>(suffix: string, summary: string, body: B) => ({
  method: 'POST' as const,
  path: `/v1/async/sessions/{sessionId}/windows/{windowId}/${suffix}`,
  summary,
  tag: 'async' as const,
  params: WindowParams,
  body,
  status: 201,
  response: op.AsyncResponse,
});

/** Keyed by operationId. `satisfies` keeps each entry's schema types, so handlers are typed from their route. */
export const routeTable = {
  // Sessions
  listSessions: {
    method: 'GET' as const,
    path: '/v1/sessions',
    summary: 'List sessions, filtered by id or status',
    description:
      'Newest first, offset-paged. `status` filters: `completed` (ended by idle timeout or shutdown) and `cancelled` (ended by a terminate call) are kinds of `ended`.',
    tag: 'sessions' as const,
    query: ListSessionsQuery,
    status: 200,
    response: SessionsResponse,
    handler: 'sessions/list',
  },
  createSession: {
    handler: 'sessions/create',
    method: 'POST' as const,
    path: '/v1/sessions',
    summary: 'Start a browser session',
    description:
      'Answers once the browser runs (status `running`), or earlier with `initializing` or `awaitingCapacity` when the hosts are busy; poll GET /v1/sessions/{sessionId} or follow its events.',
    tag: 'sessions' as const,
    body: CreateSessionBody,
    status: 201,
    response: SessionResponse,
    timeoutSeconds: 29,
  },
  getSessionInfo: {
    method: 'GET' as const,
    path: '/v1/sessions/{sessionId}',
    summary: 'Get a session',
    tag: 'sessions' as const,
    params: SessionParams,
    status: 200,
    response: SessionResponse,
    handler: 'sessions/get',
  },
  terminateSession: {
    handler: 'sessions/terminate',
    method: 'DELETE' as const,
    path: '/v1/sessions/{sessionId}',
    summary: 'End a session (an unknown id is ignored)',
    tag: 'sessions' as const,
    params: SessionParams,
    status: 200,
    response: EmptyEnvelope,
  },
  sessionEvents: {
    handler: 'sessions/events',
    method: 'GET' as const,
    path: '/v1/sessions/{sessionId}/events',
    summary: 'Server-sent events of a session: status, files, windows',
    description:
      'A `text/event-stream` of the session: status changes, windows opened and closed, files. `all=true` replays past events first; `lastEventId` resumes after one. The stream ends when the session does.',
    tag: 'sessions' as const,
    params: SessionParams,
    query: SessionEventsQuery,
    status: 200,
    response: SessionEvent,
    stream: true,
    timeoutSeconds: 900,
  },
  saveProfileOnTermination: {
    handler: 'sessions/save-profile',
    method: 'PUT' as const,
    path: '/v1/sessions/{sessionId}/save-profile-on-termination/{profileName}',
    summary: "Save the session's browser profile under a name when it ends",
    tag: 'sessions' as const,
    params: SaveProfileParams,
    status: 200,
    response: EmptyEnvelope,
  },

  // Windows
  listWindows: {
    handler: 'windows/list',
    method: 'GET' as const,
    path: '/v1/sessions/{sessionId}/windows',
    summary: 'List the windows of a session',
    tag: 'windows' as const,
    params: SessionParams,
    status: 200,
    response: WindowsResponse,
  },
  createWindow: {
    handler: 'windows/create',
    method: 'POST' as const,
    path: '/v1/sessions/{sessionId}/windows',
    summary: 'Open a window',
    tag: 'windows' as const,
    params: SessionParams,
    body: CreateWindowBody,
    status: 201,
    response: WindowIdResponse,
    stream: true,
    timeoutSeconds: 660,
  },
  getWindowInfo: {
    handler: 'windows/get',
    method: 'GET' as const,
    path: '/v1/sessions/{sessionId}/windows/{windowId}',
    summary: 'Get a window and its live view URL (window id or CDP target id)',
    description:
      '`liveViewUrl` opens the window live in a browser (embed it in an iframe); its token is signed and expires. See docs/live-view.md for its options and messages.',
    tag: 'windows' as const,
    params: WindowParams,
    query: GetWindowInfoQuery,
    status: 201,
    response: WindowResponse,
  },
  loadUrl: {
    handler: 'windows/load-url',
    method: 'POST' as const,
    path: '/v1/sessions/{sessionId}/windows/{windowId}',
    summary: 'Load a URL in a window',
    tag: 'windows' as const,
    params: WindowParams,
    body: LoadUrlBody,
    status: 200,
    response: OperationOutcomeResponse,
    stream: true,
    timeoutSeconds: 660,
  },
  closeWindow: {
    handler: 'windows/close',
    method: 'DELETE' as const,
    path: '/v1/sessions/{sessionId}/windows/{windowId}',
    summary: 'Close a window',
    tag: 'windows' as const,
    params: WindowParams,
    status: 200,
    response: WindowIdResponse,
  },

  // Window operations (synchronous)
  click: {
    handler: 'operations/click',
    ...windowOperation('click', 'Click an element described in plain language', op.ClickBody),
  },
  type: {
    handler: 'operations/type',
    ...windowOperation('type', 'Type text, optionally into an element described in plain language', op.TypeBody),
  },
  hover: {
    handler: 'operations/hover',
    ...windowOperation('hover', 'Hover over an element described in plain language', op.HoverBody),
  },
  scroll: {
    handler: 'operations/scroll',
    ...windowOperation('scroll', 'Scroll by an amount, to an edge, or to an element', op.ScrollBody),
  },
  fileInput: {
    handler: 'operations/file-input',
    ...windowOperation('file-input', 'Put a file into a file input', op.FileInputBody),
  },
  monitor: {
    handler: 'operations/monitor',
    ...windowOperation('monitor', 'Wait until a condition holds on the page', op.MonitorBody),
  },
  pageQuery: {
    handler: 'operations/page-query',
    ...windowOperation('page-query', 'Ask about or extract from the page', op.PageQueryBody),
  },
  paginatedExtraction: {
    handler: 'operations/paginated-extraction',
    ...windowOperation('paginated-extraction', 'Extract items across pages', op.PaginatedExtractionBody),
  },
  promptContent: {
    handler: 'operations/prompt-content',
    ...windowOperation('prompt-content', 'Deprecated: use page-query', op.PageQueryBody, { deprecated: true }),
  },
  summarizeContent: {
    handler: 'operations/summarize-content',
    ...windowOperation('summarize-content', 'Deprecated: use page-query with a summary prompt', op.SummaryBody, {
      deprecated: true,
    }),
  },
  scrapeContent: {
    handler: 'operations/scrape',
    ...windowOperation('scrape-content', 'The window content as markdown', op.ScrapeBody, {
      response: op.ScrapeResponse,
    }),
  },
  screenshot: {
    handler: 'operations/screenshot',
    ...windowOperation('screenshot', 'Take a screenshot', op.ScreenshotBody),
  },
  createFormFiller: {
    handler: 'operations/create-form-filler',
    ...windowOperation(
      'create-form-filler',
      'Learn the form in the window as a form-filler automation',
      op.CreateAutomationBody,
    ),
  },
  fillForm: {
    handler: 'operations/fill-form',
    ...windowOperation('fill-form', 'Fill the form with a form-filler automation', op.ExecuteAutomationBody),
  },

  // Window operations (asynchronous)
  asyncCreateAutomation: {
    handler: 'async/create-automation',
    ...asyncOperation(
      'create-automation',
      'Create an automation, answering at once with a request id',
      op.CreateAutomationBody,
    ),
  },
  asyncCreateFormFiller: {
    handler: 'async/create-form-filler',
    ...asyncOperation(
      'create-form-filler',
      'Create a form filler, answering at once with a request id',
      op.CreateAutomationBody,
    ),
  },
  asyncExecuteAutomation: {
    handler: 'async/execute-automation',
    ...asyncOperation(
      'execute-automation',
      'Run an automation, answering at once with a request id',
      op.ExecuteAutomationBody,
    ),
  },
  asyncFillForm: {
    handler: 'async/fill-form',
    ...asyncOperation('fill-form', 'Fill a form, answering at once with a request id', op.ExecuteAutomationBody),
  },

  // Requests
  getRequestStatus: {
    handler: 'requests/status',
    method: 'GET' as const,
    path: '/v1/requests/{requestId}/status',
    summary: 'Status and result of an asynchronous request',
    description:
      '`pending` until the operation finishes; then `completed` with `response` (the operation envelope) or `error`. When the request named a webhook, `webhook` tells each delivery attempt.',
    tag: 'requests' as const,
    params: res.RequestParams,
    status: 200,
    response: res.RequestStatusResponse,
  },

  listRequests: {
    handler: 'requests/list',
    method: 'GET' as const,
    path: '/v1/requests',
    summary: "List the org's async requests with their webhook deliveries, newest first",
    description:
      'Newest first, offset-paged, optionally by `status` or `sessionId`. Each request carries its webhook delivery (target, state, every attempt) but not its result: read that with GET /v1/requests/{requestId}/status.',
    tag: 'requests' as const,
    query: activity.ListRequestsQuery,
    status: 200,
    response: activity.RequestsResponse,
  },

  // Usage
  getUsage: {
    handler: 'usage/get',
    method: 'GET' as const,
    path: '/v1/usage',
    summary: "The org's credits per day and per session",
    description:
      'Credits spent by operations of the organization, per UTC day (every day of the range, oldest first, zero days included) and per session. `orgId` names the organization of the key.',
    tag: 'usage' as const,
    query: activity.UsageQuery,
    status: 200,
    response: activity.UsageResponse,
  },

  // Files
  listFiles: {
    handler: 'files/list',
    method: 'GET' as const,
    path: '/v1/files',
    summary: 'List files',
    tag: 'files' as const,
    query: res.ListFilesQuery,
    status: 200,
    response: res.FilesResponse,
  },
  createFile: {
    handler: 'files/create',
    method: 'POST' as const,
    path: '/v1/files',
    summary: 'Create a file and get a URL to upload its bytes to',
    tag: 'files' as const,
    body: res.CreateFileBody,
    status: 200,
    response: res.CreateFileResponse,
  },
  getFile: {
    handler: 'files/get',
    method: 'GET' as const,
    path: '/v1/files/{id}',
    summary: 'Get a file and a URL to download it',
    description: '`downloadUrl` is a signed link that works without the API key until `expiryTime`.',
    tag: 'files' as const,
    params: res.FileParams,
    status: 200,
    response: res.GetFileResponse,
  },
  deleteFile: {
    handler: 'files/delete',
    method: 'DELETE' as const,
    path: '/v1/files/{id}',
    summary: 'Delete a file',
    tag: 'files' as const,
    params: res.FileParams,
    status: 200,
    response: EmptyEnvelope,
  },
  pushFile: {
    handler: 'files/push',
    method: 'POST' as const,
    path: '/v1/files/{id}/push',
    summary: "Make a file available inside sessions' browsers",
    tag: 'files' as const,
    params: res.FileParams,
    body: res.PushFileBody,
    status: 200,
    response: EmptyEnvelope,
  },

  // Profiles
  deleteProfiles: {
    handler: 'profiles/delete',
    method: 'DELETE' as const,
    path: '/v1/profiles',
    summary: 'Delete saved browser profiles by name',
    tag: 'profiles' as const,
    query: res.DeleteProfilesQuery,
    status: 200,
    response: EmptyEnvelope,
  },

  // Automations
  listAutomations: {
    handler: 'automations/list',
    method: 'GET' as const,
    path: '/v1/automations',
    summary: 'List automations',
    tag: 'automations' as const,
    status: 200,
    response: res.ListAutomationsOutput,
  },
  getAutomation: {
    handler: 'automations/get',
    method: 'GET' as const,
    path: '/v1/automations/{automationId}',
    summary: 'Get an automation',
    tag: 'automations' as const,
    params: res.AutomationParams,
    status: 200,
    response: res.AutomationOutput,
  },
  deleteAutomation: {
    handler: 'automations/delete',
    method: 'DELETE' as const,
    path: '/v1/automations/{automationId}',
    summary: 'Delete an automation',
    tag: 'automations' as const,
    params: res.AutomationParams,
    status: 200,
    response: res.DeleteAutomationOutput,
  },
  updateAutomationDescription: {
    handler: 'automations/update-description',
    method: 'PUT' as const,
    path: '/v1/automations/description',
    summary: 'Update the description of an automation',
    tag: 'automations' as const,
    body: res.UpdateAutomationDescriptionBody,
    status: 200,
    response: res.AutomationOutput,
  },

  // Meta
  getOpenApi: {
    method: 'GET' as const,
    path: '/v1/openapi.json',
    summary: 'This API described as OpenAPI 3.1',
    tag: 'meta' as const,
    status: 200,
    response: z.record(z.string(), z.unknown()),
    handler: 'meta/openapi',
    auth: false,
  },
  getHealth: {
    method: 'GET' as const,
    path: '/health',
    summary: 'Liveness: the API answers (no key, touches no store)',
    tag: 'meta' as const,
    status: 200,
    response: HealthResponse,
    handler: 'meta/health',
    auth: false,
    timeoutSeconds: 5,
  },
  getReadiness: {
    method: 'GET' as const,
    path: '/ready',
    summary: 'Readiness: the stores and the browser host answer (503 naming what failed)',
    tag: 'meta' as const,
    status: 200,
    response: ReadinessResponse,
    handler: 'meta/ready',
    auth: false,
    timeoutSeconds: 10,
  },
} satisfies Record<string, Omit<Route, 'operationId'>>;

export type RouteTable = typeof routeTable;
export type OperationId = keyof RouteTable;

export const routes: readonly Route[] = Object.entries(routeTable).map(([operationId, route]) => ({
  operationId,
  ...route,
}));

export const routeByOperationId = (operationId: string): Route => {
  const route = routes.find((candidate) => candidate.operationId === operationId);
  if (!route) throw new Error(`no route has operationId ${operationId}`);
  return route;
};
