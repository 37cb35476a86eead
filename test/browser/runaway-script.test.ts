/**
 * A page whose script never yields, on real Chromium: the service stops the script once an operation has waited
 * past the bound (`functions/adapters/browser/runaway-script.ts`), so reads and actions answer instead of waiting
 * 60 s for a 503; through the API with the service's own bound, and through the window driver with a short one.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PuppeteerWindowDriver } from '../../functions/adapters/browser/window-driver.js';
import { SCRIPT_LIMIT_MS } from '../../functions/adapters/browser/runaway-script.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { openServedWindow, type ServedWindow } from '../support/driver-window.js';

let served: ServedWindow<FixtureServer>;
let page: Page;

beforeAll(async () => {
  served = await openServedWindow(startFixtureServer);
  ({ page } = served);
});
afterAll(async () => {
  await served?.close();
});

/** busy.html holds the thread from just after load for as long as `ms` says: here ten minutes, for good. */
const RUNAWAY = '/scrape/busy.html?ms=600000';

describe('a page whose script never yields', () => {
  it('is read through the API once the bound has passed, not after the protocol limit', async () => {
    const { svc, sessionId, windowId } = served;
    await page.goto(`${served.server.url}${RUNAWAY}`, { waitUntil: 'load' });
    const started = Date.now();
    const res = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${sessionId}/windows/${windowId}/scrape-content`,
      headers: svc.auth,
      body: {},
    });
    const took = Date.now() - started;
    expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data.modelResponse.scrapedContent.text).toContain('Busy page');
    expect(took).toBeGreaterThanOrEqual(SCRIPT_LIMIT_MS - 1000);
    expect(took).toBeLessThan(SCRIPT_LIMIT_MS + 20_000);
  }, 90_000);

  it('is snapshotted, scrolled and read by the driver within a short bound, and the page stays usable', async () => {
    await page.goto(`${served.server.url}${RUNAWAY}`, { waitUntil: 'load' });
    const driver = new PuppeteerWindowDriver(page, 300);
    const signal = new AbortController().signal;
    const started = Date.now();
    const snapshot = await driver.snapshot(signal);
    expect(snapshot.elements.some((e) => e.name === 'Busy page')).toBe(true);
    await driver.scroll({ toEdge: { y: 'bottom' } }, signal);
    expect((await driver.pageState(signal)).text).toContain('holds the main thread');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await page.evaluate(() => document.title)).toBe('Busy page');
  }, 60_000);

  it('leaves a page alone whose main thread is free, however short the bound', async () => {
    await page.goto(`${served.server.url}/scrape/article.html`, { waitUntil: 'load' });
    // A bound of 1 ms passes during every operation: the guard must never cost a page that yields anything.
    const driver = new PuppeteerWindowDriver(page, 1);
    const signal = new AbortController().signal;
    for (let i = 0; i < 3; i += 1) {
      await driver.scroll({ toEdge: { y: i % 2 ? 'top' : 'bottom' } }, signal);
      expect((await driver.snapshot(signal)).elements.length).toBeGreaterThan(0);
    }
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
  }, 60_000);
});
