import { clickElement } from '../../../core/operations/click.js';
import { defineOperation } from '../../operation.js';
import { aiEnvelope } from '../../shape/ai.js';

export const operation = defineOperation('click', async (input) => {
  const { sessionId, windowId } = input.params;
  const result = await clickElement(
    input.deps,
    { orgId: input.principal.orgId, sessionId, windowId },
    input.body,
    input.signal,
  );
  return aiEnvelope(result, { requestId: input.requestId, clientRequestId: input.body.clientRequestId });
});
