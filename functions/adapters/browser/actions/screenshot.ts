/**
 * Screenshots as JPEG through CDP (`Page.captureScreenshot`): scaling is done by Chromium while it captures, so
 * no image is decoded in Node. Scopes: viewport (what is visible), page (see full-page.ts), scan (see scan.ts).
 */
import type { Page } from 'puppeteer-core';
import type { Screenshot, ScreenshotRequest } from '../../../ports/window-driver.js';
import { abortable, cdpOf, geometry } from './screenshot/cdp.js';
import { fullPage } from './screenshot/full-page.js';
import { scan } from './screenshot/scan.js';
import { viewportShot } from './screenshot/viewport.js';

export const screenshot = async (page: Page, request: ScreenshotRequest, signal: AbortSignal): Promise<Screenshot[]> => {
  signal.throwIfAborted();
  const cdp = await cdpOf(page);
  if (request.scope === 'scan') return scan(page, cdp, request, signal);
  const geo = await abortable(geometry(cdp), signal);
  if (request.scope === 'viewport') return [await viewportShot(cdp, geo, request, signal)];
  try {
    return await fullPage(cdp, geo, request, signal);
  } finally {
    // Capturing beyond the viewport lays the page out at full size for a moment; put its scroll offsets back.
    const after = await geometry(cdp).catch(() => geo);
    if (after.viewport.x !== geo.viewport.x || after.viewport.y !== geo.viewport.y) {
      await page.evaluate(`window.scrollTo({ left: ${geo.viewport.x}, top: ${geo.viewport.y}, behavior: 'instant' })`).catch(() => undefined);
    }
  }
};
