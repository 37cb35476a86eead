/** Asynchronous requests: the status and result of one, and the org's list with their webhook deliveries. Part of the route table (`../routes.ts`). */
import type { Route } from '../route.js';
import * as activity from '../schemas/activity.js';
import * as res from '../schemas/resources.js';

export const requestRoutes = {
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
} satisfies Record<string, Omit<Route, 'operationId'>>;
