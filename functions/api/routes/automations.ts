/** Automations: list, read, delete, describe. Part of the route table (`../routes.ts`). */
import type { Route } from '../route.js';
import * as res from '../schemas/resources.js';

export const automationRoutes = {
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
} satisfies Record<string, Omit<Route, 'operationId'>>;
