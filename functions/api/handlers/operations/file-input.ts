import { fileInput } from '../../../core/operations/file-input.js';
import { defineOperation } from '../../operation.js';
import { aiEnvelope } from '../../shape/ai.js';

export const operation = defineOperation('fileInput', async (input) => {
  const { sessionId, windowId } = input.params;
  const result = await fileInput(
    input.deps,
    { orgId: input.principal.orgId, sessionId, windowId },
    input.body,
    input.signal,
  );
  return aiEnvelope(result, { requestId: input.requestId, clientRequestId: input.body.clientRequestId });
});
