/**
 * The network guard in front of real Chromium through BrowserHost: the browser's own fetches and navigations kept
 * from metadata and private addresses, the loopback fixture refused when nothing is allowed, and a session's own
 * upstream proxy checked before it is used. Every destination is local.
 */
import { rm } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { navigate } from '../../functions/adapters/browser/navigate.js';
import { ProxyAddressRefusedError } from '../../functions/browser-host/errors.js';
import { BrowserHost } from '../../functions/browser-host/host.js';
import type { BrowserHostOptions } from '../../functions/browser-host/types.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { processesMentioning, tempWorkDir, waitFor } from './helpers.js';

describe('network guard in front of Chromium', () => {
  let fixture: FixtureServer;
  let workDir: string;
  const hosts: BrowserHost[] = [];
  const logs: { message: string; address?: unknown }[] = [];

  beforeAll(async () => {
    fixture = await startFixtureServer();
    workDir = await tempWorkDir('guard');
  });

  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
    logs.splice(0);
  });

  afterAll(async () => {
    await fixture.close();
    await rm(workDir, { recursive: true, force: true });
  });

  async function startHost(networkGuard: BrowserHostOptions['networkGuard'], warmPoolSize = 1, capacity = 1) {
    const host = new BrowserHost({
      capacity,
      warmPoolSize,
      workDir,
      networkGuard,
      log: (_level, message, fields) => logs.push({ message, ...fields }),
    });
    hosts.push(host);
    await host.start();
    return host;
  }

  it('loads an allowed loopback page in a warm browser, and keeps its fetches and navigations from metadata and private addresses', async () => {
    const host = await startHost({ allow: ['127.0.0.1'] });
    await waitFor(() => host.stats().warm === 1, 15_000, 'warm pool to fill');
    const acquired = await host.acquire('guarded', { idleTimeoutMs: 60_000 });
    expect(acquired.warm).toBe(true);
    const [browserProcess] = await processesMentioning(acquired.userDataDir);
    expect(browserProcess.cmdline).toMatch(/--proxy-server=http:\/\/127\.0\.0\.1:\d+/);
    expect(browserProcess.cmdline).toContain('--proxy-bypass-list=<-loopback>');
    expect(browserProcess.cmdline).toContain('--force-webrtc-ip-handling-policy=disable_non_proxied_udp');

    const browser = await puppeteer.connect({ browserWSEndpoint: acquired.wsEndpoint });
    try {
      const page = await browser.newPage();
      await page.goto(`${fixture.url}/form.html`);
      expect(await page.title()).toBe('Fixture Form');

      const started = performance.now();
      const outcomes = await page.evaluate(
        async (urls: string[]) => {
          const attempt = (url: string) =>
            fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
              (r) => `status ${r.status}`,
              (e: Error) => `failed: ${e.name}`,
            );
          return Promise.all(urls.map(attempt));
        },
        ['http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/'],
      );
      expect(outcomes).toEqual(['failed: TypeError', 'failed: TypeError']);
      const refusedAddresses = logs
        .filter((entry) => entry.message === 'network guard refused a destination')
        .map((entry) => entry.address);
      expect(refusedAddresses).toEqual(expect.arrayContaining(['169.254.169.254', '10.1.2.3']));

      // Plain http through a proxy: the guard's refusal is the response the page shows, never the metadata service.
      const navigation = await page.goto('http://169.254.169.254/latest/meta-data/');
      expect(navigation?.status()).toBe(403);
      expect(await page.evaluate(() => document.body.innerText)).toBe('blocked: 169.254.169.254 is link-local');
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await browser.disconnect();
    }
  });

  it('refuses the loopback fixture page itself when nothing is allowed', async () => {
    const host = await startHost({}, 0);
    const acquired = await host.acquire('strict', { idleTimeoutMs: 60_000 });
    const browser = await puppeteer.connect({ browserWSEndpoint: acquired.wsEndpoint });
    try {
      const page = await browser.newPage();
      const response = await page.goto(`${fixture.url}/form.html`);
      expect(response?.status()).toBe(403);
      expect(await page.title()).not.toBe('Fixture Form');
      expect(await page.evaluate(() => document.body.innerText)).toContain('blocked: 127.0.0.1 is loopback');
      // The service's navigation reads the guard's answer as the failed load it is, not as a page.
      expect(await navigate(page, `${fixture.url}/index.html`, { waitUntil: 'load', timeoutMs: 10_000 })).toEqual({
        timedOut: false,
        error: expect.stringMatching(/^blocked: 127\.0\.0\.1 is loopback/),
      });
      expect(await navigate(page, 'http://no-such-host.invalid/', { waitUntil: 'load', timeoutMs: 10_000 })).toEqual({
        timedOut: false,
        error: expect.stringMatching(/^bad gateway: cannot resolve no-such-host\.invalid/),
      });
      // Over https the guard's answer is a refused tunnel, which Chromium reports alike for every cause: the
      // navigation says which it was.
      expect(await navigate(page, 'https://no-such-host.invalid/', { waitUntil: 'load', timeoutMs: 10_000 })).toEqual({
        timedOut: false,
        error: expect.stringMatching(
          /^bad gateway: cannot resolve no-such-host\.invalid: \w+ \(net::ERR_TUNNEL_CONNECTION_FAILED\)$/,
        ),
      });
      expect(await navigate(page, 'https://127.0.0.1:59999/', { waitUntil: 'load', timeoutMs: 10_000 })).toEqual({
        timedOut: false,
        error:
          'net::ERR_TUNNEL_CONNECTION_FAILED: the network guard could not open a connection to 127.0.0.1:59999 (refused, unreachable or not allowed)',
      });
    } finally {
      await browser.disconnect();
    }
  });

  it("keeps every page off the host's own control ports, even where private networks are let through", async () => {
    for (const networkGuard of [undefined, { allow: ['127.0.0.1'] }]) {
      const host = new BrowserHost({ capacity: 2, warmPoolSize: 0, workDir, networkGuard, log: () => undefined });
      hosts.push(host);
      await host.start();
      const victim = await host.acquire('victim', { idleTimeoutMs: 60_000 });
      const tenant = await host.acquire('tenant', { idleTimeoutMs: 60_000 });
      const browser = await puppeteer.connect({ browserWSEndpoint: tenant.wsEndpoint });
      try {
        const page = await browser.newPage();
        // Another session's DevTools endpoint would list (and close) its windows to anyone who asks.
        const port = new URL(victim.wsEndpoint).port;
        for (const name of ['127.0.0.1', 'localhost']) {
          const response = await page.goto(`http://${name}:${port}/json/list`);
          expect(response?.status()).toBe(403);
          expect(await page.evaluate(() => document.body.innerText)).toMatch(
            new RegExp(`^blocked: port ${port} of .+ is a control port of this service's own browsers`),
          );
        }
        // Other loopback ports are as reachable as before.
        await page.goto(`${fixture.url}/form.html`);
        expect(await page.title()).toBe('Fixture Form');
      } finally {
        await browser.disconnect();
      }
      await host.shutdown();
    }
  });

  it("checks a session's own upstream proxy: refused when private, used when allowed", async () => {
    const host = await startHost({ allow: ['127.0.0.1'] }, 0);
    const started = performance.now();
    const refusal = await host
      .acquire('private-proxy', { idleTimeoutMs: 60_000, proxyServer: 'http://10.1.2.3:3128' })
      .catch((error: unknown) => error);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refusal).toBeInstanceOf(ProxyAddressRefusedError);
    expect((refusal as Error).message).toBe(
      'proxy server http://10.1.2.3:3128 refused by the network guard: blocked: 10.1.2.3 is private',
    );
    expect(host.stats().live).toBe(0);

    const acquired = await host.acquire('allowed-proxy', { idleTimeoutMs: 60_000, proxyServer: fixture.url });
    const browser = await puppeteer.connect({ browserWSEndpoint: acquired.wsEndpoint });
    try {
      const page = await browser.newPage();
      await page.goto('http://through-proxy.test/somewhere');
      expect(await page.title()).toBe('Proxied through-proxy.test');
    } finally {
      await browser.disconnect();
    }
  });

  it("lends no session another's proxy: a relay holding credentials is refused as a proxy, and to pages", async () => {
    const host = await startHost({ allow: ['127.0.0.1'] }, 0, 2);
    const owner = await host.acquire('proxy-owner', {
      idleTimeoutMs: 60_000,
      proxyServer: fixture.url,
      proxyCredentials: { username: 'bob', password: 'b-secret' },
    });
    const [ownerProcess] = await processesMentioning(owner.userDataDir);
    const relay = /--proxy-server=(http:\/\/127\.0\.0\.1:\d+)/.exec(ownerProcess.cmdline)?.[1];
    expect(relay).toBeDefined();
    const refusal = await host
      .acquire('proxy-rider', { idleTimeoutMs: 60_000, proxyServer: relay })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProxyAddressRefusedError);
    expect((refusal as Error).message).toMatch(/is a control port of this service's own browsers$/);
    // Nor does a page find it by asking loopback ports.
    const other = await host.acquire('port-scanner', { idleTimeoutMs: 60_000 });
    const browser = await puppeteer.connect({ browserWSEndpoint: other.wsEndpoint });
    try {
      const page = await browser.newPage();
      const response = await page.goto(`${relay}/`);
      expect(response?.status()).toBe(403);
      expect(await page.evaluate(() => document.body.innerText)).toMatch(
        /is a control port of this service's own browsers/,
      );
    } finally {
      await browser.disconnect();
    }
    // The owner's own pages still go through its relay.
    const ownerBrowser = await puppeteer.connect({ browserWSEndpoint: owner.wsEndpoint });
    try {
      const page = await ownerBrowser.newPage();
      await page.goto('http://through-proxy.test/somewhere');
      expect(await page.title()).toBe('Proxied through-proxy.test');
    } finally {
      await ownerBrowser.disconnect();
    }
  });
});
