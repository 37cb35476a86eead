/**
 * WebDriver and extensions on a fleet of full-Chromium hosts, composed as on AWS (remote fleet, hosts sharing the
 * records store and a start queue): hosts register what their browser can do, so the API gives sessions a
 * `chromedriverUrl` on the hosts' public side and refuses unknown extension ids with a 422 before queueing; a
 * WebDriver request that reached a host other than the session's owner is relayed to it, behind the client's API key.
 * Needs a full Chromium and its chromedriver (Debian's `chromium` and `chromium-driver`).
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import { chromiumVersion, resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { fleetFeatures } from '../../functions/browser-host/fleet/registry.js';
import { matchingChromedriver } from '../../functions/browser-host/webdriver/driver-binary.js';
import { createApiKey } from '../../functions/core/orgs/api-keys.js';
import { ensureOrg } from '../../functions/core/orgs/orgs.js';
import { findPlacement } from '../../functions/core/sessions/placement.js';
import { loadConfig } from '../../functions/config/config.js';
import type { FleetHost } from '../../functions/composition/host/fleet-host.js';
import { createLocalApp } from '../../functions/composition/local/app.js';
import { createHttpServer, listen } from '../../functions/http/local/http-server.js';
import { createLogger } from '../../functions/config/logger.js';
import { systemClock } from '../../functions/ports/clock.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { fullChromium } from '../support/browsers.js';
import { withEmbeddedAws, type EmbeddedAwsFixture } from '../support/embedded.js';
import { joinTestFleet, testFleetApiDeps } from '../support/fleet.js';

const HOST_SECRET = 'fleet-webdriver-host-secret-0123456789';
const SIGNING_SECRET = 'fleet-webdriver-signing-secret-0123456789';
const EXTENSIONS_DIR = resolve(import.meta.dirname, '../fixtures/extensions');

const fullBrowser = await fullChromium();
const hasDriver =
  fullBrowser !== undefined &&
  'path' in (await matchingChromedriver(await chromiumVersion(await resolveChromiumPath(fullBrowser))));

const log = createLogger((process.env.TEST_LOG_LEVEL as 'warn' | undefined) ?? 'silent');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.skipIf(!hasDriver)('WebDriver and extensions on a fleet of full-Chromium hosts', () => {
  let aws: EmbeddedAwsFixture;
  let fixtures: FixtureServer;
  let hosts: FleetHost[] = [];
  let api: http.Server;
  let apiUrl: string;
  let key: string;

  const workDirs: string[] = [];
  /** A host's own extensions folder, holding the fixture extension as an image would. */
  const bakedExtensions = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fleet-extensions-'));
    workDirs.push(dir);
    await cp(resolve(EXTENSIONS_DIR, 'page-marker'), join(dir, 'page-marker'), { recursive: true });
    return dir;
  };

  const config = async (overrides: Record<string, unknown> = {}) =>
    loadConfig(
      {},
      {
        stage: 'test',
        logLevel: 'silent',
        authCacheSeconds: 0,
        hostCapacity: 1,
        warmPoolSize: 0,
        chromiumPath: fullBrowser,
        // The suite's extension baked in, and the bucket's copied in beside it at start.
        extensionsDir: await bakedExtensions(),
        extensionsBucket: aws.bucket,
        hostSecret: HOST_SECRET,
        signingSecret: SIGNING_SECRET,
        ...overrides,
      },
    );

  /** `bearer` '' sends none. */
  const call = async (url: string, method: string, body?: unknown, bearer = key) => {
    const response = await fetch(url, {
      method,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    [aws, fixtures] = await Promise.all([withEmbeddedAws(), startFixtureServer()]);
    const marker = resolve(EXTENSIONS_DIR, 'page-marker');
    for (const file of ['manifest.json', 'content.js'])
      await aws.blobs.put(`extensions/bucket-marker/${file}`, await readFile(resolve(marker, file)));
    await aws.blobs.put('extensions/half-uploaded/content.js', 'void 0;');
    const testFleet = {
      aws,
      startQueue: new MemoryQueue({ visibilitySeconds: 60 }),
      hostSecret: HOST_SECRET,
      signingSecret: SIGNING_SECRET,
      log,
    };
    hosts = await Promise.all([joinTestFleet(testFleet, await config()), joinTestFleet(testFleet, await config())]);
    const { deps } = testFleetApiDeps(testFleet, await config({ hostPublicUrl: 'https://hosts.example.com' }), {
      features: () => fleetFeatures(aws.records),
    });
    const { org } = await ensureOrg(aws.records, systemClock, 'fleet-webdriver-test');
    key = (await createApiKey(aws.records, systemClock, org.id)).key;
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
    await aws?.stop();
    await Promise.all(workDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }, 120_000);

  it('refuses extension ids no host has with a 422 naming them, before a start is queued', async () => {
    const { status, json } = await call(`${apiUrl}/v1/sessions`, 'POST', {
      configuration: { extensionIds: ['page-marker', 'no-such-extension'] },
    });
    expect(status).toBe(422);
    expect(JSON.stringify(json)).toMatch(
      /unknown extension ids: no-such-extension; available: bucket-marker, page-marker/,
    );
  });

  it('offers the extensions the hosts copied from the bucket, and refuses the folder they skipped as unknown', async () => {
    const skipped = await call(`${apiUrl}/v1/sessions`, 'POST', { configuration: { extensionIds: ['half-uploaded'] } });
    expect(skipped.status).toBe(422);
    expect(JSON.stringify(skipped.json)).toMatch(/unknown extension ids: half-uploaded/);
    const fetched = await call(`${apiUrl}/v1/sessions`, 'POST', { configuration: { extensionIds: ['bucket-marker'] } });
    expect(fetched.status).toBe(201);
    expect((await call(`${apiUrl}/v1/sessions/${fetched.json.data.id}`, 'DELETE')).status).toBe(200);
  }, 90_000);

  it('gives sessions a chromedriverUrl on the hosts, and a host that does not run the session relays to its owner', async () => {
    const created = await call(`${apiUrl}/v1/sessions`, 'POST', {});
    expect(created.status).toBe(201);
    const sessionId: string = created.json.data.id;
    let session = created.json.data;
    for (let i = 0; i < 300 && session.status !== 'running'; i += 1) {
      await sleep(100);
      session = (await call(`${apiUrl}/v1/sessions/${sessionId}`, 'GET')).json.data;
    }
    expect(session.status).toBe('running');
    expect(session.chromedriverUrl).toBe(`https://hosts.example.com/webdriver/${sessionId}`);

    const placement = (await findPlacement(aws.records, sessionId))!;
    const other = hosts.find((host) => host.hostId !== placement.hostId)!;
    const endpoint = `${other.address}/webdriver/${sessionId}`;
    expect((await call(`${endpoint}/session`, 'POST', { capabilities: {} }, '')).status).toBe(401);
    expect((await call(`${endpoint}/session`, 'POST', { capabilities: {} }, 'not-a-key')).status).toBe(401);

    const opened = await call(`${endpoint}/session`, 'POST', { capabilities: { alwaysMatch: {} } });
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
    const driverSession: string = opened.json.value.sessionId;
    expect(
      (await call(`${endpoint}/session/${driverSession}/url`, 'POST', { url: `${fixtures.url}/index.html` })).status,
    ).toBe(200);
    expect((await call(`${endpoint}/session/${driverSession}/title`, 'GET')).json.value).toBe('Fixture Index');

    expect((await call(`${apiUrl}/v1/sessions/${sessionId}`, 'DELETE')).status).toBe(200);
  }, 90_000);
});
