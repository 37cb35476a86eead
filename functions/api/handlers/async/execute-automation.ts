import { acceptRequest } from '../../../core/requests/accept.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('asyncExecuteAutomation', async (input) => {
  const { sessionId, windowId } = input.params;
  return acceptRequest(
    input.deps,
    'executeAutomation',
    { orgId: input.principal.orgId, sessionId, windowId },
    input.body,
  );
});
