/**
 * A scroll in the middle of a page answers without waiting for the frame after it; the service's next script waits
 * for that frame instead, so it still sees what the page's scroll listeners did (see `page/owed-frame.ts`).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateInWorld } from '../../functions/adapters/browser/actions/world.js';
import { OWED_FRAME } from '../../functions/adapters/browser/actions/page/owed-frame.js';
import type { WindowDriver } from '../../functions/ports/window-driver.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { openServedWindow, type ServedWindow } from '../support/driver-window.js';

let served: ServedWindow<FixtureServer>;
let page: Page;
let driver: WindowDriver;
const signal = () => AbortSignal.timeout(20_000);

beforeAll(async () => {
  served = await openServedWindow(startFixtureServer);
  ({ page, driver } = served);
});
afterAll(async () => {
  await served?.close();
});

describe('the frame a scroll owes', () => {
  it('holds back every later script of the service until it has come', async () => {
    await page.goto(`${served.server.url}/visual/scroll-echo.html`);
    await evaluateInWorld(
      page,
      `(globalThis.${OWED_FRAME} = new Promise((done) => setTimeout(() => { globalThis.order = 'frame first'; done(); }, 150)), 0)`,
      signal(),
    );
    expect(await evaluateInWorld(page, `globalThis.order ?? 'script first'`, signal())).toBe('frame first');
  });

  it("still bounds the later script by its own evaluation's timeout", async () => {
    await page.goto(`${served.server.url}/visual/scroll-echo.html`);
    await evaluateInWorld(
      page,
      `(globalThis.${OWED_FRAME} = new Promise((done) => setTimeout(done, 100)), 0)`,
      signal(),
    );
    const busy = `(() => { const t = performance.now(); while (performance.now() - t < 1500) {} return 'ran'; })()`;
    await expect(evaluateInWorld(page, busy, signal(), { timeoutMs: 300 })).rejects.toThrow();
    expect(await evaluateInWorld(page, `'usable'`, signal())).toBe('usable');
  });

  it("lets the next read see what the page's scroll listener did after a move in the middle of the page", async () => {
    for (const by of [600, 1200, 1800]) {
      await page.goto(`${served.server.url}/visual/scroll-echo.html`);
      const outcome = await driver.scroll({ by: { y: { value: by, unit: 'px' } } }, signal());
      expect(outcome.after.top).toBe(by);
      expect(await evaluateInWorld(page, `document.getElementById('seen').textContent`, signal())).toBe(
        `seen at ${by}`,
      );
    }
  });

  it('waits for the frame itself when the move ends near the end of the page, where lazy lists grow', async () => {
    await page.goto(`${served.server.url}/visual/scroll-listener.html`);
    const endBefore = (await page.evaluate('document.documentElement.scrollHeight - innerHeight')) as number;
    const outcome = await driver.scroll({ toEdge: { y: 'bottom' } }, signal());
    expect(outcome.after.top).toBe(endBefore);
    expect(outcome.max.top).toBeGreaterThanOrEqual(endBefore + 2000);
  });
});
