/**
 * The smoke script against the in-process service: the same official-client steps it runs against a deployment,
 * on real Chromium and a local fixture page; and a clear failure for a wrong key.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSmoke } from '../../scripts/smoke.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
}, 120_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

describe('npm run smoke', { timeout: 180_000 }, () => {
  it('creates a session, opens and scrapes a window, and terminates the session', async () => {
    const lines: string[] = [];
    const result = await runSmoke({
      url: svc.url,
      key: svc.key,
      page: `${fixtures.url}/scrape/docs.html`,
      timeoutSeconds: 60,
      log: (line) => lines.push(line),
    });
    expect(result.title).toBe('Queue API · Reference');
    expect(result.markdownLength).toBeGreaterThan(100);
    expect(lines.filter((line) => line.startsWith('ok')).map((line) => line.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      'ok   create session',
      'ok   session running',
      'ok   open window',
      'ok   scrape',
      'ok   terminate session',
    ]);
    const info = await fetch(`${svc.url}/v1/sessions/${result.sessionId}`, {
      headers: { authorization: `Bearer ${svc.key}` },
    });
    expect(((await info.json()) as { data: { status: string } }).data.status).toBe('ended');
  });

  it("fails at 'open window' with the page's own error when the page does not load", async () => {
    const lines: string[] = [];
    const closed = `${fixtures.url.replace(/:\d+$/, '')}:1/`;
    await expect(
      runSmoke({ url: svc.url, key: svc.key, page: closed, timeoutSeconds: 60, log: (line) => lines.push(line) }),
    ).rejects.toThrow(/could not load http:\/\/127\.0\.0\.1:1\/: net::ERR_/);
    expect(lines.some((line) => line.startsWith('ok   open window'))).toBe(false);
    expect(lines.some((line) => line.startsWith('ok   terminate session'))).toBe(true);
  });

  // The real script, as `npm run smoke` runs it: it must end on its own once done, far sooner than its --timeout.
  const run = (args: string[]) =>
    promisify(execFile)('npx', ['tsx', 'scripts/smoke.ts', ...args], {
      cwd: new URL('../..', import.meta.url).pathname,
      timeout: 120_000,
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '', killed: false }),
      (error: { code: number; stdout: string; stderr: string; killed: boolean }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
        killed: error.killed,
      }),
    );

  it('exits 0 on its own right after it passes, long before its --timeout', async () => {
    const passed = await run([
      '--url',
      svc.url,
      '--key',
      svc.key,
      '--page',
      `${fixtures.url}/scrape/docs.html`,
      '--timeout',
      '3600',
    ]);
    expect(passed.killed).toBe(false);
    expect(passed.stdout).toContain('smoke test passed');
    expect(passed.code).toBe(0);
  });

  it('exits 1 naming the failure when the key is refused, and 2 with usage when arguments are missing', async () => {
    const refused = await run(['--url', svc.url, '--key', 'shk_not-a-key-of-this-service']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/smoke test failed: .*401|smoke test failed: .*Unauthorized/i);
    const usage = await run(['--url', svc.url]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run smoke');
  });
});
