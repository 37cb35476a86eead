/** Asynchronous window operations: answered at once with a request id, run by the worker. Part of the route table (`../routes.ts`). */
import type { z } from 'zod';
import type { Route } from '../route.js';
import * as op from '../schemas/operations.js';
import { WindowParams } from '../schemas/windows.js';

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

export const asyncRoutes = {
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
} satisfies Record<string, Omit<Route, 'operationId'>>;
