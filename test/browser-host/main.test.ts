import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text.js';
import { processesMentioning, tempWorkDir, waitFor } from './helpers.js';

const SECRET = 'host-secret-for-tests-0123456789';
const MAIN = new URL('../../functions/composition/host/main.ts', import.meta.url).pathname;

interface RunningHost {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

/** Starts main.ts in its own Node process (no tsx wrapper process, so signals reach it directly). */
async function spawnHost(workDir: string): Promise<RunningHost> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST_SECRET: SECRET,
      HOST_PORT: '0',
      HOST_BIND: '127.0.0.1',
      HOST_CAPACITY: '2',
      HOST_WARM_POOL_SIZE: '1',
      HOST_WORK_DIR: workDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const entry = JSON.parse(line) as { message?: string; port?: number };
      if (entry.message === 'browser host listening') resolve(entry.port!);
    });
    void exited.then((code) => reject(new Error(`main.ts exited early with ${code}`)));
  });
  return { child, base: `127.0.0.1:${port}`, exited };
}

const bearer = { Authorization: `Bearer ${SECRET}` };
let fixture: FixtureServer;
let workDir: string;
let running: RunningHost;

beforeAll(async () => {
  fixture = await startFixtureServer();
  workDir = await tempWorkDir('main');
  running = await spawnHost(workDir);
});

afterAll(async () => {
  if (running.child.exitCode === null) running.child.kill('SIGKILL');
  await fixture.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('standalone host (main.ts)', () => {
  it('refuses its internal API without the host secret', async () => {
    const url = `http://${running.base}`;
    expect((await fetch(`${url}/capacity`)).status).toBe(401);
    expect((await fetch(`${url}/capacity`, { headers: { Authorization: 'Bearer not-the-secret' } })).status).toBe(401);
    const post = await fetch(`${url}/sessions`, {
      method: 'POST',
      body: JSON.stringify({ sessionId: 'x', idleTimeoutMs: 1000 }),
    });
    expect(post.status).toBe(401);
    expect(await post.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    expect((await fetch(`${url}/sessions/x`, { method: 'DELETE' })).status).toBe(401);
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: 'ok' });
  });

  it('creates a session reachable through its CDP proxy, reports capacity and deletes it', async () => {
    const url = `http://${running.base}`;
    const create = (sessionId: string) =>
      fetch(`${url}/sessions`, {
        method: 'POST',
        headers: bearer,
        body: JSON.stringify({ sessionId, idleTimeoutMs: 60_000 }),
      });
    const created = await create('main-1');
    expect(created.status).toBe(201);
    const body = (await created.json()) as { wsEndpoint: string; pid: number };
    expect(body.wsEndpoint).toBe(`ws://${running.base}/cdp/main-1`);

    await expect(
      puppeteer.connect({ browserWSEndpoint: body.wsEndpoint, headers: { Authorization: 'Bearer x' } }),
    ).rejects.toThrow(/401/);
    const browser = await puppeteer.connect({ browserWSEndpoint: body.wsEndpoint, headers: bearer });
    const page = await browser.newPage();
    await page.goto(`${fixture.url}/form.html`);
    expect(await page.title()).toBe('Fixture Form');
    await browser.disconnect();

    expect((await create('main-1')).status).toBe(409);
    expect((await create('main-2')).status).toBe(201);
    const full = await create('main-3');
    expect(full.status).toBe(503);
    expect(await full.json()).toMatchObject({ error: { code: 'HOST_AT_CAPACITY' } });
    const bad = await fetch(`${url}/sessions`, { method: 'POST', headers: bearer, body: '{"sessionId": 5}' });
    expect(bad.status).toBe(400);

    const capacity = await (await fetch(`${url}/capacity`, { headers: bearer })).json();
    expect(capacity).toMatchObject({ capacity: 2, live: 2, available: 0, draining: false });
    expect((await fetch(`${url}/sessions/main-1`, { method: 'DELETE', headers: bearer })).status).toBe(204);
    expect((await fetch(`${url}/sessions/main-1`, { method: 'DELETE', headers: bearer })).status).toBe(404);
    // main-2 and the warm spare; a spare being refilled may still be on its way up or down for a moment under load.
    // Browser processes only: a full Chromium passes --user-data-dir on to its renderers and helpers (`--type=…`).
    const browserProcesses = async () =>
      (await processesMentioning(`--user-data-dir=${workDir}`)).filter((p) => !p.cmdline.includes('--type='));
    let browsers = await browserProcesses();
    for (let i = 0; i < 50 && browsers.length !== 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      browsers = await browserProcesses();
    }
    expect(browsers).toHaveLength(2);
  });

  it('serves Prometheus /metrics to a caller with the host secret, moving as sessions start and end', async () => {
    const url = `http://${running.base}`;
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { Authorization: 'Bearer not-the-secret' } })).status).toBe(401);
    const scrape = async () => {
      const response = await fetch(`${url}/metrics`, { headers: bearer });
      expect(response.status).toBe(200);
      return parsePrometheusText(await response.text()).samples;
    };
    const before = await scrape();
    expect(sampleValue(before, 'sessionhost_host_capacity')).toBe(2);
    const live = sampleValue(before, 'sessionhost_host_sessions_live')!;
    expect(live).toBe(1); // main-2, from the test before
    expect(
      (
        await fetch(`${url}/sessions`, {
          method: 'POST',
          headers: bearer,
          body: JSON.stringify({ sessionId: 'metrics-1', idleTimeoutMs: 60_000 }),
        })
      ).status,
    ).toBe(201);
    expect(sampleValue(await scrape(), 'sessionhost_host_sessions_live')).toBe(live + 1);
    expect((await fetch(`${url}/sessions/metrics-1`, { method: 'DELETE', headers: bearer })).status).toBe(204);
    expect(sampleValue(await scrape(), 'sessionhost_host_sessions_live')).toBe(live);
  });

  it('stops on SIGTERM with exit code 0 and leaves no browser behind', async () => {
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(await processesMentioning(workDir)).toEqual([]);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('clears browsers and directories orphaned by a host that was killed outright', async () => {
    const doomed = await spawnHost(workDir);
    const created = await fetch(`http://${doomed.base}/sessions`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({ sessionId: 'orphan', idleTimeoutMs: 60_000 }),
    });
    expect(created.status).toBe(201);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const orphans = await processesMentioning(workDir);
    expect(orphans.length).toBeGreaterThan(0); // detached browsers outlive their host
    const [doomedDir] = await readdir(workDir);

    running = await spawnHost(workDir);
    expect(await processesMentioning(doomedDir!)).toEqual([]);
    expect(await readdir(workDir)).not.toContain(doomedDir);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    await waitFor(async () => (await processesMentioning(workDir)).length === 0, 5_000, 'no browsers left');
  });
});
