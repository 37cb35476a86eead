import { liveViewSize } from '../../../core/windows/navigation.js';
import { requireWindow, sessionBrowser } from '../../../core/windows/open.js';
import { defineOperation } from '../../operation.js';
import { hostBaseUrl } from '../../shape/base-url.js';
import { envelope } from '../../shape/envelope.js';
import { liveViewUrl } from '../../shape/window.js';

export const operation = defineOperation('getWindowInfo', async (input) => {
  const { sessionId, windowId } = input.params;
  const { session, browser } = await sessionBrowser(input.deps, input.principal.orgId, sessionId);
  const window = await requireWindow(browser, windowId);
  const nowSeconds = Math.floor(input.deps.clock.now().getTime() / 1000);
  const options = {
    ...input.query,
    screenResolution: liveViewSize(session, window.windowId, input.query.screenResolution),
  };
  const url = liveViewUrl(
    hostBaseUrl(input),
    input.deps.signingSecret,
    nowSeconds,
    sessionId,
    window.windowId,
    options,
  );
  return envelope({ windowId: window.windowId, targetId: window.windowId, liveViewUrl: url }, input.requestId);
});
