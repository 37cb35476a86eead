import type { Page } from 'puppeteer-core';
import type { ScrapeResult } from '../../../ports/window-driver.js';

export const scrape = async (_page: Page, _signal: AbortSignal): Promise<ScrapeResult> => {
  throw new Error('scrape is being built');
};
