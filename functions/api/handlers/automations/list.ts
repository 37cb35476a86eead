import { listOrgAutomations } from '../../../core/automations/manage.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('listAutomations', async (input) => ({
  automations: await listOrgAutomations(input.deps.records, input.principal.orgId),
}));
