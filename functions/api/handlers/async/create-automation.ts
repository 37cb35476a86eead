import { acceptRequest } from '../../../core/requests/accept.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('asyncCreateAutomation', async (input) => {
  const { sessionId, windowId } = input.params;
  return acceptRequest(
    input.deps,
    'createAutomation',
    { orgId: input.principal.orgId, sessionId, windowId },
    input.body,
  );
});
