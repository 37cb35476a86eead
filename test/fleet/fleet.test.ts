/**
 * The AWS shape of the service on one machine: the API composed as the Lambdas compose it (remote fleet, polling
 * event bus) and two browser hosts in fleet mode, sharing the records and blob stores (embedded DynamoDB and S3)
 * and a start queue. Sessions are placed by whichever host has room; API calls reach the owner over its CDP proxy
 * and internal API with the hosts' secret; a full fleet queues; a session whose pages store more than the cap is
 * ended in error; a draining host ends its sessions cleanly.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AirtopClient } from '@airtop/sdk';
import puppeteer, { type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteFleet } from '../../functions/adapters/browser/remote-fleet.js';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import { createApiKey } from '../../functions/core/orgs/api-keys.js';
import { ensureOrg } from '../../functions/core/orgs/orgs.js';
import { findPlacement } from '../../functions/core/sessions/placement.js';
import { profileKeys } from '../../functions/core/shared/record-keys.js';
import { loadConfig } from '../../functions/config/config.js';
import type { FleetHost } from '../../functions/composition/host/fleet-host.js';
import { createLocalApp } from '../../functions/composition/local/app.js';
import { createHttpServer, listen } from '../../functions/http/local/http-server.js';
import { createLogger } from '../../functions/config/logger.js';
import { systemClock } from '../../functions/ports/clock.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { withEmbeddedAws, type EmbeddedAwsFixture } from '../support/embedded.js';
import { joinTestFleet, testFleetApiDeps } from '../support/fleet.js';

const HOST_SECRET = 'fleet-test-host-secret-0123456789';
const SIGNING_SECRET = 'fleet-test-signing-secret-0123456789';
/** Low, so that a page can pass it in a moment; far above a fresh profile (a few MB). */
const SESSION_STORAGE_BYTES = 32 * 1024 * 1024;

let aws: EmbeddedAwsFixture;
let fixtures: FixtureServer;
let startQueue: MemoryQueue;
let hosts: FleetHost[] = [];
let api: http.Server;
let apiUrl: string;
let auth: { authorization: string };
let orgId: string;
let fleet: RemoteFleet;

const log = createLogger((process.env.TEST_LOG_LEVEL as 'warn' | undefined) ?? 'silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
};

const waitForStatus = async (sessionId: string, wanted: string[], timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await call('GET', `/v1/sessions/${sessionId}`);
    if (wanted.includes(json.data.status) || Date.now() > deadline) return json.data;
    await sleep(100);
  }
};

const config = (overrides: Record<string, unknown> = {}) =>
  loadConfig(
    {},
    {
      stage: 'test',
      logLevel: 'silent',
      authCacheSeconds: 0,
      hostCapacity: 1,
      warmPoolSize: 1,
      hostSecret: HOST_SECRET,
      signingSecret: SIGNING_SECRET,
      sessionStorageBytes: SESSION_STORAGE_BYTES,
      ...overrides,
    },
  );

/** A stand-in for each task's ECS agent: the scale-in protection each host last asked for, by agent path. */
const protection = new Map<string, boolean>();
let agent: http.Server;
const startAgent = async () => {
  agent = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const { ProtectionEnabled } = JSON.parse(raw) as { ProtectionEnabled: boolean };
      protection.set(req.url!.replace('/task-protection/v1/state', ''), ProtectionEnabled);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ protection: { ProtectionEnabled } }));
    });
  });
  await new Promise<void>((done) => agent.listen(0, '127.0.0.1', done));
};
const agentUri = (n: number) => `http://127.0.0.1:${(agent.address() as AddressInfo).port}/host-${n}`;

const joinHost = (n: number) => joinTestFleet(testFleet(), config(), agentUri(n));
const testFleet = () => ({ aws, startQueue, hostSecret: HOST_SECRET, signingSecret: SIGNING_SECRET, log });

beforeAll(async () => {
  [aws, fixtures] = await Promise.all([withEmbeddedAws(), startFixtureServer(), startAgent()]);
  startQueue = new MemoryQueue({ visibilitySeconds: 60 });
  hosts = await Promise.all([joinHost(0), joinHost(1)]);
  // The hosts' public side (the load balancer on AWS) is not the API's address.
  const composed = testFleetApiDeps(testFleet(), config({ hostPublicUrl: 'https://hosts.example.com' }), {
    queuedAfterMs: 500,
  });
  fleet = composed.fleet;
  const { deps } = composed;
  const { org } = await ensureOrg(aws.records, systemClock, 'fleet-test');
  orgId = org.id;
  auth = { authorization: `Bearer ${(await createApiKey(aws.records, systemClock, org.id)).key}` };
  api = createHttpServer(await createLocalApp(deps));
  apiUrl = `http://127.0.0.1:${await listen(api, 0, '127.0.0.1')}`;
}, 120_000);

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.drain().catch(() => undefined)));
  await new Promise<void>((done) => {
    api?.close(() => done());
    api?.closeAllConnections();
  });
  await fixtures?.close();
  agent?.close();
  await aws?.stop();
}, 120_000);

describe('a fleet of browser hosts', () => {
  it('places a session on a host with room; the API opens a window and reads it through the owner', async () => {
    const { status, json } = await call('POST', '/v1/sessions', {});
    expect(status).toBe(201);
    const session = await waitForStatus(json.data.id, ['running']);
    expect(session.status).toBe('running');
    const placement = await findPlacement(aws.records, session.id);
    expect(hosts.map((h) => h.hostId)).toContain(placement?.hostId);

    expect(session.cdpWsUrl).toBe(`wss://hosts.example.com/cdp/${session.id}`);
    const window = await call('POST', `/v1/sessions/${session.id}/windows`, { url: `${fixtures.url}/index.html` });
    expect(window.status).toBe(201);
    const info = await call('GET', `/v1/sessions/${session.id}/windows/${window.json.data.windowId}`);
    expect(info.json.data.liveViewUrl).toMatch(new RegExp(`^https://hosts\\.example\\.com/live/${session.id}/`));
    const scraped = await call(
      'POST',
      `/v1/sessions/${session.id}/windows/${window.json.data.windowId}/scrape-content`,
      {},
    );
    expect(scraped.status).toBe(201);
    expect(JSON.stringify(scraped.json.data)).toMatch(/\w/);

    const owner = hosts.find((h) => h.hostId === placement!.hostId)!;
    expect(owner.host.stats().live).toBe(1);
    // The owner holds scale-in protection while its session runs, and drops it once the host is empty.
    const ownerAgent = `/host-${hosts.indexOf(owner)}`;
    expect(protection.get(ownerAgent)).toBe(true);
    expect((await call('DELETE', `/v1/sessions/${session.id}`)).status).toBe(200);
    expect((await waitForStatus(session.id, ['ended'])).status).toBe('ended');
    for (let i = 0; i < 100 && owner.host.stats().live > 0; i += 1) await sleep(50);
    expect(owner.host.stats().live).toBe(0);
    expect(await findPlacement(aws.records, session.id)).toBeUndefined();
    for (let i = 0; i < 100 && protection.get(ownerAgent) !== false; i += 1) await sleep(50);
    expect(protection.get(ownerAgent)).toBe(false);
  }, 60_000);

  it('lets a client drive its session over CDP with its API key, on the owner or relayed by another host, and no one else', async () => {
    const { json } = await call('POST', '/v1/sessions', {});
    const session = await waitForStatus(json.data.id, ['running']);
    const placement = (await findPlacement(aws.records, session.id))!;
    const endpoint = `${placement.address.replace('http', 'ws')}/cdp/${session.id}`;
    const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, headers: auth, defaultViewport: null });
    const page = await browser.newPage();
    await page.goto(`${fixtures.url}/index.html`);
    expect(await page.title()).toBeTruthy();
    await browser.disconnect();
    await expect(
      puppeteer.connect({ browserWSEndpoint: endpoint, headers: { authorization: 'Bearer not-a-key' } }),
    ).rejects.toThrow(/401/);
    // A valid key of another org finds no such session.
    const { org: otherOrg } = await ensureOrg(aws.records, systemClock, 'fleet-other');
    const otherKey = (await createApiKey(aws.records, systemClock, otherOrg.id)).key;
    await expect(
      puppeteer.connect({ browserWSEndpoint: endpoint, headers: { authorization: `Bearer ${otherKey}` } }),
    ).rejects.toThrow(/401/);

    // The load balancer may hand the connection to the other host: it relays to the owner.
    const other = hosts.find((h) => h.hostId !== placement.hostId)!;
    const relayed = await puppeteer.connect({
      browserWSEndpoint: `${other.address.replace('http', 'ws')}/cdp/${session.id}`,
      headers: auth,
      defaultViewport: null,
    });
    // The same browser: the page opened over the direct connection is there.
    expect((await relayed.pages()).map((p) => p.url())).toContain(`${fixtures.url}/index.html`);
    await relayed.disconnect();
    await call('DELETE', `/v1/sessions/${session.id}`);
    await waitForStatus(session.id, ['ended']);
  }, 60_000);

  it('puts files into the session folder on the owner', async () => {
    const { json } = await call('POST', '/v1/sessions', {});
    const session = await waitForStatus(json.data.id, ['running']);
    const path = await fleet.putFile(session.id, {
      fileName: 'proof.txt',
      bytes: Buffer.from('hello fleet'),
      fileId: 'file-1',
    });
    expect(await fleet.sessionFile(session.id, 'proof.txt')).toEqual({ path, bytes: 11, fileId: 'file-1' });
    expect(await fleet.sessionFile(session.id, 'absent.txt')).toBeUndefined();
    await call('DELETE', `/v1/sessions/${session.id}`);
    await waitForStatus(session.id, ['ended']);
  }, 60_000);

  it('queues a session while every host is full, and starts it when a slot frees', async () => {
    const first = await waitForStatus((await call('POST', '/v1/sessions', {})).json.data.id, ['running']);
    const second = await waitForStatus((await call('POST', '/v1/sessions', {})).json.data.id, ['running']);
    const third = (await call('POST', '/v1/sessions', {})).json.data;
    expect((await waitForStatus(third.id, ['awaitingCapacity'], 5_000)).status).toBe('awaitingCapacity');
    await sleep(1_500);
    expect((await call('GET', `/v1/sessions/${third.id}`)).json.data.status).toBe('awaitingCapacity');
    await call('DELETE', `/v1/sessions/${first.id}`);
    expect((await waitForStatus(third.id, ['running'])).status).toBe('running');
    for (const id of [second.id, third.id]) await call('DELETE', `/v1/sessions/${id}`);
    await waitForStatus(third.id, ['ended']);
  }, 90_000);

  it("keeps the official client's create waiting on the events stream while the fleet is full", async () => {
    const client = new AirtopClient({ apiKey: auth.authorization.slice('Bearer '.length), baseUrl: apiUrl });
    const busy = [];
    for (let i = 0; i < 2; i += 1)
      busy.push(await waitForStatus((await call('POST', '/v1/sessions', {})).json.data.id, ['running']));
    const created = client.sessions.create({}, { timeoutInSeconds: 60 });
    await sleep(2_500);
    await call('DELETE', `/v1/sessions/${busy[0].id}`);
    const session = await created;
    expect(session.data.status).toBe('running');
    for (const id of [busy[1].id, session.data.id]) await call('DELETE', `/v1/sessions/${id}`);
    await waitForStatus(session.data.id, ['ended']);
  }, 90_000);

  it('saves a profile when its session ends on one host and restores it on whichever host takes the next session', async () => {
    const first = await waitForStatus((await call('POST', '/v1/sessions', {})).json.data.id, ['running']);
    expect((await call('PUT', `/v1/sessions/${first.id}/save-profile-on-termination/fleet-login`)).status).toBe(200);
    const login = async (sessionId: string) => {
      const window = await call('POST', `/v1/sessions/${sessionId}/windows`, {
        url: `${fixtures.url}/login/index.html`,
      });
      const browser = (await fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
      const page = await browser.page(window.json.data.windowId);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });
      return page;
    };
    const page = await login(first.id);
    await page.type('#user', 'alice');
    await page.click('#submit');
    await page.waitForFunction(() => document.getElementById('state')?.textContent === 'Logged in as alice', {
      timeout: 10_000,
    });
    expect((await call('DELETE', `/v1/sessions/${first.id}`)).status).toBe(200);
    expect(await aws.records.get(profileKeys.profile(orgId, 'fleet-login'))).toMatchObject({ name: 'fleet-login' });

    const next = await waitForStatus(
      (await call('POST', '/v1/sessions', { configuration: { profileName: 'fleet-login' } })).json.data.id,
      ['running'],
    );
    const restored = await login(next.id);
    expect(await restored.$eval('#state', (el) => el.textContent)).toBe('Logged in as alice');
    await call('DELETE', `/v1/sessions/${next.id}`);
    await waitForStatus(next.id, ['ended']);
  }, 90_000);

  it("records a download in the session's browser on its host as a file the API lists, usable by a file input", async () => {
    const session = await waitForStatus((await call('POST', '/v1/sessions', {})).json.data.id, ['running']);
    const window = await call('POST', `/v1/sessions/${session.id}/windows`, {
      url: `${fixtures.url}/files/download.html?name=fleet.bin&bytes=3000`,
    });
    const browser = (await fleet.open(session.id)) as unknown as { page(id: string): Promise<Page> };
    await (await browser.page(window.json.data.windowId)).click('#download');
    let files: { fileName: string; fileType: string; fileBytes: number; status: string }[] = [];
    for (let i = 0; i < 100 && !files.some((f) => f.status === 'available'); i += 1) {
      await sleep(100);
      files = (await call('GET', `/v1/files?sessionIds=${session.id}`)).json.data.files ?? [];
    }
    expect(files).toEqual([
      expect.objectContaining({
        fileName: 'fleet.bin',
        fileType: 'browser_download',
        fileBytes: 3000,
        status: 'available',
      }),
    ]);
    // The API function finds it in the session's folder on the owner, by name, and a file input takes it there.
    expect(await fleet.sessionFile(session.id, 'fleet.bin')).toMatchObject({ bytes: 3000 });
    const form = await call('POST', `/v1/sessions/${session.id}/windows`, {
      url: `${fixtures.url}/files/one-input.html`,
    });
    const input = await call('POST', `/v1/sessions/${session.id}/windows/${form.json.data.windowId}/file-input`, {
      fileName: 'fleet.bin',
    });
    expect(input.json.meta.status).toBe('success');
    const chosen = await (await browser.page(form.json.data.windowId)).$eval(
      'input[type=file]',
      (el) => (el as HTMLInputElement).files?.[0]?.size,
    );
    expect(chosen).toBe(3000);
    await call('DELETE', `/v1/sessions/${session.id}`);
    await waitForStatus(session.id, ['ended']);
  }, 60_000);

  it('ends a session whose page stores more than the cap on its host, and the API says why', async () => {
    const session = await waitForStatus((await call('POST', '/v1/sessions', {})).json.data.id, ['running']);
    const window = await call('POST', `/v1/sessions/${session.id}/windows`, {
      url: `${fixtures.url}/storage/fill.html?mib=64`,
    });
    expect(window.status).toBe(201);
    expect((await waitForStatus(session.id, ['error', 'ended'])).status).toBe('error');
    const { json } = await call('GET', `/v1/sessions/${session.id}`);
    expect(json.errors).toEqual([
      { code: 'session_storage_limit', message: expect.stringContaining('SESSION_STORAGE_BYTES') },
    ]);
  }, 60_000);

  it('drains a host: its sessions end with a final status, new sessions go to the other host', async () => {
    const session = await waitForStatus((await call('POST', '/v1/sessions', {})).json.data.id, ['running']);
    const placement = (await findPlacement(aws.records, session.id))!;
    const leaving = hosts.find((h) => h.hostId === placement.hostId)!;
    const staying = hosts.find((h) => h !== leaving)!;
    await leaving.drain();
    const ended = await waitForStatus(session.id, ['ended', 'error'], 10_000);
    expect(ended).toMatchObject({ status: 'ended' });
    const next = await waitForStatus((await call('POST', '/v1/sessions', {})).json.data.id, ['running']);
    expect((await findPlacement(aws.records, next.id))?.hostId).toBe(staying.hostId);
    await call('DELETE', `/v1/sessions/${next.id}`);
    await waitForStatus(next.id, ['ended']);
  }, 90_000);
});
