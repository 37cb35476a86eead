/**
 * The CDP pieces screenshots are made of: one cached CDP session per page, the page's geometry, and a JPEG
 * capture of a page region. Scaling happens in Chromium (`clip.scale`), so Node never decodes an image.
 */
import type { CDPSession, Page } from 'puppeteer-core';

/**
 * Chromium (headless shell, software compositing) renders at most 8,192 image px along an axis in one capture
 * (after the clip's scale, whatever the device pixel ratio); past that the image silently repeats its top instead
 * of failing. Anything larger is captured as several tiles.
 */
export const MAX_CAPTURE_PX = 8192;

/**
 * Putting a page's scroll back after a capture takes a round trip or two; a stalled renderer must not hold the
 * request past this.
 */
export const RESTORE_MS = 2_000;

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** Attaching costs a round trip, so a page keeps its session until it is detached (page closed, crash). */
export const cdpOf = async (page: Page): Promise<CDPSession> => {
  const cached = sessions.get(page);
  if (cached) {
    const session = await cached.catch(() => undefined);
    if (session && !session.detached) return session;
  }
  // Page events tell a screenshot that the page moved on to another document (screenshot.ts).
  const created = page.createCDPSession().then(async (session) => {
    await session.send('Page.enable');
    return session;
  });
  sessions.set(page, created);
  return created;
};

/** The page's next screenshot attaches a session of its own: the cached one stopped answering. */
export const forgetCdp = (page: Page): void => {
  sessions.delete(page);
};

/** Settles with `promise`, or rejects with the signal's reason as soon as it fires (a CDP call cannot be cancelled). */
export const abortable = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> => {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
};

export interface Geometry {
  /** The visible part of the page, in CSS px, at its current scroll offset (page coordinates). */
  viewport: { x: number; y: number; width: number; height: number };
  /** The whole document, in CSS px. */
  content: { width: number; height: number };
}

export const geometry = async (cdp: CDPSession): Promise<Geometry> => {
  const metrics = await cdp.send('Page.getLayoutMetrics');
  const visual = metrics.cssVisualViewport;
  return {
    viewport: { x: visual.pageX, y: visual.pageY, width: visual.clientWidth, height: visual.clientHeight },
    content: { width: metrics.cssContentSize.width, height: metrics.cssContentSize.height },
  };
};

/** The factor (≤ 1, never enlarging) that makes `width`×`height` fit inside the limits, keeping the aspect ratio. */
export const fitScale = (width: number, height: number, limits: { maxWidth?: number; maxHeight?: number }): number =>
  Math.min(1, limits.maxWidth ? limits.maxWidth / width : 1, limits.maxHeight ? limits.maxHeight / height : 1);

/**
 * A JPEG of a region in page coordinates (CSS px), at `scale` image pixels per CSS px: Chromium applies the clip's
 * scale to CSS pixels whatever the device pixel ratio, so a high-density screen does not double the image.
 * `beyondViewport` lets the region extend past what is visible (full-page captures). `clip: false` captures what
 * the window shows as it is, in device pixels, ignoring `region` and `scale`.
 */
export const captureJpeg = async (
  cdp: CDPSession,
  region: { x: number; y: number; width: number; height: number },
  options: { scale: number; quality: number; beyondViewport: boolean; clip?: boolean },
  signal: AbortSignal,
): Promise<Buffer> => {
  const capture = cdp.send('Page.captureScreenshot', {
    format: 'jpeg',
    quality: options.quality,
    ...(options.clip === false ? {} : { clip: { ...region, scale: options.scale } }),
    captureBeyondViewport: options.beyondViewport,
    optimizeForSpeed: true,
  });
  const { data } = await abortable(capture, signal);
  return Buffer.from(data, 'base64');
};

/** Width and height of a JPEG from its frame header, without decoding it; undefined when there is none. */
export const jpegSize = (jpeg: Buffer): { width: number; height: number } | undefined => {
  for (let at = 2; at + 9 < jpeg.length; ) {
    if (jpeg[at] !== 0xff) return undefined;
    const marker = jpeg[at + 1];
    // SOF0–SOF15 carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return undefined;
};
