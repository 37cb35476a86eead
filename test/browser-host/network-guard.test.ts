/**
 * The network guard: alone (raw CONNECT and forward requests from Node) and in front of real Chromium through
 * BrowserHost. Every destination is local: loopback servers, or private addresses that are refused before any dial.
 */
import { navigate } from '../../functions/adapters/browser/navigate.js';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { rm } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProxyAddressRefusedError } from '../../functions/browser-host/errors.js';
import { BrowserHost } from '../../functions/browser-host/host.js';
import {
  startNetworkGuard,
  type NetworkGuard,
  type NetworkGuardOptions,
} from '../../functions/browser-host/network-guard.js';
import { vetUpstreamProxy } from '../../functions/browser-host/network-guard/upstream-proxy.js';
import type { BrowserHostOptions } from '../../functions/browser-host/types.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { processesMentioning, tempWorkDir, waitFor } from './helpers.js';

interface Target {
  port: number;
  /** TCP connections the target accepted: a refused destination must never see one. */
  connections: number;
  /** SHA-256 of the last body `/echo` received, as the target saw it. */
  lastEchoHash?: string;
  close(): Promise<void>;
}

/** A loopback HTTP server: `/hello` answers text, `/echo` streams the request body back as it arrives. */
async function startTarget(): Promise<Target> {
  const server = http.createServer((request, response) => {
    if (request.url === '/echo') {
      const hash = createHash('sha256');
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      request.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        response.write(chunk);
      });
      request.on('end', () => {
        target.lastEchoHash = hash.digest('hex');
        response.end();
      });
      return;
    }
    response.end(`hello from ${request.headers.host}`);
  });
  // An upgrade the target accepts with 101 and then echoes every byte: enough to see a spliced stream.
  server.on('upgrade', (_request, socket: Socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
    socket.pipe(socket);
  });
  const target: Target = {
    port: 0,
    connections: 0,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
  server.on('connection', () => target.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target.port = (server.address() as AddressInfo).port;
  return target;
}

/** A port on loopback nothing listens on. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const guardPort = (guard: NetworkGuard) => Number(new URL(guard.url).port);

/** Sends `CONNECT authority` and reads the guard's answer head (and, when refused, its body). */
function tunnel(guard: NetworkGuard, authority: string): Promise<{ status: number; text: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(guardPort(guard), '127.0.0.1');
    let received = Buffer.alloc(0);
    const settle = () => {
      const text = received.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      socket.off('data', onData);
      resolve({ status, text, socket });
    };
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.toString('latin1').startsWith('HTTP/1.1 200') && received.includes('\r\n\r\n')) settle();
    };
    socket.on('data', onData);
    socket.once('end', settle);
    socket.once('error', reject);
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
  });
}

/** An absolute-form request to the guard, as a browser configured with it as proxy sends it. */
function forward(
  guard: NetworkGuard,
  url: string,
  body?: AsyncIterable<Buffer>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: guardPort(guard),
      method: body ? 'POST' : 'GET',
      path: url,
      headers: { host: new URL(url).host },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString('latin1') }),
      );
    });
    request.on('error', reject);
    if (!body) return void request.end();
    void (async () => {
      for await (const chunk of body) if (!request.write(chunk)) await new Promise((r) => request.once('drain', r));
      request.end();
    })();
  });
}

const guards: NetworkGuard[] = [];
const guardWith = async (options: NetworkGuardOptions = {}) => {
  const guard = await startNetworkGuard(options);
  guards.push(guard);
  return guard;
};

let target: Target;

beforeAll(async () => {
  target = await startTarget();
});

afterAll(async () => {
  await target.close();
});

afterEach(async () => {
  await Promise.all(guards.splice(0).map((guard) => guard.close()));
});

describe('network guard alone', () => {
  it('refuses CONNECT and forward requests to a loopback server under the default policy, without dialling it', async () => {
    const logged: unknown[] = [];
    const guard = await guardWith({ log: (level, message, fields) => logged.push({ level, message, ...fields }) });
    const refused = await tunnel(guard, `127.0.0.1:${target.port}`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('blocked: 127.0.0.1 is loopback');
    const forwarded = await forward(guard, `http://127.0.0.1:${target.port}/hello`);
    expect(forwarded).toMatchObject({ status: 403, text: 'blocked: 127.0.0.1 is loopback' });
    expect(target.connections).toBe(0);
    expect(logged).toContainEqual({
      level: 'warn',
      message: 'network guard refused a destination',
      host: '127.0.0.1',
      address: '127.0.0.1',
      reason: 'loopback',
    });
  });

  it('lets an allow-listed loopback address through both ways', async () => {
    const guard = await guardWith({ allow: ['127.0.0.1'] });
    const forwarded = await forward(guard, `http://127.0.0.1:${target.port}/hello`);
    expect(forwarded).toMatchObject({ status: 200, text: `hello from 127.0.0.1:${target.port}` });

    const opened = await tunnel(guard, `127.0.0.1:${target.port}`);
    expect(opened.status).toBe(200);
    opened.socket.write(`GET /hello HTTP/1.1\r\nHost: through-tunnel\r\nConnection: close\r\n\r\n`);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      opened.socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      opened.socket.once('end', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('hello from through-tunnel');
  });

  it('allows by CIDR range and by host name', async () => {
    const byRange = await guardWith({ allow: ['127.0.0.0/8'] });
    expect((await forward(byRange, `http://127.0.0.1:${target.port}/hello`)).status).toBe(200);
    const byName = await guardWith({ allow: ['Intranet.Test'], resolve: async () => ['127.0.0.1'] });
    expect((await forward(byName, `http://intranet.test:${target.port}/hello`)).text).toBe(
      `hello from intranet.test:${target.port}`,
    );
    expect((await forward(byName, `http://other.test:${target.port}/hello`)).status).toBe(403);
  });

  it('refuses a name that resolves to loopback', async () => {
    const guard = await guardWith();
    const refused = await tunnel(guard, `localhost:${target.port}`);
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/blocked: localhost resolves to (127\.0\.0\.1|::1), which is loopback/);
  });

  it('names the host and the address a name resolved to', async () => {
    const guard = await guardWith({ resolve: async () => ['93.184.216.34', '169.254.169.254'] });
    const refused = await forward(guard, 'http://metadata.test/latest/meta-data/');
    expect(refused).toMatchObject({
      status: 403,
      text: 'blocked: metadata.test resolves to 169.254.169.254, which is link-local',
    });
  });

  it('refuses cloud metadata and private literals at once, with no lookup and no connect attempt', async () => {
    let lookups = 0;
    const guard = await guardWith({ resolve: async () => (lookups++, []) });
    const started = performance.now();
    const metadata = await forward(guard, 'http://169.254.169.254/latest/meta-data/');
    const privateTunnel = await tunnel(guard, '10.1.2.3:443');
    const v6Metadata = await tunnel(guard, '[fd00:ec2::254]:80');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(metadata).toMatchObject({ status: 403, text: 'blocked: 169.254.169.254 is link-local' });
    expect(privateTunnel.status).toBe(403);
    expect(privateTunnel.text).toContain('blocked: 10.1.2.3 is private');
    expect(v6Metadata.text).toContain('blocked: fd00:ec2::254 is private (unique local)');
    expect(lookups).toBe(0);
  });

  it('answers 502 quickly for an allowed port nothing listens on, and for a name that does not resolve', async () => {
    const port = await closedPort();
    const guard = await guardWith({
      allow: ['127.0.0.1'],
      resolve: async (host) => Promise.reject(Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' })),
    });
    const started = performance.now();
    const tunnelled = await tunnel(guard, `127.0.0.1:${port}`);
    const forwarded = await forward(guard, `http://127.0.0.1:${port}/`);
    const unresolved = await forward(guard, 'http://nowhere.test/');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(tunnelled.status).toBe(502);
    expect(tunnelled.text).toContain('ECONNREFUSED');
    expect(forwarded.status).toBe(502);
    expect(unresolved).toMatchObject({ status: 502, text: 'bad gateway: cannot resolve nowhere.test: ENOTFOUND' });
  });

  it('streams a large POST body to the destination and the answer back intact', async () => {
    const guard = await guardWith({ allow: ['127.0.0.1'] });
    const sent = createHash('sha256');
    async function* body() {
      for (let i = 0; i < 64; i++) {
        const chunk = Buffer.alloc(64 * 1024, i);
        sent.update(chunk);
        yield chunk;
        if (i % 16 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    const echoed = await forward(guard, `http://127.0.0.1:${target.port}/echo`, body());
    const expected = sent.digest('hex');
    expect(echoed.status).toBe(200);
    expect(target.lastEchoHash).toBe(expected);
    expect(echoed.text.length).toBe(64 * 64 * 1024);
    expect(createHash('sha256').update(Buffer.from(echoed.text, 'latin1')).digest('hex')).toBe(expected);
  });

  it('judges and splices absolute-form upgrade requests too', async () => {
    const upgrade = async (guard: NetworkGuard) => {
      const socket = connect(guardPort(guard), '127.0.0.1');
      socket.write(
        `GET http://127.0.0.1:${target.port}/ws HTTP/1.1\r\nHost: 127.0.0.1:${target.port}\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n`,
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.endsWith('\r\n\r\n')) socket.write('ping');
      });
      await waitFor(() => text.includes('ping') || socket.closed, 2_000, 'upgrade answer');
      socket.destroy();
      return text;
    };
    expect(await upgrade(await guardWith())).toMatch(/^HTTP\/1\.1 403[\s\S]*blocked: 127\.0\.0\.1 is loopback$/);
    expect(await upgrade(await guardWith({ allow: ['127.0.0.1'] }))).toMatch(/^HTTP\/1\.1 101[\s\S]*\r\n\r\nping$/);
  });

  it('pins an upstream proxy to the address it checked, except an https proxy whose certificate names it', async () => {
    const guard = {
      check: async (host: string) => ({ allowed: true as const, host, addresses: ['203.0.113.7', '2001:db8::7'] }),
    };
    expect(await vetUpstreamProxy(guard, 'socks5://proxy.example:1080')).toBe('socks5://203.0.113.7:1080');
    expect(await vetUpstreamProxy(guard, 'http://proxy.example:3128')).toBe('http://203.0.113.7:3128');
    expect(await vetUpstreamProxy(guard, 'https://proxy.example:8443')).toBe('https://proxy.example:8443');
    const v6 = { check: async (host: string) => ({ allowed: true as const, host, addresses: ['2001:db8::7'] }) };
    expect(await vetUpstreamProxy(v6, 'http://proxy.example')).toBe('http://[2001:db8::7]');
  });

  it('ends open tunnels when it closes', async () => {
    const guard = await startNetworkGuard({ allow: ['127.0.0.1'] });
    const opened = await tunnel(guard, `127.0.0.1:${target.port}`);
    const ended = new Promise((resolve) => opened.socket.once('close', resolve));
    await guard.close();
    await ended;
  });

  it('refuses a bad allow entry at start', async () => {
    await expect(startNetworkGuard({ allow: ['10.0.0.0/33'] })).rejects.toThrow(RangeError);
    await expect(startNetworkGuard({ allow: ['not a host'] })).rejects.toThrow(/neither a host name/);
  });
});

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

  async function startHost(networkGuard: BrowserHostOptions['networkGuard'], warmPoolSize = 1) {
    const host = new BrowserHost({
      capacity: 1,
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
    } finally {
      await browser.disconnect();
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
});
