import { acceptRequest } from '../../../core/requests/accept.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('asyncCreateFormFiller', async (input) => {
  const { sessionId, windowId } = input.params;
  return acceptRequest(
    input.deps,
    'createFormFiller',
    { orgId: input.principal.orgId, sessionId, windowId },
    input.body,
  );
});
