/**
 * Requests that only read a session still count as activity (the interface: "the timer resets on an incoming HTTP
 * request ... to the session"), and a session in `error` says why, in its answer and its status event.
 */
import { AirtopClient } from '@airtop/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRunningSession, readEvents, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ warmPoolSize: 1 });
});
afterAll(async () => {
  await svc?.stop();
});

describe('activity', () => {
  it("resets the idle timer on reading the session, following its events and naming its profile, and not on another org's reads", async () => {
    const session = await createRunningSession(svc);
    const touch = vi.spyOn(svc.deps.fleet, 'touch');
    try {
      expect(
        (await svc.app.inject({ method: 'GET', path: `/v1/sessions/${session.id}`, headers: svc.auth })).statusCode,
      ).toBe(200);
      expect(touch).toHaveBeenLastCalledWith(session.id);
      touch.mockClear();
      const controller = new AbortController();
      const stream = await fetch(`${svc.url}/v1/sessions/${session.id}/events`, {
        headers: svc.auth,
        signal: controller.signal,
      });
      expect(stream.status).toBe(200);
      controller.abort();
      expect(touch).toHaveBeenLastCalledWith(session.id);
      touch.mockClear();
      const save = await svc.app.inject({
        method: 'PUT',
        path: `/v1/sessions/${session.id}/save-profile-on-termination/kept-login`,
        headers: svc.auth,
      });
      expect(save.statusCode).toBe(200);
      expect(touch).toHaveBeenLastCalledWith(session.id);
      touch.mockClear();
      const other = await svc.newOrg('activity-other-org');
      expect(
        (await svc.app.inject({ method: 'GET', path: `/v1/sessions/${session.id}`, headers: other.auth })).statusCode,
      ).toBe(404);
      expect(touch).not.toHaveBeenCalled();
    } finally {
      touch.mockRestore();
      await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${session.id}`, headers: svc.auth });
    }
  });
});

describe('a session in error', () => {
  it('says why in its status event and in the answer to reading it', async () => {
    const victim = await createRunningSession(svc);
    const stream = readEvents(`${svc.url}/v1/sessions/${victim.id}/events`, svc.auth, (e) => e.status === 'error');
    const pid = svc.host.stats().sessions.find((s) => s.sessionId === victim.id)!.pid;
    process.kill(pid, 'SIGKILL');
    expect((await stream).at(-1)).toMatchObject({
      event: 'status',
      status: 'error',
      error: { code: 'browser_crashed', message: 'the browser process exited unexpectedly' },
    });
    const read = await waitFor(
      async () => svc.app.inject({ method: 'GET', path: `/v1/sessions/${victim.id}`, headers: svc.auth }),
      (res) => res.json.data.status === 'error',
    );
    expect(read.statusCode).toBe(200);
    expect(read.json.errors).toEqual([{ code: 'browser_crashed', message: 'the browser process exited unexpectedly' }]);
    // Where docs/behaviour.md says it is, read as the official client types it.
    const viaClient = await new AirtopClient({ apiKey: svc.key, baseUrl: svc.url }).sessions.getInfo(victim.id);
    expect(viaClient.errors?.[0]).toMatchObject({ code: 'browser_crashed' });
  });
});
