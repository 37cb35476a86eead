/**
 * The official client, unchanged, against the in-process service: sessions (with the events wait inside
 * `sessions.create`), windows, and a Puppeteer client on the session's CDP URL.
 */
import { AirtopClient } from '@airtop/sdk';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

describe('official client: sessions and windows', () => {
  it('creates a session, waiting for it on the events stream, and reads it back', async () => {
    const created = await client.sessions.create({ configuration: { timeoutMinutes: 5 } }, { timeoutInSeconds: 30 });
    expect(created.data.status).toBe('running');
    expect(created.data.configuration.timeoutMinutes).toBe(5);
    const info = await client.sessions.getInfo(created.data.id);
    expect(info.data.id).toBe(created.data.id);
    expect(info.data.dateCreated).toBeInstanceOf(Date);
    const list = await client.sessions.list({ sessionIds: [created.data.id], status: 'running' });
    expect(list.data.sessions?.map((s) => s.id)).toEqual([created.data.id]);
    expect(list.data.pagination.totalItems).toBe(1);
    await client.sessions.terminate(created.data.id);
    expect((await client.sessions.getInfo(created.data.id)).data.status).toBe('ended');
  });

  it('drives windows: create, info, load, list, close', async () => {
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const id = session.data.id;
    const window = await client.windows.create(id, { url: `${fixtures.url}/index.html`, screenResolution: '1280x720' });
    expect(window.data.windowId).toBeTruthy();
    const info = await client.windows.getWindowInfo(id, window.data.windowId, { includeNavigationBar: true });
    expect(info.data.liveViewUrl).toContain(`/live/${id}/`);
    const loaded = await client.windows.loadUrl(id, window.data.windowId, {
      url: `${fixtures.url}/form.html`,
      waitUntil: 'load',
    });
    expect(loaded.data.success).toBe(true);
    const listed = await client.windows.list(id);
    expect(listed.data.windows?.find((w) => w.windowId === window.data.windowId)?.url).toBe(
      `${fixtures.url}/form.html`,
    );
    const closed = await client.windows.close(id, window.data.windowId);
    expect(closed.data.windowId).toBe(window.data.windowId);
    await client.sessions.terminate(id);
  });

  it('raises a typed 404 for a session that is not there', async () => {
    await expect(client.sessions.getInfo('no-such-session')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('CDP access', () => {
  it('lets Puppeteer drive the session with the API key, and its pages appear as windows', async () => {
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const browser = await puppeteer.connect({
      browserWSEndpoint: session.data.cdpWsUrl!,
      headers: { Authorization: `Bearer ${svc.key}` },
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${fixtures.url}/form.html`);
      const info = await client.windows.getWindowInfoForPuppeteerPage(session.data, page as never);
      expect(info.data.windowId).toBeTruthy();
      const windows = await client.windows.list(session.data.id);
      expect(windows.data.windows?.map((w) => w.windowId)).toContain(info.data.windowId);
    } finally {
      await browser.disconnect();
      await client.sessions.terminate(session.data.id);
    }
  });

  it('refuses a CDP connection without a key or with another org key', async () => {
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const other = await svc.newOrg('cdp-other');
    for (const headers of [{}, other.auth, { Authorization: 'Bearer shk_not_a_real_key_at_all_000000000' }]) {
      await expect(
        puppeteer.connect({ browserWSEndpoint: session.data.cdpWsUrl!, headers: headers as Record<string, string> }),
      ).rejects.toThrow();
    }
    await client.sessions.terminate(session.data.id);
  });
});
