/**
 * A full Chromium stops drawing a page that is not its window's front tab (one a link or script opened on top of
 * it, say), and `Page.captureScreenshot` then waits for a frame that never comes, until the protocol times out.
 * Bringing the page to the front would hide the other one, changing what a live viewer sees. A screencast counts as
 * a capture instead: while one runs on the screenshot's own CDP session, Chromium draws the page though it stays
 * hidden. The headless shell draws every page anyway; there the screencast merely runs for the capture's length.
 */
import type { CDPSession } from 'puppeteer-core';

/** The smallest frames Chromium will send: only the drawing matters, not the frames themselves (never acknowledged). */
const SCREENCAST = { format: 'jpeg', quality: 1, maxWidth: 1, maxHeight: 1 } as const;

/** Captures under way per session: the screencast stops when the last one ends, not in the middle of another. */
const holders = new WeakMap<CDPSession, number>();

/** Keeps the page drawn until the returned function is called. */
export const keepDrawn = (cdp: CDPSession): (() => void) => {
  const count = holders.get(cdp) ?? 0;
  holders.set(cdp, count + 1);
  // Not awaited: a session handles its commands in order, so the screencast is on before the capture sent next.
  if (count === 0) cdp.send('Page.startScreencast', SCREENCAST).catch(() => undefined);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (holders.get(cdp) ?? 1) - 1;
    holders.set(cdp, left);
    if (left === 0) cdp.send('Page.stopScreencast').catch(() => undefined);
  };
};
