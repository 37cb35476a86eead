/**
 * A window whose document holds no element at all (a page's script removed its root, an empty response): the
 * service's reads and its scroll answer that there is nothing there, rather than failing with an error of unknown
 * kind (a 500 from the scroll and paginated-extraction routes before).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  await page.goto(`${served.server.url}/forms/contact.html`);
  await page.evaluate(() => document.documentElement.remove());
});
afterAll(async () => {
  await served?.close();
});

describe('a document with no element', () => {
  it('has no height and no text to read', async () => {
    const state = await driver.pageState(signal());
    expect(state.scrollHeight).toBe(0);
    expect(state.text).toBe('');
  });

  it('scrolls nowhere', async () => {
    const outcome = await driver.scroll({ by: { y: { value: 200, unit: 'px' } } }, signal());
    expect(outcome.after).toEqual(outcome.before);
  });

  it('is captured as the blank window it is', async () => {
    const shots = await driver.screenshot({ scope: 'viewport', quality: 80 }, signal());
    expect(shots.length).toBe(1);
  });

  it('lists no items', async () => {
    expect(await driver.listItems(signal())).toEqual([]);
  });
});
