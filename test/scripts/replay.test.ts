/**
 * `npm run replay -- <fileId>` as README writes it, for a user of `npm start`: no `--api` (the running service is
 * found through its data dir, whatever port it listens on) and the key from API_KEY; without a key, one line naming
 * `--key`.
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
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

const root = new URL('../..', import.meta.url).pathname;
const replay = (env: Record<string, string>, ...args: string[]) =>
  promisify(execFile)('npx', ['tsx', 'bin/replay.ts', ...args], {
    cwd: root,
    env: { ...process.env, API_KEY: '', ...env },
    timeout: 60_000,
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

/** A session recorded in one window, ended: the id of its recording file. */
const recordedFile = async (): Promise<{ sessionId: string; fileId: string }> => {
  const { id } = await createRunningSession(svc, svc.auth, { record: true });
  const opened = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${id}/windows`,
    headers: svc.auth,
    body: { url: `${fixtures.url}/form.html` },
  });
  expect(opened.statusCode, JSON.stringify(opened.json)).toBe(201);
  expect((await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth })).statusCode).toBe(
    200,
  );
  const listFiles = async () =>
    ((await svc.app.inject({ method: 'GET', path: `/v1/files?sessionIds=${id}`, headers: svc.auth })).json.data.files ??
      []) as { id: string; fileType: string; status: string }[];
  const files = await waitFor(
    listFiles,
    (found) => found.some((file) => file.fileType === 'recording' && file.status === 'available'),
    30_000,
  );
  const file = files.find((f) => f.fileType === 'recording' && f.status === 'available');
  expect(file, JSON.stringify(files)).toBeDefined();
  return { sessionId: id, fileId: file!.id };
};

describe('npm run replay -- <fileId>', { timeout: 180_000 }, () => {
  it('writes the replay page through the running service, with the key from API_KEY and no --api', async () => {
    const { sessionId, fileId } = await recordedFile();
    const out = join(root, `recording-${sessionId}.html`);
    try {
      const written = await replay({ DATA_DIR: svc.dataDir, API_KEY: svc.key }, fileId);
      expect(written.stderr).not.toMatch(/could not reach|answered/);
      expect(written.code).toBe(0);
      expect(written.stdout).toContain(`Wrote ${out}`);
      expect(await readFile(out, 'utf8')).toContain(`Session ${sessionId}`);
    } finally {
      await rm(out, { force: true });
    }
  });

  it('without a key, exits 1 with one line naming --key', async () => {
    const refused = await replay({ DATA_DIR: svc.dataDir }, 'file_not-a-local-path');
    expect(refused.code).toBe(1);
    const said = refused.stderr.split('\n').filter((line) => line && !line.startsWith('npm warn '));
    expect(said).toEqual([expect.stringContaining('pass --key KEY or set API_KEY')]);
  });
});
