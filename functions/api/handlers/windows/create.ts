import { openWindow } from '../../../core/windows/navigation.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';
import { windowIdToWire } from '../../shape/window.js';

export const operation = defineOperation('createWindow', async (input) => {
  const { window, errors, warnings } = await openWindow(
    input.deps,
    input.principal.orgId,
    input.params.sessionId,
    input.body,
  );
  return envelope(windowIdToWire(window), input.requestId, { errors, warnings });
});
