/**
 * The cap on a session's browser storage on real Chromium: a page that keeps more on the host's disk than a session
 * may (here in the origin private file system) gets its session ended, and the client is told why; a page that
 * stays under the cap is left alone.
 */
import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, readEvents, sessionStatus, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

const MIB = 1024 * 1024;
const CAP = 20 * MIB;

let svc: TestService;
let fixtures: FixtureServer;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([
    startTestService({ warmPoolSize: 1, hostCapacity: 3, sessionStorageBytes: CAP }),
    startFixtureServer(),
  ]);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  svc.app.inject({ method, path, headers: svc.auth, body });

const fill = async (sessionId: string, mib: number) => {
  const opened = await call('POST', `/v1/sessions/${sessionId}/windows`, {
    url: `${fixtures.url}/storage/fill.html?mib=${mib}`,
  });
  expect(opened.statusCode, JSON.stringify(opened.json)).toBe(201);
  return opened.json.data.windowId as string;
};

const titleOf = async (sessionId: string, windowId: string): Promise<string | undefined> => {
  const res = await call('GET', `/v1/sessions/${sessionId}/windows`);
  return (res.json.data?.windows as { windowId: string; title: string }[] | undefined)?.find(
    (window) => window.windowId === windowId,
  )?.title;
};

const userDataDirOf = (sessionId: string) => {
  const host = svc.host as unknown as { sessions: Map<string, { browser?: { userDataDir: string } }> };
  return host.sessions.get(sessionId)?.browser?.userDataDir;
};

describe('the session storage cap', () => {
  it('ends the session of a page that stores more than the cap, in error with code session_storage_limit', async () => {
    const session = await createRunningSession(svc);
    const userDataDir = userDataDirOf(session.id)!;
    const failed = readEvents(
      `${svc.url}/v1/sessions/${session.id}/events`,
      svc.auth,
      (e) => e.status === 'error',
      30_000,
    );
    await fill(session.id, 64);
    expect((await failed).at(-1)).toMatchObject({
      event: 'status',
      status: 'error',
      error: { code: 'session_storage_limit', message: expect.stringContaining('SESSION_STORAGE_BYTES') },
    });

    const read = await call('GET', `/v1/sessions/${session.id}`);
    expect(read.json.data.status).toBe('error');
    expect(read.json.errors).toEqual([
      { code: 'session_storage_limit', message: expect.stringContaining('stored more on its host') },
    ]);
    // The browser is gone and its profile with it: the disk is free again, and the slot too.
    await waitFor(
      async () =>
        stat(userDataDir).then(
          () => true,
          () => false,
        ),
      (exists) => !exists,
    );
    await expect(stat(userDataDir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(svc.host.stats().sessions.map((s) => s.sessionId)).not.toContain(session.id);
  });

  it('leaves a page that stores less than the cap running', async () => {
    const session = await createRunningSession(svc);
    try {
      const windowId = await fill(session.id, 4);
      const title = await waitFor(
        () => titleOf(session.id, windowId),
        (t) => t === 'done 4' || t?.startsWith('error') === true,
        20_000,
      );
      expect(title).toBe('done 4');
      // Well past the watch's period (2 s): it has measured this session more than once by now.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      expect(await sessionStatus(svc, session.id)).toBe('running');
      expect(await titleOf(session.id, windowId)).toBe('done 4');
    } finally {
      await call('DELETE', `/v1/sessions/${session.id}`);
    }
  });
});
