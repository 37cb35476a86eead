import type { Page } from 'puppeteer-core';
import type { ScrollOutcome, ScrollRequest } from '../../../ports/window-driver.js';

export const scroll = async (_page: Page, _request: ScrollRequest, _signal: AbortSignal): Promise<ScrollOutcome> => {
  throw new Error('scroll is being built');
};
