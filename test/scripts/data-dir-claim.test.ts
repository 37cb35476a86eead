/**
 * `npm start` twice on one data dir: the second is told, in one line, that another running service uses it, and the
 * first goes on serving. A claim left by a process that is gone is taken over; a service that stops leaves none.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceExit, startServiceProcess } from '../support/service-process.js';

const env = { WARM_POOL_SIZE: '0' };
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});
const freshDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sessionhost-claim-'));
  dirs.push(dir);
  return dir;
};

describe('one service per data dir', () => {
  it('refuses a second service on the same data dir in one line, and the first goes on', async () => {
    const dir = await freshDir();
    const first = await startServiceProcess(env, dir);
    try {
      const pid = Number((await readFile(join(dir, 'service.pid'), 'utf8')).trim());
      const second = await serviceExit(env, dir);
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(`is in use by another running service (pid ${pid})`);
      expect(second.stderr).not.toMatch(/\n\s+at /); // no stack
      expect((await first.call('GET', '/v1/sessions')).status).toBe(200);
    } finally {
      await first.stop();
    }
    expect(existsSync(join(dir, 'service.pid'))).toBe(false);
  }, 120_000);

  it('takes over a claim left by a process that is gone', async () => {
    const dir = await freshDir();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(join(dir, 'service.pid'), `${gone}\n`);
    const svc = await startServiceProcess(env, dir);
    try {
      expect((await svc.call('GET', '/v1/sessions')).status).toBe(200);
    } finally {
      await svc.stop();
    }
  }, 120_000);
});
