/** The site server: the built console and reference are answered from memory, and anything else is a clear 4xx/503. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build-site.mjs';
import { loadSite, type Site } from '../../functions/console/site.js';

let dir: string;
let site: Site;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-'));
  site = await loadSite(await buildSite(join(dir, 'site')));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the site', () => {
  it('moves /console to /console/ with a relative Location, so a path prefix (an API stage) is kept', () => {
    const res = site.answer('GET', '/console')!;
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe('console/');
    expect(new URL(res.headers.location!, 'https://api.example/api/console').pathname).toBe('/api/console/');
  });

  it('answers the console page at /console/, naming its files relatively, with a policy that allows no outside scripts', () => {
    for (const path of ['/console/', '/console/?x=1']) {
      const res = site.answer('GET', path)!;
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(String(res.body)).toContain('src="app.js"');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('gzips for clients that accept it', () => {
    const res = site.answer('GET', '/console/app.js', 'gzip, br')!;
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body as Buffer).toString()).toContain('sessionhost.console.apiKey');
  });

  it('serves the reference page with the bundled renderer', () => {
    expect(String(site.answer('GET', '/docs/')!.body)).toContain('src="redoc.standalone.js"');
    const renderer = site.answer('GET', '/docs/redoc.standalone.js')!;
    expect(renderer.status).toBe(200);
    expect(String(renderer.body).includes('cdn.redoc.ly'), 'the logo Redoc would fetch from its CDN').toBe(false);
  });

  it('answers 404 for unknown files (traversal included), 405 for other methods, and nothing for other paths', () => {
    for (const path of ['/console/nope.js', '/console/../package.json', '/docs/%2e%2e/site.ts'])
      expect(site.answer('GET', path)!.status, path).toBe(404);
    const post = site.answer('POST', '/console')!;
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(site.answer('GET', '/consoles')).toBeUndefined();
    expect(site.answer('GET', '/v1/sessions')).toBeUndefined();
  });

  it('says how to build it when it was not built', async () => {
    const empty = await loadSite(join(dir, 'missing'));
    const res = empty.answer('GET', '/console/')!;
    expect(res.status).toBe(503);
    expect(String(res.body)).toContain('npm run build:site');
  });
});
