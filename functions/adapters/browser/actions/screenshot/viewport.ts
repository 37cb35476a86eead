/** One image of what the window shows, scaled down to the request's limits. */
import type { CDPSession } from 'puppeteer-core';
import type { Screenshot, ScreenshotRequest, ScrollPosition } from '../../../../ports/window-driver.js';
import { captureJpeg, fitScale, jpegSize, type Geometry } from './cdp.js';

export const viewportShot = async (
  cdp: CDPSession,
  geo: Geometry,
  request: ScreenshotRequest,
  signal: AbortSignal,
  scroll?: ScrollPosition,
  /** The window captured as it is, taken alongside the geometry (`asTheWindowIs`). */
  early?: Buffer,
): Promise<Screenshot> => {
  const { viewport } = geo;
  const scale = fitScale(viewport.width, viewport.height, request);
  const options = { scale, quality: request.quality, beyondViewport: false };
  const shot = (jpeg: Buffer): Screenshot => ({
    jpeg,
    viewport: { width: Math.round(viewport.width), height: Math.round(viewport.height) },
    // Scan passes the offsets of what it scrolled (an inner box, maybe); otherwise the page's own offsets.
    scroll: scroll ?? { left: Math.round(viewport.x), top: Math.round(viewport.y) },
  });
  if (scale === 1) {
    // The window as it is, unclipped: a clip makes Chromium set up an emulated viewport to capture through, which
    // on a large page costs more than the capture. Whether that image is in CSS pixels (no higher pixel density,
    // no pinch zoom, no other client's emulation) shows in its size; when it is not, the clipped capture follows.
    const plain = early ?? (await captureJpeg(cdp, viewport, { ...options, clip: false }, signal));
    const size = jpegSize(plain);
    if (size?.width === Math.round(viewport.width) && size.height === Math.round(viewport.height)) return shot(plain);
  }
  return shot(await captureJpeg(cdp, viewport, options, signal));
};

/**
 * The window captured as it is, unclipped, together with the geometry, when nothing limits the image's size (so
 * its scale is 1 whatever the viewport): one round trip where the geometry first and then the capture take two.
 */
export const asTheWindowIs = (
  cdp: CDPSession,
  geometryOf: Promise<Geometry>,
  request: ScreenshotRequest,
  signal: AbortSignal,
): Promise<Screenshot> | undefined => {
  if (request.maxWidth || request.maxHeight) return undefined;
  const region = { x: 0, y: 0, width: 0, height: 0 };
  const plain = captureJpeg(
    cdp,
    region,
    { scale: 1, quality: request.quality, beyondViewport: false, clip: false },
    signal,
  );
  plain.catch(() => undefined);
  return Promise.all([geometryOf, plain]).then(([geo, early]) =>
    viewportShot(cdp, geo, request, signal, undefined, early),
  );
};
