import { listOrgAutomations } from '../../../core/automations/manage.js';
import { defineOperation } from '../../../composition/lambda/operation.js';

export const operation = defineOperation('listAutomations', async (input) => ({ automations: await listOrgAutomations(input.deps.records, input.principal.orgId) }));

export const handler = operation.handler;
