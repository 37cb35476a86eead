import { terminateSession } from '../../../core/sessions/terminate.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';

export const operation = defineOperation('terminateSession', async (input) => {
  await terminateSession(input.deps, input.principal.orgId, input.params.sessionId);
  return envelope({}, input.requestId);
});
