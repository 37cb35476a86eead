/**
 * Two browser hosts behind one (imagined) load balancer: host A runs the session, the client reaches host B, and B
 * relays CDP and live view traffic to A. Both hosts live in this test process, each on its own port.
 */
import { rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import puppeteer from 'puppeteer-core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCdpProxy, type CdpProxy } from '../../functions/browser-host/cdp-proxy.js';
import { BrowserHost } from '../../functions/browser-host/host.js';
import { createLiveView, type LiveView } from '../../functions/browser-host/live-view/index.js';
import { createOwnerRelay, RELAYED_HEADER } from '../../functions/browser-host/owner-relay.js';
import { signViewToken } from '../../functions/net/live-view-tokens.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { launchViewerBrowser, type ViewerBrowser } from '../support/viewer-browser.js';
import { tempWorkDir, waitFor } from './helpers.js';

const CLIENT_KEY = 'client-api-key';
const RELAY_SECRET = 'hosts-shared-relay-secret';
const SIGNING_SECRET = 'service-signing-secret';
const SESSION = 'relay-session';

interface TestHost {
  host: BrowserHost;
  proxy: CdpProxy;
  liveView: LiveView;
  server: Server;
  /** `127.0.0.1:port` */
  base: string;
  workDir: string;
  /** Who runs a session, as this host's records would say. */
  owners: Map<string, string>;
  ownerLookups: string[];
  authorizeCalls: string[];
  /** Paths of every request and upgrade that reached this host's server. */
  contacts: string[];
}

let fixture: FixtureServer;
let viewers: ViewerBrowser | undefined;
let a: TestHost;
let b: TestHost;
let unreachable: string;

async function startHost(label: string, warmPoolSize: number): Promise<TestHost> {
  const workDir = await tempWorkDir(`relay-${label}`);
  const host = new BrowserHost({ capacity: 2, warmPoolSize, workDir });
  await host.start();
  const owners = new Map<string, string>();
  const ownerLookups: string[] = [];
  const authorizeCalls: string[] = [];
  const contacts: string[] = [];
  const owner = async (sessionId: string) => {
    ownerLookups.push(sessionId);
    const address = owners.get(sessionId);
    return address ? { address } : undefined;
  };
  const server = createServer((_req, res) => res.end('api'));
  const proxy = createCdpProxy({
    sessions: host,
    authorize: (request, sessionId) => {
      authorizeCalls.push(sessionId);
      return request.headers.authorization === `Bearer ${CLIENT_KEY}` && 'client';
    },
    owner,
    relaySecret: RELAY_SECRET,
  });
  proxy.attach(server);
  const liveView = createLiveView({ sessions: host, secret: SIGNING_SECRET, owner });
  liveView.attach(server);
  server.prependListener('request', (req) => contacts.push(req.url ?? ''));
  server.prependListener('upgrade', (req) => contacts.push(req.url ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { host, proxy, liveView, server, base, workDir, owners, ownerLookups, authorizeCalls, contacts };
}

async function stopHost(test: TestHost | undefined): Promise<void> {
  if (!test) return;
  await test.host.shutdown();
  await test.proxy.close();
  await test.liveView.close();
  test.server.closeAllConnections();
  await new Promise((resolve) => test.server.close(resolve));
  await rm(test.workDir, { recursive: true, force: true });
}

/** A port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A plain GET with headers fetch() may not set (Host). */
function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`http://${base}${path}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The HTTP status a WebSocket upgrade answers with: 101 on success. */
function upgradeStatus(base: string, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${base}${path}`, { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_req, response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    socket.once('error', reject);
  });
}

const clientAuth = { Authorization: `Bearer ${CLIENT_KEY}` };

beforeAll(async () => {
  fixture = await startFixtureServer();
  [a, b] = await Promise.all([startHost('a', 1), startHost('b', 0)]);
  await a.host.acquire(SESSION, { idleTimeoutMs: 120_000 });
  b.owners.set(SESSION, `http://${a.base}`);
  unreachable = `http://127.0.0.1:${await closedPort()}`;
  b.owners.set('on-a-dead-host', unreachable);
}, 60_000);

afterAll(async () => {
  await viewers?.close();
  await Promise.all([stopHost(a), stopHost(b)]);
  await fixture?.close();
});

describe('relay to the session owner', () => {
  it('drives a session on host A through host B with the client bearer', async () => {
    a.authorizeCalls.length = 0;
    const browser = await puppeteer.connect({
      browserWSEndpoint: `ws://${b.base}/cdp/${SESSION}`,
      headers: clientAuth,
    });
    const page = await browser.newPage();
    await page.goto(`${fixture.url}/form.html`);
    expect(await page.evaluate(() => document.title)).toBe('Fixture Form');
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    expect(b.proxy.connectionCount).toBe(1);
    await page.close();
    await browser.disconnect();
    // Either side closing tears the tunnel down on both.
    await waitFor(() => b.proxy.connectionCount === 0 && a.proxy.connectionCount === 0, 5_000, 'the tunnel to close');
    // B checked the client's key; A trusted B's relay secret instead of asking again.
    expect(b.authorizeCalls).toContain(SESSION);
    expect(a.authorizeCalls).toEqual([]);
    expect(a.contacts).toContain(`/cdp/${SESSION}`);
  });

  it('disconnects the client on B when the session ends on A', async () => {
    await a.host.acquire('relay-ending', { idleTimeoutMs: 120_000 });
    b.owners.set('relay-ending', `http://${a.base}`);
    const browser = await puppeteer.connect({
      browserWSEndpoint: `ws://${b.base}/cdp/relay-ending`,
      headers: clientAuth,
    });
    const disconnected = new Promise<void>((resolve) => browser.once('disconnected', () => resolve()));
    await a.host.release('relay-ending');
    await disconnected;
    await waitFor(() => b.proxy.connectionCount === 0, 5_000, 'the tunnel to close');
  });

  it('answers json/version via B with URLs on the address the client used', async () => {
    const direct = await get(b.base, `/cdp/${SESSION}/json/version`, clientAuth);
    expect(direct.status).toBe(200);
    expect(JSON.parse(direct.body).webSocketDebuggerUrl).toMatch(
      new RegExp(`^ws://${b.base}/cdp/${SESSION}/devtools/browser/`),
    );
    expect(direct.body).not.toContain(a.base);

    // Behind a TLS load balancer: Host is the public name, X-Forwarded-Proto says https.
    const balanced = await get(b.base, `/cdp/${SESSION}/json/list`, {
      ...clientAuth,
      Host: 'sessions.example.com',
      'X-Forwarded-Proto': 'https',
    });
    expect(balanced.status).toBe(200);
    const targets = JSON.parse(balanced.body) as { webSocketDebuggerUrl?: string }[];
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets.filter((t) => t.webSocketDebuggerUrl)) {
      expect(target.webSocketDebuggerUrl).toMatch(
        new RegExp(`^wss://sessions\\.example\\.com/cdp/${SESSION}/devtools/page/`),
      );
    }
  });

  it('refuses a wrong client bearer on B with 401 without contacting A', async () => {
    const before = a.contacts.length;
    const lookups = b.ownerLookups.length;
    expect((await get(b.base, `/cdp/${SESSION}/json/version`, { Authorization: 'Bearer wrong' })).status).toBe(401);
    expect(await upgradeStatus(b.base, `/cdp/${SESSION}`, { Authorization: 'Bearer wrong' })).toBe(401);
    await expect(
      puppeteer.connect({
        browserWSEndpoint: `ws://${b.base}/cdp/${SESSION}`,
        headers: { Authorization: 'Bearer wrong' },
      }),
    ).rejects.toThrow(/401/);
    expect(a.contacts.length).toBe(before);
    expect(b.ownerLookups.length).toBe(lookups);
  });

  it('sends a relayed request with the wrong relay secret to authorize', async () => {
    a.authorizeCalls.length = 0;
    const forged = { [RELAYED_HEADER]: '1', Authorization: 'Bearer not-the-relay-secret' };
    expect((await get(a.base, `/cdp/${SESSION}/json/version`, forged)).status).toBe(401);
    expect(await upgradeStatus(a.base, `/cdp/${SESSION}`, forged)).toBe(401);
    expect(a.authorizeCalls).toEqual([SESSION, SESSION]);
    // The client's own key still passes authorize, relayed header or not.
    expect((await get(a.base, `/cdp/${SESSION}/json/version`, { [RELAYED_HEADER]: '1', ...clientAuth })).status).toBe(
      200,
    );
  });

  it('answers 404 to a relayed request for a session the host does not run, never relaying it again', async () => {
    const relayed = { [RELAYED_HEADER]: '1', Authorization: `Bearer ${RELAY_SECRET}` };
    const lookups = b.ownerLookups.length;
    const before = a.contacts.length;
    expect((await get(b.base, '/cdp/no-such-session/json/version', relayed)).status).toBe(404);
    expect(await upgradeStatus(b.base, '/cdp/no-such-session', relayed)).toBe(404);
    // B's records name A as the owner, but a relayed request gets no second hop.
    expect((await get(b.base, `/cdp/${SESSION}/json/version`, relayed)).status).toBe(404);
    expect(b.ownerLookups.length).toBe(lookups);
    expect(a.contacts.length).toBe(before);
    // Unrelayed, an unknown session is looked up and, owned by nobody, answers 404 too.
    expect((await get(b.base, '/cdp/no-such-session/json/version', clientAuth)).status).toBe(404);
    expect(b.ownerLookups.at(-1)).toBe('no-such-session');
  });

  it('answers 502 at once when the owner cannot be reached', async () => {
    const started = Date.now();
    const json = await get(b.base, '/cdp/on-a-dead-host/json/version', clientAuth);
    expect(json.status).toBe(502);
    expect(JSON.parse(json.body)).toMatchObject({ error: { code: 'OWNER_UNREACHABLE' } });
    expect(await upgradeStatus(b.base, '/cdp/on-a-dead-host', clientAuth)).toBe(502);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('shows frames of a window on A in a live view opened through B', async () => {
    const session = await puppeteer.connect({
      browserWSEndpoint: `ws://${a.base}/cdp/${SESSION}`,
      headers: clientAuth,
    });
    const page = await session.newPage();
    await page.goto(`${fixture.url}/index.html`);
    const cdp = await page.createCDPSession();
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const windowId = targetInfo.targetId;
    const token = signViewToken(SIGNING_SECRET, {
      sessionId: SESSION,
      windowId,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    const path = `/live/${SESSION}/${windowId}`;

    // A token that does not verify is refused on B itself.
    const before = a.contacts.length;
    expect((await get(b.base, `${path}?token=forged.token`)).status).toBe(403);
    expect(a.contacts.length).toBe(before);

    viewers = await launchViewerBrowser();
    const viewer = await viewers.browser.newPage();
    const answer = await viewer.goto(`http://${b.base}${path}?token=${encodeURIComponent(token)}`);
    expect(answer?.status()).toBe(200);
    await viewer.waitForFunction(
      () => (window as unknown as { liveViewState?: { frames: number } }).liveViewState!.frames > 0,
      { timeout: 15_000 },
    );
    // The stream runs on A, the host that owns the window; B only carries the bytes.
    expect(a.liveView.viewerCount).toBe(1);
    expect(b.liveView.viewerCount).toBe(0);
    expect(a.contacts).toContain(`${path}/ws?token=${encodeURIComponent(token)}`);
    await viewer.close();
    await session.disconnect();
  });
});

describe('the relay itself', () => {
  it('gives up on an owner that accepts the connection but never answers', async () => {
    const silentSockets = new Set<Socket>();
    const silent = createTcpServer((socket) => silentSockets.add(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const owner = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const relay = createOwnerRelay({ responseTimeoutMs: 300 });
    const front = createServer((req, res) => relay.request(req, res, { address: owner }));
    front.on('upgrade', (req, socket, head) => relay.upgrade(req, socket, head, { address: owner }));
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const base = `127.0.0.1:${(front.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const answer = await get(base, '/anything');
      expect(answer.status).toBe(504);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'OWNER_TIMEOUT' } });
      expect(await upgradeStatus(base, '/socket')).toBe(504);
      expect(Date.now() - started).toBeLessThan(2_000);
      await waitFor(() => relay.openCount === 0, 2_000, 'the relay to forget both attempts');
    } finally {
      relay.close();
      for (const socket of silentSockets) socket.destroy();
      front.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => front.close(resolve)),
        new Promise((resolve) => silent.close(resolve)),
      ]);
    }
  });
});
