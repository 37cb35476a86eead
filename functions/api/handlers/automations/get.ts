import { readOrgAutomation } from '../../../core/automations/manage.js';
import { defineOperation } from '../../../composition/lambda/operation.js';

export const operation = defineOperation('getAutomation', async (input) => readOrgAutomation(input.deps.records, input.principal.orgId, input.params.automationId));

export const handler = operation.handler;
