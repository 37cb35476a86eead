/** Saved browser profiles. Part of the route table (`../routes.ts`). */
import type { Route } from '../route.js';
import * as res from '../schemas/resources.js';
import { EmptyEnvelope } from '../schemas/sessions.js';

export const profileRoutes = {
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
} satisfies Record<string, Omit<Route, 'operationId'>>;
