/** What a viewer may ask of the watched page besides input: navigation, closing it, and its size. */
import type { CdpConnection } from '../../adapters/browser/cdp-connection.js';
import { closeTarget } from '../../adapters/browser/close-target.js';
import { navigableUrl } from './input.js';

/** Runs a navigation request (address bar, history buttons, the parent frame's commands); a refusal's reason or undefined. */
export const runNavigation = async (cdp: CdpConnection, session: string, targetId: string, message: Record<string, unknown>): Promise<string | undefined> => {
  switch (message.action) {
    case 'go': {
      const url = navigableUrl(message.url);
      if (!url) return `not a web address: ${String(message.url).slice(0, 200)}`;
      // A load that fails (refused, unresolvable) still answers: its reason is the viewer's error to show.
      const { errorText } = await cdp.send<{ errorText?: string }>('Page.navigate', { url }, session);
      return errorText && errorText !== 'net::ERR_ABORTED' ? `could not load ${url}: ${errorText}` : undefined;
    }
    case 'back':
    case 'forward': {
      const history = await cdp.send<{ currentIndex: number; entries: { id: number }[] }>('Page.getNavigationHistory', {}, session);
      const entry = history.entries[history.currentIndex + (message.action === 'back' ? -1 : 1)];
      if (entry) await cdp.send('Page.navigateToHistoryEntry', { entryId: entry.id }, session);
      return undefined;
    }
    case 'reload':
      await cdp.send('Page.reload', {}, session);
      return undefined;
    case 'close':
      return (await closeTarget((method, params) => cdp.send(method, params), targetId)) ? undefined : 'the window did not close; try again';
    default:
      return `unsupported navigation ${JSON.stringify(message.action ?? null)}`;
  }
};

/**
 * Resizes the window itself, so the size outlives the live view; the viewport override covers a page whose
 * viewport was pinned by another client's emulation (windows opened through the API are).
 */
export const resizeWindow = async (cdp: CdpConnection, session: string, targetId: string, width: number, height: number): Promise<void> => {
  await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 0, mobile: false }, session);
  try {
    const { windowId } = await cdp.send<{ windowId: number }>('Browser.getWindowForTarget', { targetId });
    await cdp.send('Browser.setWindowBounds', { windowId, bounds: { width, height, windowState: 'normal' } });
  } catch {
    // Some builds run without window management; the viewport override alone still sizes the page.
  }
};
