/**
 * Windows are the browser's page targets, and a window id is the CDP target id. Their url and title are read from
 * the browser when asked (`Target.getTargets` for the list: one round trip whatever the number of windows), not
 * from puppeteer's cached target info, which misses title changes made after a page loaded and can keep a URL the
 * page has left. The browser answers from its own state, so a page busy with a dialog or a long script answers too.
 */
import type { CDPSession, Target } from 'puppeteer-core';
import type { WindowInfo } from '../../ports/browser.js';
import { isNoSuchTarget } from '../../cdp/close-target.js';

/** Puppeteer keeps a target's CDP id but exposes it only internally; this is the one place that reads it. */
interface TargetInternals {
  _targetId: string;
}

export const targetIdOf = (target: Target): string => (target as unknown as TargetInternals)._targetId;

interface TargetInfo {
  targetId: string;
  type: string;
  subtype?: string;
  url: string;
  title: string;
}

/** A page is a window; a page Chromium prerenders in the background is not one (yet). */
const isWindowInfo = (info: TargetInfo): boolean => info.type === 'page' && info.subtype !== 'prerender';

/**
 * A window whose first navigation failed has committed no URL (Chromium reports ""): it still shows the blank
 * page it was opened on. Otherwise Chromium's url and title stand: an untitled page is titled by its address,
 * as in a browser's tab strip and for CDP clients.
 */
const toWindowInfo = (info: TargetInfo): WindowInfo => ({
  windowId: info.targetId,
  url: info.url || 'about:blank',
  title: info.title,
});

/** Every window of the browser, as it is now. `browserSession`: a CDP session on the browser target. */
export const currentWindows = async (browserSession: CDPSession): Promise<WindowInfo[]> => {
  const { targetInfos } = await browserSession.send('Target.getTargets', { filter: [{ type: 'page' }] });
  return targetInfos.filter(isWindowInfo).map(toWindowInfo);
};

/** One window as it is now; undefined when no window has that id (any more). */
export const currentWindow = async (browserSession: CDPSession, windowId: string): Promise<WindowInfo | undefined> => {
  try {
    const { targetInfo } = await browserSession.send('Target.getTargetInfo', { targetId: windowId });
    return isWindowInfo(targetInfo) ? toWindowInfo(targetInfo) : undefined;
  } catch (error) {
    if (isNoSuchTarget(error)) return undefined;
    throw error;
  }
};
