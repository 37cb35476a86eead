import { rm } from 'node:fs/promises';
import puppeteer from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BrowserHost } from '../../functions/browser-host/host.js';
import { CapacityError, SessionExistsError, InvalidSessionOptionsError } from '../../functions/browser-host/errors.js';
import { BrowserLauncher } from '../../functions/browser-host/launcher.js';
import type { SessionEndReason } from '../../functions/browser-host/types.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import {
  exists,
  liveGroupMembers,
  processesMentioning,
  sleep,
  tempWorkDir,
  waitFor,
  zombieChildren,
} from './helpers.js';

let fixture: FixtureServer;
let workDir: string;
const hosts: BrowserHost[] = [];

beforeAll(async () => {
  fixture = await startFixtureServer();
  workDir = await tempWorkDir('host');
});

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.shutdown()));
});

afterAll(async () => {
  await fixture.close();
  await rm(workDir, { recursive: true, force: true });
});

async function startHost(options: Partial<ConstructorParameters<typeof BrowserHost>[0]> = {}) {
  const chromiumPath = process.env.CHROMIUM_PATH || undefined; // the run's browser, as the service suites pick it
  const host = new BrowserHost({ capacity: 2, warmPoolSize: 1, workDir, idleCheckMs: 50, chromiumPath, ...options });
  const ended: [string, SessionEndReason][] = [];
  host.on('sessionEnded', (sessionId, reason) => ended.push([sessionId, reason]));
  hosts.push(host);
  await host.start();
  return { host, ended };
}

async function titleOf(wsEndpoint: string, path: string): Promise<string> {
  const browser = await puppeteer.connect({ browserWSEndpoint: wsEndpoint });
  try {
    const page = await browser.newPage();
    await page.goto(`${fixture.url}${path}`);
    return await page.title();
  } finally {
    await browser.disconnect();
  }
}

describe('BrowserHost', () => {
  it('hands out a warm browser in milliseconds and it loads a fixture page', async () => {
    const { host } = await startHost({ warmPoolSize: 2 });
    await waitFor(() => host.stats().warm === 2, 15_000, 'warm pool to fill');

    const started = performance.now();
    const acquired = await host.acquire('warm-1', { idleTimeoutMs: 60_000 });
    const elapsed = performance.now() - started;
    console.log(`warm acquire took ${elapsed.toFixed(1)} ms`);

    expect(acquired.warm).toBe(true);
    expect(acquired.pid).toBeGreaterThan(0);
    expect(await titleOf(acquired.wsEndpoint, '/form.html')).toBe('Fixture Form');
    expect(host.stats().sessions.map((s) => s.sessionId)).toEqual(['warm-1']);
    await waitFor(() => host.stats().warm === 1, 15_000, 'pool refill (capacity 2 leaves room for one)');
  });

  it('gives a session created while the warm launch is in flight that browser, launching no second one', async () => {
    const launches = vi.spyOn(BrowserLauncher.prototype, 'launch');
    try {
      const { host } = await startHost({ warmPoolSize: 1 });
      expect(launches).toHaveBeenCalledTimes(1); // the pool's launch, not finished yet
      const acquired = await host.acquire('in-flight', { idleTimeoutMs: 60_000 });
      expect(launches).toHaveBeenCalledTimes(1);
      expect(acquired.warm).toBe(true);
      expect(acquired.pid).toBe((await launches.mock.results[0]!.value).pid);
      expect(await titleOf(acquired.wsEndpoint, '/form.html')).toBe('Fixture Form');
      await waitFor(() => host.stats().warm === 1, 15_000, 'pool refill after the hand-over');
      expect(launches).toHaveBeenCalledTimes(2);
    } finally {
      launches.mockRestore();
    }
  });

  it('closes the warm launch a session waits for when the host stops, leaving no browser behind', async () => {
    const { host, ended } = await startHost({ warmPoolSize: 1 });
    const refused = expect(host.acquire('waiting', { idleTimeoutMs: 60_000 })).rejects.toMatchObject({
      code: 'SESSION_ENDED_DURING_START',
    });
    await host.shutdown();
    await refused;
    expect(ended).toEqual([['waiting', 'shutdown']]);
    expect(await processesMentioning(workDir)).toEqual([]);
  });

  it('launches cold with a proxy server and routes traffic through it', async () => {
    const { host } = await startHost({ warmPoolSize: 0 });
    const started = performance.now();
    const acquired = await host.acquire('proxied', { idleTimeoutMs: 60_000, proxyServer: fixture.url });
    console.log(`cold acquire (proxy) took ${(performance.now() - started).toFixed(1)} ms`);
    expect(acquired.warm).toBe(false);
    const browser = await puppeteer.connect({ browserWSEndpoint: acquired.wsEndpoint });
    const page = await browser.newPage();
    await page.goto('http://through-proxy.test/somewhere');
    expect(await page.title()).toBe('Proxied through-proxy.test');
    expect(fixture.proxiedUrls).toContain('http://through-proxy.test/somewhere');
    await browser.disconnect();
  });

  it('enforces capacity with CapacityError and rejects bad or duplicate sessions', async () => {
    const { host } = await startHost({ capacity: 2 });
    await host.acquire('cap-1', { idleTimeoutMs: 60_000 });
    await expect(host.acquire('cap-1', { idleTimeoutMs: 60_000 })).rejects.toBeInstanceOf(SessionExistsError);
    await host.acquire('cap-2', { idleTimeoutMs: 60_000 });
    expect(host.stats().warm).toBe(0); // spares never outnumber free slots
    const refused = host.acquire('cap-3', { idleTimeoutMs: 60_000 });
    await expect(refused).rejects.toBeInstanceOf(CapacityError);
    await expect(refused).rejects.toMatchObject({ code: 'HOST_AT_CAPACITY' });
    await expect(host.acquire('bad/id', { idleTimeoutMs: 1 })).rejects.toBeInstanceOf(InvalidSessionOptionsError);
    await expect(host.acquire('x', { idleTimeoutMs: 1, proxyServer: 'http://u:p@h:1' })).rejects.toMatchObject({
      code: 'INVALID_SESSION_OPTIONS',
    });

    await host.release('cap-1');
    const again = await host.acquire('cap-3', { idleTimeoutMs: 60_000 });
    expect(again.pid).toBeGreaterThan(0);
    expect(host.stats()).toMatchObject({ capacity: 2, live: 2 });
  });

  it('leaves no process, directory or zombie behind after release and shutdown', async () => {
    const { host, ended } = await startHost({ capacity: 3, warmPoolSize: 1 });
    const a = await host.acquire('clean-a', { idleTimeoutMs: 60_000 });
    const b = await host.acquire('clean-b', { idleTimeoutMs: 60_000 });
    expect(await titleOf(a.wsEndpoint, '/index.html')).toBe('Fixture Index');
    expect((await liveGroupMembers(a.pid)).length).toBeGreaterThan(1); // browser plus its helpers
    // The headless shell alone names its user-data-dir; full Chromium hands it to helpers too, all in its group.
    const usingDir = await processesMentioning(a.userDataDir);
    expect(usingDir.map((p) => p.pid)).toContain(a.pid);
    expect(usingDir.filter((p) => p.pgid !== a.pid)).toEqual([]);
    expect(await exists(a.userDataDir)).toBe(true);

    expect(await host.release('clean-a')).toBe(true);
    expect(await liveGroupMembers(a.pid)).toEqual([]);
    expect(await processesMentioning(a.userDataDir)).toEqual([]);
    expect(await exists(a.userDataDir)).toBe(false);
    expect(ended).toEqual([['clean-a', 'released']]);
    expect(await host.release('clean-a')).toBe(false);
    expect((await liveGroupMembers(b.pid)).length).toBeGreaterThan(0);

    await host.shutdown();
    await host.shutdown(); // idempotent
    expect(await liveGroupMembers(b.pid)).toEqual([]);
    expect(await processesMentioning(workDir)).toEqual([]);
    expect(ended).toEqual([
      ['clean-a', 'released'],
      ['clean-b', 'shutdown'],
    ]);
    expect(host.stats()).toMatchObject({ live: 0, warm: 0 });
    expect(await zombieChildren()).toEqual([]);
  });

  it('reports a killed browser as crashed once, cleans it up and keeps serving others', async () => {
    const { host, ended } = await startHost({ capacity: 2 });
    const victim = await host.acquire('crash-victim', { idleTimeoutMs: 60_000 });
    const survivor = await host.acquire('crash-survivor', { idleTimeoutMs: 60_000 });

    process.kill(victim.pid, 'SIGKILL');
    await waitFor(() => ended.length > 0, 10_000, 'sessionEnded after the kill');
    await sleep(200); // would catch a second event
    expect(ended).toEqual([['crash-victim', 'crashed']]);
    expect(await exists(victim.userDataDir)).toBe(false);
    expect(await liveGroupMembers(victim.pid)).toEqual([]);
    expect(host.stats().sessions.map((s) => s.sessionId)).toEqual(['crash-survivor']);

    expect(await titleOf(survivor.wsEndpoint, '/form.html')).toBe('Fixture Form');
    await host.release('crash-victim'); // already gone: no second event
    expect(ended).toHaveLength(1);
    expect(await zombieChildren()).toEqual([]);
  });

  it('releases idle sessions with reason idle, and touch postpones it', async () => {
    const { host, ended } = await startHost({ capacity: 2, warmPoolSize: 0 });
    await host.acquire('idle-quiet', { idleTimeoutMs: 300 });
    await host.acquire('idle-touched', { idleTimeoutMs: 300 });

    const touching = setInterval(() => host.touch('idle-touched'), 50);
    try {
      await waitFor(() => ended.length === 1, 5_000, 'the quiet session to expire');
      await sleep(500); // well past the timeout, kept alive by touch
      expect(ended).toEqual([['idle-quiet', 'idle']]);
    } finally {
      clearInterval(touching);
    }
    await waitFor(() => ended.length === 2, 5_000, 'the touched session to expire once touching stops');
    expect(ended[1]).toEqual(['idle-touched', 'idle']);
    expect(host.touch('idle-touched')).toBe(false);
  });

  it('fails an acquire whose session is released while its browser is still launching', async () => {
    const { host, ended } = await startHost({ warmPoolSize: 0 });
    const acquiring = host.acquire('early-release', { idleTimeoutMs: 60_000 });
    const releasing = host.release('early-release');
    await expect(acquiring).rejects.toMatchObject({ code: 'SESSION_ENDED_DURING_START' });
    expect(await releasing).toBe(true);
    expect(ended).toEqual([['early-release', 'released']]);
    expect(host.stats()).toMatchObject({ live: 0, sessions: [] });
    expect(await processesMentioning(workDir)).toEqual([]);
  });

  it('lets two hosts of one process share a workDir without treating each other as stale', async () => {
    const first = await startHost({ warmPoolSize: 0 });
    const session = await first.host.acquire('neighbour', { idleTimeoutMs: 60_000 });
    await startHost({ warmPoolSize: 0 });
    expect((await liveGroupMembers(session.pid)).length).toBeGreaterThan(0);
    expect(await exists(session.userDataDir)).toBe(true);
    expect(first.ended).toEqual([]);
  });

  it('hands the user-data-dir to a hook before removal, and a later session can start from it', async () => {
    const saved = `${workDir}/saved-profile`;
    const handoffs: string[] = [];
    const { host } = await startHost({
      warmPoolSize: 0,
      beforeRemoveUserDataDir: async ({ sessionId, userDataDir, reason }) => {
        handoffs.push(`${sessionId}:${reason}`);
        if (sessionId === 'profile-writer')
          await import('node:fs/promises').then((fs) => fs.cp(userDataDir, saved, { recursive: true }));
      },
    });
    const writer = await host.acquire('profile-writer', { idleTimeoutMs: 60_000 });
    const browser = await puppeteer.connect({ browserWSEndpoint: writer.wsEndpoint });
    const page = await browser.newPage();
    await page.goto(`${fixture.url}/index.html`);
    await page.evaluate(() => localStorage.setItem('remembered', 'yes'));
    await browser.disconnect();
    await host.release('profile-writer');
    expect(handoffs).toEqual(['profile-writer:released']);

    const reader = await host.acquire('profile-reader', { idleTimeoutMs: 60_000, profileDir: saved });
    const again = await puppeteer.connect({ browserWSEndpoint: reader.wsEndpoint });
    const readerPage = await again.newPage();
    await readerPage.goto(`${fixture.url}/index.html`);
    expect(await readerPage.evaluate(() => localStorage.getItem('remembered'))).toBe('yes');
    await again.disconnect();
  });
});
