/** What a viewer may ask of the watched page besides input: navigation, closing it, and its size. */
import type { CdpConnection } from '../../cdp/connection.js';
import { closeTarget } from '../../cdp/close-target.js';
import { navigableUrl } from './input.js';

/** Runs a navigation request (address bar, history buttons, the parent frame's commands); a refusal's reason or undefined. */
export const runNavigation = async (
  cdp: CdpConnection,
  session: string,
  targetId: string,
  message: Record<string, unknown>,
): Promise<string | undefined> => {
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
      const history = await cdp.send<{ currentIndex: number; entries: { id: number }[] }>(
        'Page.getNavigationHistory',
        {},
        session,
      );
      const entry = history.entries[history.currentIndex + (message.action === 'back' ? -1 : 1)];
      if (entry) await cdp.send('Page.navigateToHistoryEntry', { entryId: entry.id }, session);
      return undefined;
    }
    case 'reload':
      await cdp.send('Page.reload', {}, session);
      return undefined;
    case 'close':
      return (await closeTarget((method, params) => cdp.send(method, params), targetId))
        ? undefined
        : 'the window did not close; try again';
    default:
      return `unsupported navigation ${JSON.stringify(message.action ?? null)}`;
  }
};

/**
 * Sizes the page to the viewer by a viewport override on the live view's own connection, which also covers a page
 * whose viewport another client pinned (windows opened through the API are). Not `Browser.setWindowBounds`: with a
 * close of the window in flight from another connection it crashes Chromium's browser process (a segfault, the
 * whole session lost), and API clients close windows whenever they like. The override lasts while the window is
 * watched; after that the page has the size it had before (test/browser/window-close-races.test.ts).
 */
export const sizeViewport = async (
  cdp: CdpConnection,
  session: string,
  width: number,
  height: number,
): Promise<void> => {
  await cdp.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 0, mobile: false }, session);
};
