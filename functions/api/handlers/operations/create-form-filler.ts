import { automationOperations } from '../../../core/automations/operations.js';
import { runWithWebhook } from '../../../core/requests/sync-webhook.js';
import { defineOperation } from '../../operation.js';
import { aiEnvelope } from '../../shape/ai.js';

export const operation = defineOperation('createFormFiller', async (input) => {
  const { sessionId, windowId } = input.params;
  const target = { orgId: input.principal.orgId, sessionId, windowId };
  // With async.webhookUrl the answer is also delivered there (see sync-webhook.ts).
  const result = await runWithWebhook(input.deps, 'createFormFiller', target, input.body, input.requestId, () =>
    automationOperations.createFormFiller(input.deps, target, input.body, input.signal),
  );
  return aiEnvelope(result, { requestId: input.requestId, clientRequestId: input.body.clientRequestId });
});
