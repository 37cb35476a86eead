import { describeOrgAutomation } from '../../../core/automations/manage.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('updateAutomationDescription', async (input) =>
  describeOrgAutomation(input.deps, input.principal.orgId, input.body),
);
