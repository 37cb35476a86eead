/**
 * A session's browser holds at most `maxWindows` tabs, whoever opens them: a page opening windows without end
 * (each site a renderer process of its own) must not take the memory of the host's other sessions.
 */
import { rm } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BrowserHost } from '../../functions/browser-host/host.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { tempWorkDir, waitFor } from './helpers.js';

let fixture: FixtureServer;
let workDir: string;
let host: BrowserHost;

beforeAll(async () => {
  fixture = await startFixtureServer();
  workDir = await tempWorkDir('window-cap');
  host = new BrowserHost({ capacity: 1, warmPoolSize: 0, workDir, maxWindows: 3 });
  await host.start();
});

afterAll(async () => {
  await host.shutdown();
  await fixture.close();
  await rm(workDir, { recursive: true, force: true });
});

it('closes the tabs a page opens past the cap as they appear, and keeps the ones within it', async () => {
  const { wsEndpoint } = await host.acquire('cap', { idleTimeoutMs: 60_000 });
  const browser = await puppeteer.connect({ browserWSEndpoint: wsEndpoint, defaultViewport: null });
  try {
    const opener = (await browser.pages())[0] ?? (await browser.newPage());
    await opener.goto(`${fixture.url}/`);
    await opener.evaluate((origin) => {
      const opened = Array.from({ length: 12 }, (_, i) => window.open(`${origin}/?popup=${i}`));
      Object.assign(window, { opened });
    }, fixture.url);
    // The opener plus two popups fill the cap; the page sees its other ten windows closed.
    const closedPopups = () =>
      opener.evaluate(() => (window as unknown as { opened: Window[] }).opened.filter((w) => w.closed).length);
    await waitFor(async () => (await closedPopups()) === 10, 15_000, 'ten popups closed');
    const pageCount = async () => (await browser.pages()).length;
    expect(await pageCount()).toBe(3);
    // A tab closed makes room for one more.
    await (await browser.pages()).at(-1)!.close();
    await browser.newPage();
    expect(await pageCount()).toBe(3);
  } finally {
    await browser.disconnect();
  }
});
