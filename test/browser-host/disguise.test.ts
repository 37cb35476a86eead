/**
 * The host's side of the disguise: a warm browser (launched before anyone asked for a locale) handed to a session
 * with its own locale and zone presents them in every scope, and a session that turns the disguise off gets a
 * browser of its own that shows itself as it is. The detection page of the fixtures gives the verdicts.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserHost } from '../../functions/browser-host/index.js';
import { Disguise } from '../../functions/browser-host/stealth/disguise.js';
import { buildFingerprint } from '../../functions/browser-host/stealth/fingerprint.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';

let host: BrowserHost;
interface Seen {
  rtt: number | null;
  renderer: string | null;
}
let fixtures: FixtureServer;

beforeAll(async () => {
  fixtures = await startFixtureServer();
  host = new BrowserHost({
    capacity: 4,
    warmPoolSize: 1,
    workDir: join(tmpdir(), 'sessionhost-disguise-test'),
    log: () => undefined,
  });
  await host.start();
});
afterAll(async () => {
  await host?.shutdown();
  await fixtures?.close();
});

type Page = Awaited<ReturnType<Awaited<ReturnType<typeof puppeteer.connect>>['newPage']>>;

const readVerdicts = async (page: Page): Promise<string> => {
  await page.waitForFunction(() => document.getElementById('status')?.textContent === 'done', { timeout: 60_000 });
  return await page.evaluate(() => document.getElementById('verdicts')!.innerText);
};

/** The detection page's verdicts; `then` may act on the page once they are in and read them again. */
const verdictsOf = async (
  wsEndpoint: string,
  query: string,
  then?: (page: Page) => Promise<string>,
): Promise<string> => {
  const browser = await puppeteer.connect({ browserWSEndpoint: wsEndpoint, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    await page.goto(`${fixtures.url}/stealth/detect.html?${query}`, { waitUntil: 'domcontentloaded' });
    const text = await readVerdicts(page);
    return then ? await then(page) : text;
  } finally {
    await browser.disconnect();
  }
};

describe('disguise on the host', () => {
  it("retunes a warm browser to the session's locale and zone, in pages, frames and workers", async () => {
    const deadline = Date.now() + 60_000;
    while (host.stats().warm < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const acquired = await host.acquire('disguise-warm', {
      idleTimeoutMs: 60_000,
      disguise: { locale: 'fr-FR', timezone: 'America/Sao_Paulo' },
    });
    expect(acquired.warm).toBe(true);
    const text = await verdictsOf(acquired.wsEndpoint, 'locale=fr-FR&timezone=America/Sao_Paulo');
    const lines = text.split('\n').filter((line) => line.startsWith('VERDICT'));
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toMatch(/fired=none \|/);
    expect(text).toContain('"languages":"fr-FR,fr"');
    await host.release('disguise-warm');
  });

  it('corrects a service worker again when it is stopped and started by a later event', async () => {
    const acquired = await host.acquire('disguise-restart', { idleTimeoutMs: 60_000, disguise: {} });
    const text = await verdictsOf(acquired.wsEndpoint, 'locale=en-US', async (page) => {
      // Stopped, the worker keeps its registration; the reloaded page's message starts it again.
      const cdp = await page.createCDPSession();
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await page.reload({ waitUntil: 'domcontentloaded' });
      return await readVerdicts(page);
    });
    expect(text).toMatch(/VERDICT service-worker: fired=none \|/);
    await host.release('disguise-restart');
  });

  it('corrects a worker whose first script ran before the disguise could stop it', async () => {
    // Another client letting a worker run first leaves it as this: running, its script parsed, no breakpoint to hit.
    const acquired = await host.acquire('disguise-late', { idleTimeoutMs: 60_000, disguise: false });
    const browser = await puppeteer.connect({ browserWSEndpoint: acquired.wsEndpoint, defaultViewport: null });
    try {
      const page = await browser.newPage();
      await page.goto(`${fixtures.url}/stealth/running-worker.html`, { waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.getElementById('status')?.textContent === 'done', { timeout: 60_000 });
      const ask = () => page.evaluate(() => (window as unknown as { askWorker(): Promise<Seen> }).askWorker());
      const before = await ask();
      expect(before.rtt).toBe(0);
      await Disguise.attach(browser, buildFingerprint(await browser.version()));
      const after = await ask();
      expect(after.rtt).not.toBe(0);
      expect(after.renderer).not.toMatch(/SwiftShader/);
    } finally {
      await browser.disconnect();
      await host.release('disguise-late');
    }
  });

  it('launches an undisguised browser of its own for a session that turns the disguise off', async () => {
    const acquired = await host.acquire('disguise-off', { idleTimeoutMs: 60_000, disguise: false });
    expect(acquired.warm).toBe(false);
    const text = await verdictsOf(acquired.wsEndpoint, 'locale=en-US');
    expect(text).toMatch(/VERDICT main: bot=true kind=headless_chrome fired=.*webdriver/);
    await host.release('disguise-off');
  });

  it('refuses a locale or zone the browser cannot take, naming it', async () => {
    await expect(
      host.acquire('disguise-bad', { idleTimeoutMs: 60_000, disguise: { locale: 'en_US' } }),
    ).rejects.toThrow(/disguise.locale/);
    await expect(
      host.acquire('disguise-bad', { idleTimeoutMs: 60_000, disguise: { timezone: 'Nowhere/Town' } }),
    ).rejects.toThrow(/disguise.timezone/);
  });
});
