import { hoverElement } from '../../../core/operations/hover.js';
import { defineOperation } from '../../operation.js';
import { aiEnvelope } from '../../shape/ai.js';

export const operation = defineOperation('hover', async (input) => {
  const { sessionId, windowId } = input.params;
  const result = await hoverElement(
    input.deps,
    { orgId: input.principal.orgId, sessionId, windowId },
    input.body,
    input.signal,
  );
  return aiEnvelope(result, { requestId: input.requestId, clientRequestId: input.body.clientRequestId });
});
