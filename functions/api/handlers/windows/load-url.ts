import { loadUrl } from '../../../core/windows/navigation.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';

export const operation = defineOperation('loadUrl', async (input) => {
  const { success, errors, warnings } = await loadUrl(
    input.deps,
    input.principal.orgId,
    input.params.sessionId,
    input.params.windowId,
    input.body,
  );
  return envelope({ success }, input.requestId, { errors, warnings });
});
