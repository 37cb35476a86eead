/**
 * Browser profiles on real Chromium: a fixture site that keeps its login in a cookie, localStorage and IndexedDB;
 * saved when a session ends (terminate or idle timeout), restored by `profileName`, replaced by a second save,
 * deleted by name (both query forms), invisible to another org, and never present in a session that did not ask.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileItem } from '../../functions/core/profiles/model.js';
import { profileKeys } from '../../functions/core/shared/record-keys.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, readEvents, sessionStatus, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1, hostCapacity: 6 }), startFixtureServer()]);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

type Auth = { authorization: string };
const myOrg = () => (svc.access as { orgId: string }).orgId;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, auth: Auth = svc.auth) =>
  svc.app.inject({ method, path, headers: auth, body });

interface LoginState {
  state: string;
  status: { cookie: string | null; localStorage: string | null; indexedDB: string | null };
}

/** Opens the fixture login site in a new window of the session and answers the page. */
const openLogin = async (sessionId: string, auth: Auth = svc.auth): Promise<Page> => {
  const res = await call(
    'POST',
    `/v1/sessions/${sessionId}/windows`,
    { url: `${fixtures.url}/login/index.html` },
    auth,
  );
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  const page = await browser.page(res.json.data.windowId);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 10_000 });
  return page;
};

const loginState = async (page: Page): Promise<LoginState> => ({
  state: (await page.$eval('#state', (el) => el.textContent)) ?? '',
  status: JSON.parse((await page.$eval('#status', (el) => el.textContent)) ?? '{}'),
});

const logIn = async (page: Page, user: string) => {
  await page.$eval('#user', (el) => ((el as HTMLInputElement).value = ''));
  await page.type('#user', user);
  await page.click('#submit');
  await page.waitForFunction(
    (name) => document.getElementById('state')?.textContent === `Logged in as ${name}`,
    { timeout: 10_000 },
    user,
  );
};

const saveOnTermination = async (sessionId: string, name: string, auth: Auth = svc.auth) => {
  const res = await call('PUT', `/v1/sessions/${sessionId}/save-profile-on-termination/${name}`, undefined, auth);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  expect(res.json.warnings ?? []).toEqual([]);
};

const terminate = async (sessionId: string, auth: Auth = svc.auth) => {
  const res = await call('DELETE', `/v1/sessions/${sessionId}`, undefined, auth);
  expect(res.statusCode).toBe(200);
};

/** A session that logs in as `user` on the fixture site and saves its profile as `name` when terminated. */
const loggedInProfile = async (
  name: string,
  user: string,
  auth: Auth = svc.auth,
  configuration: Record<string, unknown> = {},
) => {
  const { id } = await createRunningSession(svc, auth, configuration);
  await saveOnTermination(id, name, auth);
  await logIn(await openLogin(id, auth), user);
  await terminate(id, auth);
  return id;
};

const profileRecord = (name: string, orgId = myOrg()) =>
  svc.deps.records.get<ProfileItem>(profileKeys.profile(orgId, name));
const profileBlob = (name: string, orgId = myOrg()) => svc.deps.blobs.head(profileKeys.blob(orgId, name));

describe('browser profiles', () => {
  it('restores a login saved at termination into a session that names the profile, and only there', async () => {
    const first = await loggedInProfile('fixture-login', 'alice');
    const record = await profileRecord('fixture-login');
    expect(record).toMatchObject({ savedFrom: first });
    expect(record!.bytes).toBeGreaterThan(0);
    expect((await profileBlob('fixture-login'))?.size).toBe(record!.bytes);

    const restored = await call('POST', '/v1/sessions', { configuration: { profileName: 'fixture-login' } });
    expect(restored.statusCode).toBe(201);
    expect(restored.json.warnings ?? []).toEqual([]);
    const { id: second } = await createRunningSession(svc, svc.auth, { profileName: 'fixture-login' });
    const state = await loginState(await openLogin(second));
    expect(state).toEqual({
      state: 'Logged in as alice',
      status: { cookie: 'alice', localStorage: 'alice', indexedDB: 'alice' },
    });

    // A session that did not ask (warm pool or not) starts with nothing of it.
    const { id: third } = await createRunningSession(svc);
    expect(await loginState(await openLogin(third))).toEqual({
      state: 'Logged out',
      status: { cookie: null, localStorage: null, indexedDB: null },
    });
    await Promise.all([terminate(second), terminate(third), terminate(restored.json.data.id)]);
  });

  it('keeps a login held only in a session cookie (no "remember me"), which Chromium drops when it closes', async () => {
    const { id: first } = await createRunningSession(svc);
    await saveOnTermination(first, 'session-cookie-login');
    const login = await call('POST', `/v1/sessions/${first}/windows`, {
      url: `${fixtures.url}/session-login?user=carol`,
    });
    expect(login.statusCode, JSON.stringify(login.json)).toBe(201);
    await terminate(first);
    await waitFor(
      () => profileRecord('session-cookie-login'),
      (record) => record !== undefined,
    );

    const { id: second } = await createRunningSession(svc, svc.auth, { profileName: 'session-cookie-login' });
    const whoami = await call('POST', `/v1/sessions/${second}/windows`, { url: `${fixtures.url}/session-whoami` });
    const browser = (await svc.deps.fleet.open(second)) as unknown as { page(id: string): Promise<Page> };
    const page = await browser.page(whoami.json.data.windowId);
    expect(await page.$eval('#state', (el) => el.textContent)).toBe('Logged in as carol');
    // Still a session cookie: restored as it was, not made persistent.
    const cookies = await page.browserContext().cookies();
    expect(cookies.find((cookie) => cookie.name === 'sid')).toMatchObject({
      value: 'carol',
      session: true,
      httpOnly: true,
    });
    await terminate(second);
  });

  it('tells the save in the session events', async () => {
    const id = await loggedInProfile('told-profile', 'carol');
    const events = await readEvents(
      `${svc.url}/v1/sessions/${id}/events?all=true`,
      svc.auth,
      (event) => event.event === 'profile_status',
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'profile_status',
        id,
        eventData: expect.objectContaining({ profileName: 'told-profile', status: 'saved' }),
      }),
    );
  });

  it('replaces a profile saved again under the same name', async () => {
    await loggedInProfile('replaced', 'alice');
    const before = await profileRecord('replaced');
    await loggedInProfile('replaced', 'bob', svc.auth, { profileName: 'replaced' });
    const after = await profileRecord('replaced');
    expect(after!.updatedAt > before!.updatedAt).toBe(true);
    const { id } = await createRunningSession(svc, svc.auth, { profileName: 'replaced' });
    expect((await loginState(await openLogin(id))).state).toBe('Logged in as bob');
    await terminate(id);
  });

  it('saves the profile of a session that ends by idle timeout', async () => {
    const { id } = await createRunningSession(svc, svc.auth, { timeoutMinutes: 1 });
    await saveOnTermination(id, 'idle-saved');
    await logIn(await openLogin(id), 'dora');
    // Shorten the running session's idle timeout: the host's own expiry then ends it, as after a real minute.
    const hosted = (
      svc.host as unknown as { sessions: Map<string, { idleTimeoutMs: number; lastActivity: number }> }
    ).sessions.get(id)!;
    hosted.idleTimeoutMs = 200;
    hosted.lastActivity = Date.now() - 1_000;
    expect(
      await waitFor(
        () => sessionStatus(svc, id),
        (status) => status === 'ended',
        15_000,
      ),
    ).toBe('ended');
    expect(await profileRecord('idle-saved')).toMatchObject({ savedFrom: id });
    const { id: next } = await createRunningSession(svc, svc.auth, { profileName: 'idle-saved' });
    expect((await loginState(await openLogin(next))).state).toBe('Logged in as dora');
    await terminate(next);
  });

  it('tries to save the profile of a session whose browser crashed, and tells the outcome', async () => {
    const { id } = await createRunningSession(svc);
    await saveOnTermination(id, 'crash-saved');
    await logIn(await openLogin(id), 'ivan');
    const pid = svc.host.stats().sessions.find((s) => s.sessionId === id)!.pid;
    process.kill(pid, 'SIGKILL');
    const events = await readEvents(
      `${svc.url}/v1/sessions/${id}/events?all=true`,
      svc.auth,
      (event) => event.event === 'status' && event.status === 'error',
      15_000,
    );
    const told = events.find((event) => event.event === 'profile_status') as
      | { eventData: { status: string }; error?: { code: string } }
      | undefined;
    expect(told).toBeDefined();
    // Told before the final status, so a client following the live stream sees it.
    expect(events.indexOf(told!)).toBeLessThan(events.findIndex((event) => event.status === 'error'));
    if (told!.eventData.status === 'saved') {
      expect(await profileRecord('crash-saved')).toMatchObject({ savedFrom: id });
      // Saved from disk after a crash: the event says it may be missing the browser's last changes.
      expect(told!.eventData).toMatchObject({ partial: true, note: expect.stringMatching(/crashed browser/) });
    } else expect(told!.error?.code).toBe('profile_not_saved');
  });

  it('starts a session naming an unknown profile empty, with a warning', async () => {
    const res = await call('POST', '/v1/sessions', { configuration: { profileName: 'never-saved' } });
    expect(res.statusCode).toBe(201);
    expect(res.json.warnings).toContainEqual(expect.objectContaining({ code: 'profile_not_found' }));
    await terminate(res.json.data.id);
  });

  it.each([
    ['repeated keys', (a: string, b: string) => `profileNames=${a}&profileNames=${b}`],
    ['a comma-separated list', (a: string, b: string) => `profileNames=${a},${b}`],
  ])('deletes profiles named as %s, record and archive', async (_form, query) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const [a, b] = [`del-a-${suffix}`, `del-b-${suffix}`];
    await Promise.all([loggedInProfile(a, 'erin'), loggedInProfile(b, 'frank')]);
    expect(await profileRecord(a)).toBeDefined();
    const res = await call('DELETE', `/v1/profiles?${query(a, b)}`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect([...res.json.data.deleted].sort()).toEqual([a, b]);
    expect(await profileRecord(a)).toBeUndefined();
    expect(await profileRecord(b)).toBeUndefined();
    expect(await profileBlob(a)).toBeUndefined();
    expect(await profileBlob(b)).toBeUndefined();
    const after = await call('POST', '/v1/sessions', { configuration: { profileName: a } });
    expect(after.json.warnings).toContainEqual(expect.objectContaining({ code: 'profile_not_found' }));
    await terminate(after.json.data.id);
  });

  it("keeps one org's profiles invisible to another", async () => {
    const other = await svc.newOrg(`profiles-other-${Date.now()}`);
    await loggedInProfile('shared-name', 'grace');
    const theirs = await call('POST', '/v1/sessions', { configuration: { profileName: 'shared-name' } }, other.auth);
    expect(theirs.json.warnings).toContainEqual(expect.objectContaining({ code: 'profile_not_found' }));
    await terminate(theirs.json.data.id, other.auth);

    const deleted = await call('DELETE', '/v1/profiles?profileNames=shared-name', undefined, other.auth);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json.data.deleted).toEqual([]);
    expect(await profileRecord('shared-name')).toBeDefined();

    // Their own save of the same name is theirs alone.
    await loggedInProfile('shared-name', 'heidi', other.auth);
    const { id } = await createRunningSession(svc, svc.auth, { profileName: 'shared-name' });
    expect((await loginState(await openLogin(id))).state).toBe('Logged in as grace');
    await terminate(id);
  });

  it.each([
    ['DELETE /v1/profiles', () => call('DELETE', '/v1/profiles?profileNames=good-name,bad_name'), 'query.profileNames'],
    [
      'DELETE /v1/profiles (profileIds)',
      () => call('DELETE', '/v1/profiles?profileIds=no%20spaces'),
      'query.profileIds',
    ],
    [
      'create',
      () => call('POST', '/v1/sessions', { configuration: { profileName: 'dots.not.allowed' } }),
      'body.configuration.profileName',
    ],
  ])('answers 422 naming the field for a bad profile name in %s', async (_where, send, field) => {
    const res = await send();
    expect(res.statusCode, JSON.stringify(res.json)).toBe(422);
    expect(res.json.errors.map((e: { location: string }) => e.location)).toContain(field);
  });

  it('answers 422 naming the field for a bad name in save-profile-on-termination', async () => {
    const { id } = await createRunningSession(svc);
    const res = await call('PUT', `/v1/sessions/${id}/save-profile-on-termination/bad!name`);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json.errors)).toContain('profileName');
    await terminate(id);
  });

  it("answers 404 saving the profile of another org's session", async () => {
    const other = await svc.newOrg(`profiles-404-${Date.now()}`);
    const { id } = await createRunningSession(svc);
    const res = await call('PUT', `/v1/sessions/${id}/save-profile-on-termination/stolen`, undefined, other.auth);
    expect(res.statusCode).toBe(404);
    await terminate(id);
  });
});
