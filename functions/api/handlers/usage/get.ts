import { usageByDay } from '../../../core/usage/credits.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('getUsage', async (input) => {
  const usage = await usageByDay(input.deps, input.principal.orgId, input.query.days ?? 30);
  return { data: { orgId: input.principal.orgId, ...usage }, meta: { requestId: input.requestId } };
});
