import { deleteOrgAutomation } from '../../../core/automations/manage.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('deleteAutomation', async (input) => {
  await deleteOrgAutomation(input.deps.records, input.principal.orgId, input.params.automationId);
  return {};
});
