/**
 * A screenshot session that stops answering (Chromium can leave one waiting on a capture it abandoned for a new
 * document) costs the request a few seconds and a fresh session, not the protocol's 60 s limit on every call; a
 * browser that answers on no session is said to be unavailable for now.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../functions/adapters/browser/actions/screenshot.js';
import { BrowserStalledError } from '../../functions/ports/window-driver.js';
import { toAppError } from '../../functions/core/shared/errors.js';

/** The frame header of a 100 × 50 JPEG: all the capture path reads of an image. */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 50, 0, 100, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9,
]);

const session = (answers: boolean) => ({
  on: () => undefined,
  off: () => undefined,
  detached: false,
  send: (method: string) => {
    if (method === 'Page.getLayoutMetrics' || method === 'Page.captureScreenshot') {
      if (!answers) return new Promise(() => undefined);
      return Promise.resolve(
        method === 'Page.captureScreenshot'
          ? { data: JPEG.toString('base64') }
          : {
              cssVisualViewport: { pageX: 0, pageY: 0, clientWidth: 100, clientHeight: 50 },
              cssContentSize: { width: 100, height: 50 },
            },
      );
    }
    return Promise.resolve({});
  },
});

const pageOf = (sessions: Array<ReturnType<typeof session>>) => {
  let attached = 0;
  const page = { createCDPSession: async () => sessions[Math.min(attached++, sessions.length - 1)] } as unknown as Page;
  return { page, attached: () => attached };
};

describe('a screenshot on a stalled session', () => {
  it('is taken on a fresh session after a few seconds', async () => {
    const { page, attached } = pageOf([session(false), session(true)]);
    const started = Date.now();
    const [shot] = await screenshot(page, { scope: 'viewport', quality: 80 }, AbortSignal.timeout(30_000));
    expect(shot.viewport).toEqual({ width: 100, height: 50 });
    expect(attached()).toBe(2);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('is said to be unavailable (503, unavailable) when no session answers, well before the protocol limit', async () => {
    const { page } = pageOf([session(false)]);
    const failed = await screenshot(page, { scope: 'page', quality: 80 }, AbortSignal.timeout(60_000)).catch(
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(BrowserStalledError);
    expect(toAppError(failed)).toMatchObject({ code: 'unavailable' });
  }, 60_000);
});
