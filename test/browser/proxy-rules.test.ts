/**
 * Proxy rules (`[{domainPattern, relay}]`) in real Chromium: hosts matching a pattern go through the session's proxy,
 * the others go direct (or through the network guard when it is on). Two local sites stand for the web: `*.test`
 * names exist only behind the recording proxy; the other site is reached at this machine's own address.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { rm } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { BrowserLauncher, type LaunchedBrowser, type LauncherOptions } from '../../functions/browser-host/launcher.js';
import { startNetworkGuard, type NetworkGuard } from '../../functions/browser-host/network-guard.js';
import { startProxyRelay, type ProxyRelay } from '../../functions/browser-host/proxy-relay.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { tempWorkDir } from '../browser-host/helpers.js';

/** This machine's own IPv4 address: not loopback, so no proxy bypasses it on its own. */
const privateAddress = (): string =>
  Object.values(networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address ?? '127.0.0.1';

interface Listening {
  url: string;
  close(): Promise<void>;
}

const listen = async (server: http.Server, host: string): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
};

const closer = (server: http.Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A forward proxy that answers every request itself (so `*.test` names need no DNS) and records what it carried. */
const startRecordingProxy = async (credentials?: { username: string; password: string }) => {
  const expected =
    credentials && `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const seen: { url: string; authorized: boolean }[] = [];
  const server = http.createServer((request, response) => {
    const authorized = expected === undefined || request.headers['proxy-authorization'] === expected;
    // A full Chromium also asks each site for its icon; the pages are what the rules are about.
    if (!new URL(request.url ?? '/', 'http://unknown').pathname.endsWith('/favicon.ico'))
      seen.push({ url: request.url ?? '', authorized });
    if (!authorized) return void response.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
    const host = new URL(request.url ?? '/', 'http://unknown').host;
    response.writeHead(200, { 'content-type': 'text/html' }).end(`<title>proxied ${host}</title>`);
  });
  server.on('connect', (request, socket) => {
    seen.push({ url: `CONNECT ${request.url}`, authorized: request.headers['proxy-authorization'] === expected });
    // The browser may reset the tunnel it was refused before the refusal is read: no fault of the test.
    socket.on('error', () => undefined);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  const port = await listen(server, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, seen, close: closer(server) };
};

/** The other site: on every interface, so that it can be reached at the machine's own (non-loopback) address. */
const startSite = async (): Promise<Listening & { port: number; visits: number }> => {
  const site: Listening & { port: number; visits: number } = {
    url: '',
    port: 0,
    visits: 0,
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    // Page loads only: a full Chromium also asks for the site's icon.
    if (!request.url?.endsWith('/favicon.ico')) site.visits++;
    response.writeHead(200, { 'content-type': 'text/html' }).end('<title>the other site</title>');
  });
  site.port = await listen(server, '0.0.0.0');
  site.url = `http://${privateAddress()}:${site.port}/`;
  site.close = closer(server);
  return site;
};

const titleOf = async (launched: LaunchedBrowser, url: string): Promise<string> => {
  const browser = await puppeteer.connect({ browserWSEndpoint: launched.wsEndpoint });
  try {
    const page = await browser.newPage();
    await page.goto(url, { timeout: 10_000 });
    // A refusal (a proxy's 403) has no title: its text says why.
    const title = (await page.title()) || (await page.evaluate(() => document.body?.innerText ?? ''));
    await page.close();
    return title;
  } finally {
    await browser.disconnect();
  }
};

describe('a browser launched with proxy rules', () => {
  let workDir: string;
  let site: Awaited<ReturnType<typeof startSite>>;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    [workDir, site] = await Promise.all([tempWorkDir('proxy-rules'), startSite()]);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });
  afterAll(async () => {
    await site?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  const launch = async (
    options: Partial<LauncherOptions>,
    spec: { proxyServer: string; proxyDomainPatterns?: string[] },
  ) => {
    const launcher = new BrowserLauncher({
      executablePath: await resolveChromiumPath(process.env.CHROMIUM_PATH || undefined),
      browsersDir: workDir,
      ...options,
    });
    const launched = await launcher.launch(spec);
    cleanups.push(() => launcher.stop(launched));
    return launched;
  };

  it('sends hosts matching a pattern through the proxy and the others direct', async () => {
    const proxy = await startRecordingProxy();
    cleanups.push(proxy.close);
    const launched = await launch({}, { proxyServer: proxy.url, proxyDomainPatterns: ['*.test', 'exact.example'] });

    expect(await titleOf(launched, 'http://shop.test/')).toBe('proxied shop.test');
    expect(await titleOf(launched, 'http://exact.example/')).toBe('proxied exact.example');
    expect(await titleOf(launched, site.url)).toBe('the other site');
    expect(proxy.seen.map((s) => s.url)).toEqual(['http://shop.test/', 'http://exact.example/']);
  });

  it('sends every host through the proxy when a rule says *', async () => {
    const proxy = await startRecordingProxy();
    cleanups.push(proxy.close);
    const launched = await launch({}, { proxyServer: proxy.url, proxyDomainPatterns: ['*.test', '*'] });

    expect(await titleOf(launched, site.url)).toBe(`proxied ${new URL(site.url).host}`);
  });

  it('authenticates the matching hosts to a proxy that wants credentials, and leaves the others direct', async () => {
    const proxy = await startRecordingProxy({ username: 'alice', password: 's3cret' });
    // As the host does for a proxy with credentials: a loopback relay adds them, and the browser is given the relay.
    const relay: ProxyRelay = await startProxyRelay({ server: proxy.url, username: 'alice', password: 's3cret' });
    cleanups.push(proxy.close, relay.close);
    const launched = await launch({}, { proxyServer: relay.url, proxyDomainPatterns: ['*.test'] });

    expect(await titleOf(launched, 'http://news.test/')).toBe('proxied news.test');
    expect(await titleOf(launched, site.url)).toBe('the other site');
    expect(proxy.seen).toEqual([{ url: 'http://news.test/', authorized: true }]);
  });

  describe('under the network guard', () => {
    let guard: NetworkGuard;
    beforeAll(async () => {
      guard = await startNetworkGuard({ allow: [privateAddress()] });
    });
    afterAll(async () => guard?.close());

    it('checks the hosts that do not match: allowed ones load, loopback and metadata addresses are refused', async () => {
      const proxy = await startRecordingProxy();
      cleanups.push(proxy.close);
      const launched = await launch(
        { networkGuardUrl: guard.url },
        { proxyServer: proxy.url, proxyDomainPatterns: ['*.test'] },
      );

      expect(await titleOf(launched, 'http://shop.test/')).toBe('proxied shop.test');
      const before = site.visits;
      expect(await titleOf(launched, site.url)).toBe('the other site');
      expect(site.visits).toBe(before + 1);
      // Loopback and link-local would bypass a proxy implicitly; under the guard they go to it and are refused.
      expect(await titleOf(launched, `http://127.0.0.1:${site.port}/`)).toMatch(/blocked/);
      expect(await titleOf(launched, `http://localhost:${site.port}/`)).toMatch(/blocked/);
      expect(site.visits).toBe(before + 1);
      expect(proxy.seen.map((s) => s.url)).toEqual(['http://shop.test/']);
    });
  });
});

describe('sessions with proxy rules', () => {
  let svc: TestService;
  let proxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    [svc, proxy, site] = await Promise.all([startTestService({ warmPoolSize: 0 }), startRecordingProxy(), startSite()]);
  });
  afterAll(async () => {
    await svc?.stop();
    await proxy?.close();
    await site?.close();
  });

  it('route hosts matching a rule through its relay and the others direct', async () => {
    const { id } = await createRunningSession(svc, svc.auth, {
      proxy: [{ domainPattern: '*.test', relay: proxy.url }],
    });
    const open = (url: string) =>
      svc.app.inject({ method: 'POST', path: `/v1/sessions/${id}/windows`, headers: svc.auth, body: { url } });
    expect((await open('http://shop.test/')).json.data.title).toBe('proxied shop.test');
    expect((await open(site.url)).json.data.title).toBe('the other site');
    expect(proxy.seen.map((s) => s.url)).toEqual(['http://shop.test/']);
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });

  it('authenticate to a relay that wants credentials, for the matching hosts only', async () => {
    const guarded = await startRecordingProxy({ username: 'alice', password: 's3cret' });
    try {
      const relay = { url: guarded.url, username: 'alice', password: 's3cret' };
      const { id } = await createRunningSession(svc, svc.auth, { proxy: [{ domainPattern: '*.shop.test', relay }] });
      const open = (url: string) =>
        svc.app.inject({ method: 'POST', path: `/v1/sessions/${id}/windows`, headers: svc.auth, body: { url } });
      expect((await open('http://www.shop.test/')).json.data.title).toBe('proxied www.shop.test');
      expect((await open(site.url)).json.data.title).toBe('the other site');
      expect(guarded.seen).toEqual([{ url: 'http://www.shop.test/', authorized: true }]);
      await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
    } finally {
      await guarded.close();
    }
  });

  it.each(['*.exa"mple.com', 'a\\b.com', 'shop.test/path', ' *.test', 'ex ample.com'])(
    'answer 422 for the domain pattern %j',
    async (domainPattern) => {
      const res = await svc.app.inject({
        method: 'POST',
        path: '/v1/sessions',
        headers: svc.auth,
        body: {
          configuration: {
            proxy: [
              { domainPattern: '*.ok.test', relay: proxy.url },
              { domainPattern, relay: proxy.url },
            ],
          },
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json.errors.map((error: { location: string }) => error.location)).toContain(
        'body.configuration.proxy.1.domainPattern',
      );
    },
  );
});
