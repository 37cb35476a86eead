import { readOrgAutomation } from '../../../core/automations/manage.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('getAutomation', async (input) =>
  readOrgAutomation(input.deps.records, input.principal.orgId, input.params.automationId),
);
