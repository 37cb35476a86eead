/**
 * Which browsers a test run can use. CHROMIUM_PATH names the run's browser (CI runs the browser suites once on the
 * bundled headless shell and once more on a system Chromium when one is installed); suites that need the full
 * browser (extensions, WebDriver) use it when the run names one, else a system Chromium when there is one.
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { browserKind, findSystemChromium } from '../../functions/browser-host/browser-kind.js';
import { BUNDLED_CHROMIUM, DEFAULT_WINDOW, resolveChromiumPath } from '../../functions/browser-host/chromium.js';

/** The binary of this run's browser: the one CHROMIUM_PATH names, else the bundled headless shell. */
export const runChromiumPath = (): Promise<string> => resolveChromiumPath(process.env.CHROMIUM_PATH || undefined);

/** A full Chromium for this run, or undefined (suites needing one are skipped, and say why). */
export const fullChromium = async (): Promise<string | undefined> => {
  const named = process.env.CHROMIUM_PATH;
  if (named && named !== BUNDLED_CHROMIUM && (await browserKind(await resolveChromiumPath(named))) === 'full')
    return named;
  return findSystemChromium();
};

export interface BareBrowser {
  browser: Browser;
  /** One blank page at the service's default window size. */
  page: Page;
  close(): Promise<void>;
}

/**
 * This run's browser launched bare, without the service, for suites that run page scripts on content they set
 * themselves. A full Chromium runs in its new headless mode, as the service's launcher runs it.
 */
export const launchBareBrowser = async (): Promise<BareBrowser> => {
  const executablePath = await runChromiumPath();
  const browser = await puppeteer.launch({
    executablePath,
    headless: (await browserKind(executablePath)) === 'full' ? true : 'shell',
    args: ['--no-sandbox'],
    defaultViewport: DEFAULT_WINDOW,
  });
  try {
    return { browser, page: await browser.newPage(), close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
};
