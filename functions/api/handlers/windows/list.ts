import { sessionBrowser } from '../../../core/windows/open.js';
import { defineOperation } from '../../operation.js';
import { envelope } from '../../shape/envelope.js';
import { windowIdToWire } from '../../shape/window.js';

export const operation = defineOperation('listWindows', async (input) => {
  const { browser } = await sessionBrowser(input.deps, input.principal.orgId, input.params.sessionId);
  return envelope({ windows: (await browser.windows()).map(windowIdToWire) }, input.requestId);
});
