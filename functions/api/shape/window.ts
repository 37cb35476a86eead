/** Window → the wire's WindowId / Window, with a live view URL that carries a signed, short-lived token. */
import { signViewToken, VIEW_TOKEN_TTL_SECONDS } from '../../net/live-view-tokens.js';
import type { WindowInfo } from '../../ports/browser.js';

export const windowIdToWire = (window: WindowInfo) => ({
  windowId: window.windowId,
  targetId: window.windowId,
  title: window.title,
  url: window.url,
});

export interface LiveViewOptions {
  includeNavigationBar?: boolean;
  disableResize?: boolean;
  screenResolution?: string;
}

export const liveViewUrl = (
  baseUrl: string,
  secret: string,
  nowSeconds: number,
  sessionId: string,
  windowId: string,
  options: LiveViewOptions,
): string => {
  const token = signViewToken(secret, { sessionId, windowId, expiresAt: nowSeconds + VIEW_TOKEN_TTL_SECONDS });
  const query = new URLSearchParams({ token });
  if (options.includeNavigationBar) query.set('navigationBar', 'true');
  if (options.disableResize) query.set('disableResize', 'true');
  if (options.screenResolution) query.set('screenResolution', options.screenResolution);
  return `${baseUrl}/live/${encodeURIComponent(sessionId)}/${encodeURIComponent(windowId)}?${query}`;
};
