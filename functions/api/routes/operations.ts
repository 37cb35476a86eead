/** Synchronous window operations: each runs in the session's window and answers when it is done. Part of the route table (`../routes.ts`). */
import type { z } from 'zod';
import type { Route } from '../route.js';
import * as op from '../schemas/operations.js';
import { WindowParams } from '../schemas/windows.js';

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

export const operationRoutes = {
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
} satisfies Record<string, Omit<Route, 'operationId'>>;
