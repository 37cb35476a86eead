/**
 * Extensions of the operator's folder (EXTENSIONS_DIR) loaded by id: a full Chromium loads the test suite's own
 * page-marker extension and its content script changes a fixture page; the headless shell refuses with a 422 that
 * says it cannot load extensions; an unknown id is a 422 naming it, whatever the browser.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CHROMIUM } from '../../functions/browser-host/chromium.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { fullChromium } from '../support/browsers.js';
import { startTestService, type TestService } from '../support/service.js';

const EXTENSIONS_DIR = fileURLToPath(new URL('../fixtures/extensions', import.meta.url));

let fixtures: FixtureServer;
beforeAll(async () => {
  fixtures = await startFixtureServer();
});
afterAll(async () => {
  await fixtures?.close();
});

const createBody = (extensionIds: string[]) => ({
  method: 'POST' as const,
  path: '/v1/sessions',
  body: { configuration: { extensionIds } },
});

const fullBrowser = await fullChromium();

describe.skipIf(!fullBrowser)('a full Chromium', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ chromiumPath: fullBrowser, extensionsDir: EXTENSIONS_DIR });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('loads an extension by id, and its content script changes the page', async () => {
    const { id } = await createRunningSession(svc, svc.auth, { extensionIds: ['page-marker'] });
    const opened = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${id}/windows`,
      headers: svc.auth,
      body: { url: `${fixtures.url}/index.html` },
    });
    expect(opened.statusCode, JSON.stringify(opened.json)).toBe(201);
    const windowId = opened.json.data.windowId;
    const text = await waitFor(
      async () => {
        const scraped = await svc.app.inject({
          method: 'POST',
          path: `/v1/sessions/${id}/windows/${windowId}/scrape-content`,
          headers: svc.auth,
          body: {},
        });
        return String(scraped.json?.data?.modelResponse?.scrapedContent?.text ?? '');
      },
      (scraped) => scraped.includes('Marked by the page-marker extension'),
      30_000,
    );
    expect(text).toContain('Marked by the page-marker extension on /index.html');
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });

  it('a session without extensions gets a page unchanged', async () => {
    const { id } = await createRunningSession(svc, svc.auth, {});
    const opened = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${id}/windows`,
      headers: svc.auth,
      body: { url: `${fixtures.url}/index.html` },
    });
    expect(opened.statusCode).toBe(201);
    const scraped = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${id}/windows/${opened.json.data.windowId}/scrape-content`,
      headers: svc.auth,
      body: {},
    });
    const text = String(scraped.json?.data?.modelResponse?.scrapedContent?.text ?? '');
    expect(text).toContain('Fixture index');
    expect(text).not.toContain('page-marker');
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });

  it('answers 422 naming unknown ids, and lists the ones it has', async () => {
    const res = await svc.app.inject({
      ...createBody(['page-marker', 'no-such-extension', 'other-missing']),
      headers: svc.auth,
    });
    expect(res.statusCode).toBe(422);
    const detail = JSON.stringify(res.json);
    expect(detail).toContain('unknown extension ids: no-such-extension, other-missing');
    expect(detail).toContain('available: page-marker');
    expect(detail).toContain('configuration.extensionIds');
  });
});

describe('the headless shell', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ chromiumPath: BUNDLED_CHROMIUM, extensionsDir: EXTENSIONS_DIR });
  });
  afterAll(async () => {
    await svc?.stop();
  });

  it('answers 422: this browser cannot load extensions', async () => {
    expect((await svc.deps.fleet.features?.())?.extensionIds).toBeUndefined();
    const res = await svc.app.inject({ ...createBody(['page-marker']), headers: svc.auth });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json)).toContain('cannot load extensions');
  });
});
