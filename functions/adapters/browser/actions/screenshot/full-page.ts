/**
 * The whole page, captured beyond the viewport. One image when it fits in one capture (8,192 image px per axis,
 * see cdp.ts); a taller page comes back as tiles stacked top to bottom, each with its origin in `scroll`. The total
 * is capped at 32,768 image px tall (four full tiles, a few hundred kB of JPEG at most): past that the image
 * stops and says so, rather than Chromium failing or a response growing without bound. Scaling down with
 * maxWidth/maxHeight fits more of the page under the same cap.
 */
import type { CDPSession } from 'puppeteer-core';
import type { Screenshot, ScreenshotRequest } from '../../../../ports/window-driver.js';
import { captureJpeg, fitScale, MAX_CAPTURE_PX, type Geometry } from './cdp.js';

export const MAX_PAGE_PX = 32_768;

export const fullPage = async (
  cdp: CDPSession,
  geo: Geometry,
  request: ScreenshotRequest,
  signal: AbortSignal,
): Promise<Screenshot[]> => {
  const pageWidth = Math.max(1, Math.ceil(geo.content.width));
  const pageHeight = Math.max(1, Math.ceil(geo.content.height));
  const scale = fitScale(pageWidth, pageHeight, request);
  const width = Math.min(pageWidth, Math.floor(MAX_CAPTURE_PX / scale));
  const height = Math.min(pageHeight, Math.floor(MAX_PAGE_PX / scale));
  const tileHeight = Math.floor(MAX_CAPTURE_PX / scale);
  const viewport = { width: Math.round(geo.viewport.width), height: Math.round(geo.viewport.height) };

  const shots: Screenshot[] = [];
  for (let top = 0; top < height; top += tileHeight) {
    signal.throwIfAborted();
    const region = { x: 0, y: top, width, height: Math.min(tileHeight, height - top) };
    const jpeg = await captureJpeg(cdp, region, { scale, quality: request.quality, beyondViewport: true }, signal);
    shots.push({ jpeg, viewport, scroll: { left: 0, top } });
  }

  const cut: string[] = [];
  if (height < pageHeight)
    cut.push(
      `only its top ${height} of ${pageHeight} px (the cap is ${MAX_PAGE_PX} image px; maxHeight scales the page down to fit more)`,
    );
  if (width < pageWidth) cut.push(`only its left ${width} of ${pageWidth} px`);
  if (cut.length)
    shots[shots.length - 1].truncated =
      `the page is larger than one screenshot can hold: it shows ${cut.join(' and ')}`;
  return shots;
};
