/** One image of what the window shows, scaled down to the request's limits. */
import type { CDPSession } from 'puppeteer-core';
import type { Screenshot, ScreenshotRequest, ScrollPosition } from '../../../../ports/window-driver.js';
import { captureJpeg, fitScale, type Geometry } from './cdp.js';

export const viewportShot = async (cdp: CDPSession, geo: Geometry, request: ScreenshotRequest, signal: AbortSignal, scroll?: ScrollPosition): Promise<Screenshot> => {
  const { viewport } = geo;
  const scale = fitScale(viewport.width, viewport.height, request);
  const jpeg = await captureJpeg(cdp, viewport, { scale, quality: request.quality, beyondViewport: false }, signal);
  return {
    jpeg,
    viewport: { width: Math.round(viewport.width), height: Math.round(viewport.height) },
    // Scan passes the offsets of what it scrolled (an inner box, maybe); otherwise the page's own offsets.
    scroll: scroll ?? { left: Math.round(viewport.x), top: Math.round(viewport.y) },
  };
};
