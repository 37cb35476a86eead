import { pushFile } from '../../../core/files/push.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';

export const operation = defineOperation('pushFile', async (input) => {
  const { errors } = await pushFile(input.deps, input.principal.orgId, input.params.id, input.body?.sessionIds);
  return envelope({}, input.requestId, { errors });
});
