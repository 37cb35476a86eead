import { queryPage } from '../../../core/operations/page-query.js';
import { defineOperation } from '../../operation.js';
import { aiEnvelope } from '../../shape/ai.js';

export const operation = defineOperation('summarizeContent', async (input) => {
  const { sessionId, windowId } = input.params;
  const result = await queryPage(
    input.deps,
    { orgId: input.principal.orgId, sessionId, windowId },
    input.body,
    'summarize-content',
    input.signal,
  );
  return aiEnvelope(result, { requestId: input.requestId, clientRequestId: input.body.clientRequestId });
});
