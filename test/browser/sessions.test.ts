import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, readEvents, sessionStatus, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { closedPort } from '../support/ports.js';

let svc: TestService;
let fixtures: FixtureServer;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 2, hostCapacity: 6 }), startFixtureServer()]);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

describe('session lifecycle', () => {
  it('creates a running session with connection URLs and the default idle timeout', async () => {
    const { id, created } = await createRunningSession(svc);
    expect(created.data).toMatchObject({ id, configuration: { timeoutMinutes: 10 } });
    expect(created.data.cdpWsUrl).toMatch(new RegExp(`^ws://.+/cdp/${id}$`));
    const info = await svc.app.inject({ method: 'GET', path: `/v1/sessions/${id}`, headers: svc.auth });
    expect(info.json.data).toMatchObject({ id, status: 'running' });
    expect(Date.parse(info.json.data.dateCreated)).not.toBeNaN();
  });

  it('rejects timeoutMinutes outside 1 to 10080 and a malformed proxy with 422', async () => {
    for (const configuration of [
      { timeoutMinutes: 0 },
      { timeoutMinutes: 10081 },
      { proxy: 'ftp://proxy.example' },
      { proxy: { url: 'not a url' } },
    ]) {
      const res = await svc.app.inject({
        method: 'POST',
        path: '/v1/sessions',
        headers: svc.auth,
        body: { configuration },
      });
      expect(res.statusCode, JSON.stringify(configuration)).toBe(422);
      expect(res.json.errors[0].location).toMatch(/^body\.configuration\./);
    }
  });

  it('warns about options it does not apply instead of ignoring them silently', async () => {
    const { created, id } = await createRunningSession(svc, svc.auth, { solveCaptcha: true, proxy: true });
    const codes = created.warnings.map((w: { code: string }) => w.code);
    expect(codes).toEqual(expect.arrayContaining(['captcha_solving_not_supported', 'proxy_not_available']));
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });

  it('terminates: the session ends, its stream says so, and an unknown or foreign id is ignored with 200', async () => {
    const { id } = await createRunningSession(svc);
    // Terminate only once the stream is open: one opened later rightly starts at "ended".
    let streamOpen!: () => void;
    const opened = new Promise<void>((resolve) => (streamOpen = resolve));
    const stream = readEvents(`${svc.url}/v1/sessions/${id}/events`, svc.auth, (e) => {
      streamOpen();
      return e.status === 'ended';
    });
    await opened;
    const res = await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
    expect(res.statusCode).toBe(200);
    const events = await stream;
    expect(events[0]).toMatchObject({ event: 'status', status: 'running', id });
    expect(events.at(-1)).toMatchObject({ event: 'status', status: 'ended', id });
    expect(await sessionStatus(svc, id)).toBe('ended');
    const cancelled = await svc.app.inject({ method: 'GET', path: '/v1/sessions?status=cancelled', headers: svc.auth });
    expect(cancelled.json.data.sessions.map((s: { id: string }) => s.id)).toContain(id);

    expect(
      (await svc.app.inject({ method: 'DELETE', path: '/v1/sessions/does-not-exist', headers: svc.auth })).statusCode,
    ).toBe(200);
    const other = await svc.newOrg('terminate-other');
    const theirs = await createRunningSession(svc, other.auth);
    expect(
      (await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${theirs.id}`, headers: svc.auth })).statusCode,
    ).toBe(200);
    expect(await sessionStatus(svc, theirs.id, other.auth)).toBe('running');
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${theirs.id}`, headers: other.auth });
  });

  it('replays past events with all=true and after lastEventId', async () => {
    const { id } = await createRunningSession(svc);
    const all = await readEvents(
      `${svc.url}/v1/sessions/${id}/events?all=true`,
      svc.auth,
      (e) => e.status === 'running' && e.eventId === undefined,
    );
    const statuses = all.map((e) => e.status);
    expect(statuses.slice(0, 2)).toEqual(['initializing', 'running']);
    // The replay, then the current status as read now: not a stored event, so no id of its own or of another's.
    expect(all.at(-1)).toMatchObject({ event: 'status', status: 'running' });
    expect(all.at(-1)).not.toHaveProperty('eventId');
    const ids = all.filter((e) => e.eventId !== undefined).map((e) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    const first = all[0].eventId as number;
    const after = await readEvents(
      `${svc.url}/v1/sessions/${id}/events?lastEventId=${first}`,
      svc.auth,
      (e) => e.eventId === undefined || e.eventId === all[1].eventId,
    );
    expect(after[0]).toMatchObject({ status: 'running', eventId: all[1].eventId });
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });

  it('answers a request whose browser dies under it with a 409 that says so, not a server error', async () => {
    const victim = await createRunningSession(svc);
    const pid = svc.host.stats().sessions.find((s) => s.sessionId === victim.id)!.pid;
    const windows = async () =>
      (await svc.app.inject({ method: 'GET', path: `/v1/sessions/${victim.id}/windows`, headers: svc.auth })).json.data
        .windows.length as number;
    const before = await windows();
    const opening = svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${victim.id}/windows`,
      headers: svc.auth,
      body: { url: `${fixtures.url}/slow?ms=5000` },
    });
    // The new window exists and waits for its slow page: the browser dies under the request, not before it.
    await waitFor(windows, (count) => count > before);
    process.kill(pid, 'SIGKILL');
    const res = await opening;
    expect(res.statusCode, JSON.stringify(res.json)).toBe(409);
    expect(res.json.code).toMatch(/^(browser_closed|conflict)$/);
  });

  it('marks a session whose browser dies as error, emits it, and keeps serving other sessions', async () => {
    const victim = await createRunningSession(svc);
    const survivor = await createRunningSession(svc);
    const stream = readEvents(`${svc.url}/v1/sessions/${victim.id}/events`, svc.auth, (e) => e.status === 'error');
    const pid = svc.host.stats().sessions.find((s) => s.sessionId === victim.id)!.pid;
    process.kill(pid, 'SIGKILL');
    const events = await stream;
    expect(events.at(-1)).toMatchObject({ event: 'status', status: 'error' });
    expect(
      await waitFor(
        () => sessionStatus(svc, victim.id),
        (s) => s === 'error',
      ),
    ).toBe('error');
    const window = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${survivor.id}/windows`,
      headers: svc.auth,
      body: { url: `${fixtures.url}/index.html` },
    });
    expect(window.statusCode).toBe(201);
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${survivor.id}`, headers: svc.auth });
  });
});

describe('windows', () => {
  let sessionId: string;
  const path = (suffix = '') => `/v1/sessions/${sessionId}/windows${suffix}`;
  beforeAll(async () => {
    sessionId = (await createRunningSession(svc)).id;
  });
  afterAll(() => svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${sessionId}`, headers: svc.auth }));

  it('opens a window on a page at the requested resolution, and lists it', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      path: path(),
      headers: svc.auth,
      body: { url: `${fixtures.url}/index.html`, screenResolution: '1024x600' },
    });
    expect(res.statusCode).toBe(201);
    const { windowId, targetId } = res.json.data;
    expect(targetId).toBe(windowId);
    expect(res.json.data.url).toBe(`${fixtures.url}/index.html`);
    const list = await svc.app.inject({ method: 'GET', path: path(), headers: svc.auth });
    expect(list.json.data.windows.map((w: { windowId: string }) => w.windowId)).toContain(windowId);
    const { browser } = { browser: await svc.deps.fleet.open(sessionId) };
    const page = await (browser as unknown as { page(id: string): Promise<import('puppeteer-core').Page> }).page(
      windowId,
    );
    expect(await page.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([1024, 600]);
  });

  it('answers get-window-info by window id with a tokenised live view URL carrying the options', async () => {
    const { windowId } = (
      await svc.app.inject({
        method: 'POST',
        path: path(),
        headers: svc.auth,
        body: { url: `${fixtures.url}/form.html` },
      })
    ).json.data;
    const res = await svc.app.inject({
      method: 'GET',
      path: path(`/${windowId}?includeNavigationBar=true&disableResize=true&screenResolution=800x600`),
      headers: svc.auth,
    });
    expect(res.statusCode).toBe(201);
    const url = new URL(res.json.data.liveViewUrl);
    expect(url.pathname).toBe(`/live/${sessionId}/${windowId}`);
    expect(url.searchParams.get('token')).toMatch(/\S+\.\S+/);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      navigationBar: 'true',
      disableResize: 'true',
      screenResolution: '800x600',
    });
    expect(url.toString()).not.toContain(svc.key);
  });

  it('keeps the size a window was opened at in its live view links, unless a read asks for another', async () => {
    const { windowId } = (
      await svc.app.inject({
        method: 'POST',
        path: path(),
        headers: svc.auth,
        body: { url: `${fixtures.url}/form.html`, screenResolution: '1024x500' },
      })
    ).json.data;
    const info = async (query = '') =>
      new URL(
        (await svc.app.inject({ method: 'GET', path: path(`/${windowId}${query}`), headers: svc.auth })).json.data
          .liveViewUrl,
      );
    expect((await info()).searchParams.get('screenResolution')).toBe('1024x500');
    expect((await info('?screenResolution=800x600')).searchParams.get('screenResolution')).toBe('800x600');
    // A window opened without a size follows its viewer.
    const { windowId: free } = (
      await svc.app.inject({
        method: 'POST',
        path: path(),
        headers: svc.auth,
        body: { url: `${fixtures.url}/form.html` },
      })
    ).json.data;
    const freeUrl = new URL(
      (await svc.app.inject({ method: 'GET', path: path(`/${free}`), headers: svc.auth })).json.data.liveViewUrl,
    );
    expect(freeUrl.searchParams.has('screenResolution')).toBe(false);
  });

  it('still succeeds with a warning when the wait runs out, and loads a URL', async () => {
    const slow = await svc.app.inject({
      method: 'POST',
      path: path(),
      headers: svc.auth,
      body: { url: `${fixtures.url}/slow?ms=3000`, waitUntilTimeoutSeconds: 1 },
    });
    expect(slow.statusCode).toBe(201);
    expect(slow.json.warnings[0]).toMatchObject({ code: 'wait_timeout' });
    const load = await svc.app.inject({
      method: 'POST',
      path: path(`/${slow.json.data.windowId}`),
      headers: svc.auth,
      body: { url: `${fixtures.url}/index.html`, waitUntil: 'domContentLoaded' },
    });
    expect(load.statusCode).toBe(200);
    expect(load.json).toMatchObject({ data: { success: true } });
    expect(load.json.warnings).toBeUndefined();
  });

  it('stops a load whose server never answers once its wait runs out, so the window stays usable', async () => {
    const { windowId } = (
      await svc.app.inject({
        method: 'POST',
        path: path(),
        headers: svc.auth,
        body: { url: `${fixtures.url}/form.html` },
      })
    ).json.data;
    const hung = await svc.app.inject({
      method: 'POST',
      path: path(`/${windowId}`),
      headers: svc.auth,
      body: { url: `${fixtures.url}/slow?ms=25000`, waitUntilTimeoutSeconds: 1 },
    });
    expect(hung.json.warnings[0]).toMatchObject({ code: 'wait_timeout' });
    const started = Date.now();
    const shot = await svc.app.inject({
      method: 'POST',
      path: path(`/${windowId}/screenshot`),
      headers: svc.auth,
      body: {},
    });
    expect(shot.statusCode, shot.body.slice(0, 300)).toBe(201);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The window keeps the page it had.
    const listed = await svc.app.inject({ method: 'GET', path: path(), headers: svc.auth });
    const window = (listed.json.data.windows as Array<{ windowId: string; url?: string }>).find(
      (w) => w.windowId === windowId,
    );
    expect(window?.url).toContain('/form.html');
  });

  it('loads a page that answers 404 with a warning naming the status', async () => {
    const opened = await svc.app.inject({
      method: 'POST',
      path: path(),
      headers: svc.auth,
      body: { url: `${fixtures.url}/no-such-page.html` },
    });
    expect(opened.statusCode).toBe(201);
    expect(opened.json.warnings).toEqual([
      expect.objectContaining({ code: 'page_error_status', details: { status: 404 } }),
    ]);
    const load = await svc.app.inject({
      method: 'POST',
      path: path(`/${opened.json.data.windowId}`),
      headers: svc.auth,
      body: { url: `${fixtures.url}/no-such-page.html` },
    });
    expect(load.json.data.success).toBe(true);
    expect(load.json.warnings[0]).toMatchObject({ code: 'page_error_status', message: expect.stringContaining('404') });
  });

  it('reports a refused connection as an error in the envelope, not a crash', async () => {
    const { windowId } = (
      await svc.app.inject({
        method: 'POST',
        path: path(),
        headers: svc.auth,
        body: { url: `${fixtures.url}/index.html` },
      })
    ).json.data;
    const res = await svc.app.inject({
      method: 'POST',
      path: path(`/${windowId}`),
      headers: svc.auth,
      body: { url: `http://127.0.0.1:${await closedPort()}/` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.data.success).toBe(false);
    // Every browser goes through the host's network guard, which names what failed.
    expect(res.json.errors[0]).toMatchObject({
      code: 'navigation_failed',
      reason: expect.stringMatching(/^bad gateway: cannot connect to 127\.0\.0\.1 port \d+: ECONNREFUSED$/),
    });
  });

  it('closes a window; closing it again is a 404', async () => {
    const { windowId } = (await svc.app.inject({ method: 'POST', path: path(), headers: svc.auth, body: {} })).json
      .data;
    const closed = await svc.app.inject({ method: 'DELETE', path: path(`/${windowId}`), headers: svc.auth });
    expect(closed.statusCode).toBe(200);
    expect(closed.json.data.windowId).toBe(windowId);
    const again = await svc.app.inject({ method: 'DELETE', path: path(`/${windowId}`), headers: svc.auth });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for windows of another org session', async () => {
    const other = await svc.newOrg('windows-other');
    const res = await svc.app.inject({ method: 'GET', path: path(), headers: other.auth });
    expect(res.statusCode).toBe(404);
  });
});

describe('proxy', () => {
  it('sends the session traffic through the configured proxy', async () => {
    const { id } = await createRunningSession(svc, svc.auth, { proxy: fixtures.url });
    const res = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${id}/windows`,
      headers: svc.auth,
      body: { url: 'http://shop.example/' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json.data.title).toBe('Proxied shop.example');
    expect(fixtures.proxiedUrls).toContain('http://shop.example/');
    await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: svc.auth });
  });
});
