/**
 * A separate headless Chromium (the project's own binary, through puppeteer-core) that plays a person watching a
 * live view: it opens viewer pages like any browser would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Frame, type Page } from 'puppeteer-core';
import { chromiumArgs } from '../../functions/browser-host/index.js';
import type { ViewerState } from '../../functions/browser-host/live-view/page.js';
import { runChromiumPath } from './browsers.js';

export interface ViewerBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export const launchViewerBrowser = async (): Promise<ViewerBrowser> => {
  const userDataDir = await mkdtemp(join(tmpdir(), 'sessionhost-viewer-'));
  const browser = await puppeteer.launch({
    executablePath: await runChromiumPath(),
    args: chromiumArgs({ userDataDir }),
    headless: 'shell',
    defaultViewport: { width: 1000, height: 800 },
  });
  return {
    browser,
    close: async () => {
      await browser.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
};

/**
 * A page for one person watching, in a browser window of its own: a full Chromium stops drawing a tab behind
 * another, and a viewer that draws nothing acknowledges no frame, so two viewers in tabs of one window would leave
 * the first one frozen, which no person watching two windows sees.
 */
export const openViewerPage = (viewers: ViewerBrowser): Promise<Page> => viewers.browser.newPage({ type: 'window' });

/** What the viewer page shows now (its `window.liveViewState`), read from the viewer's page or frame. */
export const viewerState = (view: Page | Frame): Promise<ViewerState> =>
  view.evaluate(() => (window as unknown as { liveViewState: ViewerState }).liveViewState);
