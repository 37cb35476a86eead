import type { Page } from 'puppeteer-core';
import type { Screenshot, ScreenshotRequest } from '../../../ports/window-driver.js';

export const screenshot = async (_page: Page, _request: ScreenshotRequest, _signal: AbortSignal): Promise<Screenshot[]> => {
  throw new Error('screenshot is being built');
};
