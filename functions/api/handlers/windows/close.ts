import { requireWindow, sessionBrowser } from '../../../core/windows/open.js';
import { defineOperation } from '../../../runtime/operation.js';
import { envelope } from '../../shape/envelope.js';
import { windowIdToWire } from '../../shape/window.js';

export const operation = defineOperation('closeWindow', async (input) => {
  const { browser } = await sessionBrowser(input.deps, input.principal.orgId, input.params.sessionId);
  const window = await requireWindow(browser, input.params.windowId);
  await browser.closeWindow(window.windowId);
  return envelope(windowIdToWire(window), input.requestId);
});

export const handler = operation.handler;
