/** Usage: the org's credits per day and per session. Part of the route table (`../routes.ts`). */
import type { Route } from '../route.js';
import * as activity from '../schemas/activity.js';

export const usageRoutes = {
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
} satisfies Record<string, Omit<Route, 'operationId'>>;
