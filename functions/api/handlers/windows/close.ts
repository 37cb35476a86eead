import { closeWindow } from '../../../core/windows/navigation.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';
import { windowIdToWire } from '../../shape/window.js';

export const operation = defineOperation('closeWindow', async (input) => {
  const window = await closeWindow(input.deps, input.principal.orgId, input.params.sessionId, input.params.windowId);
  return envelope(windowIdToWire(window), input.requestId);
});
