/**
 * A separate headless Chromium (the project's own binary, through puppeteer-core) that plays a person watching a
 * live view: it opens viewer pages like any browser would.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumArgs, resolveChromiumPath } from '../../functions/browser-host/index.js';

export interface ViewerBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export const launchViewerBrowser = async (): Promise<ViewerBrowser> => {
  const userDataDir = await mkdtemp(join(tmpdir(), 'sessionhost-viewer-'));
  const browser = await puppeteer.launch({
    executablePath: await resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
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
