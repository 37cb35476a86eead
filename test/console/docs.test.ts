/**
 * The API reference: `/docs` renders the served OpenAPI document in real Chromium with nothing fetched from
 * outside the service; and the document names its schemas, so generated clients get named types, with examples
 * that the API itself accepts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import openapi from '../../functions/api/openapi.json' with { type: 'json' };
import { routes } from '../../functions/api/routes.js';
import { buildSite } from '../../scripts/build-site.mjs';
import { startTestService, type TestService } from '../support/service.js';
import { launchViewerBrowser, type ViewerBrowser } from '../support/viewer-browser.js';

const doc = openapi as unknown as {
  components: { schemas: Record<string, { examples?: unknown[] }> };
  paths: Record<string, Record<string, { description?: string; requestBody?: unknown }>>;
};

describe('the OpenAPI document', () => {
  it('resolves every reference to a named component', () => {
    const refs = [...JSON.stringify(openapi).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
    expect(JSON.stringify(openapi)).not.toContain('$defs');
  });

  it('names the resources and every request body', () => {
    for (const name of [
      'Session',
      'SessionConfiguration',
      'Window',
      'File',
      'Pagination',
      'AiResponse',
      'RequestStatus',
      'RequestSummary',
      'WebhookDelivery',
      'Usage',
      'Problem',
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation.requestBody) continue;
        expect(JSON.stringify(operation.requestBody), `${method} ${path}`).toMatch(
          /"\$ref":"#\/components\/schemas\/\w+"/,
        );
      }
    }
  });

  it('has examples that the route schemas accept', () => {
    let checked = 0;
    for (const route of routes) {
      if (!route.body) continue;
      const examples = (z.globalRegistry.get(route.body)?.examples ?? []) as unknown[];
      for (const example of examples) {
        expect(route.body.safeParse(example).success, `${route.operationId} ${JSON.stringify(example)}`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });
});

describe('/docs', () => {
  let dir: string;
  let svc: TestService;
  let viewer: ViewerBrowser;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docs-'));
    const siteDir = await buildSite(join(dir, 'site'));
    [svc, viewer] = await Promise.all([startTestService({}, { siteDir }), launchViewerBrowser()]);
  });
  afterAll(async () => {
    await viewer?.close();
    await svc?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('renders the served document with nothing fetched from elsewhere', async () => {
    const page = await viewer.browser.newPage();
    const outside: string[] = [];
    // The page's own policy would refuse an outside address before it is requested, unseen here and failing in the
    // person's console instead; with the policy set aside, everything the page asks for is seen.
    await page.setBypassCSP(true);
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const url = request.url();
      if (/^(data|blob):/.test(url) || new URL(url).origin === new URL(svc.url).origin) return void request.continue();
      outside.push(url);
      void request.abort();
    });
    await page.setViewport({ width: 1280, height: 720 });
    await page.goto(`${svc.url}/docs`);
    await page.waitForFunction(() => document.body.innerText.includes('Browser session automation API'), {
      timeout: 60_000,
    });
    await page.waitForFunction(() => document.body.innerText.includes('Start a browser session'), { timeout: 30_000 });
    // An operation's own section: its summary as a heading, and its path.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('h2')].some((heading) =>
          heading.textContent?.includes('Start a browser session'),
        ),
      ),
    ).toBe(true);
    expect(await page.evaluate(() => document.body.innerText.includes('/v1/sessions'))).toBe(true);
    // The sidebar's footer (where Redoc's logo was fetched from its CDN) is drawn, without the logo.
    await page.waitForFunction(() => document.body.innerText.includes('API docs by Redocly'));
    await page.waitForFunction(() => document.querySelectorAll('img').length === 0);
    if (process.env.CONSOLE_SHOTS_DIR)
      await page.screenshot({ path: join(process.env.CONSOLE_SHOTS_DIR, '10-docs-1280.png') as `${string}.png` });
    expect(outside).toEqual([]);
  }, 120_000);
});
