import { takeScreenshot } from '../../../core/operations/screenshot.js';
import { defineOperation } from '../../operation.js';
import { aiEnvelope } from '../../shape/ai.js';

export const operation = defineOperation('screenshot', async (input) => {
  const { sessionId, windowId } = input.params;
  const result = await takeScreenshot(
    input.deps,
    { orgId: input.principal.orgId, sessionId, windowId },
    input.body,
    input.signal,
  );
  return aiEnvelope(result, { requestId: input.requestId, clientRequestId: input.body.clientRequestId });
});
