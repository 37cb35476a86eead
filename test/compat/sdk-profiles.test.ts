/**
 * The official client, unchanged, with profiles: `saveProfileOnTermination` during a session, `sessions.create`
 * with `profileName` restoring the login, and `profiles.delete` (its array form sends repeated keys).
 */
import { AirtopClient } from '@airtop/sdk';
import puppeteer, { type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileKeys } from '../../functions/core/shared/record-keys.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

const orgId = () => (svc.access as { orgId: string }).orgId;

/** Runs `act` on the fixture login page of the session, through Puppeteer on the session's CDP URL. */
const onLoginPage = async <T>(cdpWsUrl: string, act: (page: Page) => Promise<T>): Promise<T> => {
  const browser = await puppeteer.connect({
    browserWSEndpoint: cdpWsUrl,
    headers: { Authorization: `Bearer ${svc.key}` },
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${fixtures.url}/login/index.html`);
    await page.waitForSelector('body[data-ready="true"]');
    return await act(page);
  } finally {
    await browser.disconnect();
  }
};

const logIn = (user: string) => async (page: Page) => {
  await page.type('#user', user);
  await page.click('#submit');
  await page.waitForFunction(
    (name) => document.getElementById('state')?.textContent === `Logged in as ${name}`,
    {},
    user,
  );
};
const state = (page: Page) => page.$eval('#state', (el) => el.textContent);

describe('official client: profiles', () => {
  it('saves a profile on termination and restores it with profileName', async () => {
    const first = await client.sessions.create({ configuration: { timeoutMinutes: 5 } }, { timeoutInSeconds: 30 });
    await client.sessions.saveProfileOnTermination(first.data.id, 'sdk-login');
    await onLoginPage(first.data.cdpWsUrl!, logIn('ivan'));
    await client.sessions.terminate(first.data.id);

    const second = await client.sessions.create(
      { configuration: { profileName: 'sdk-login' } },
      { timeoutInSeconds: 30 },
    );
    expect(second.data.status).toBe('running');
    expect(await onLoginPage(second.data.cdpWsUrl!, state)).toBe('Logged in as ivan');
    await client.sessions.terminate(second.data.id);

    const fresh = await client.sessions.create({}, { timeoutInSeconds: 30 });
    expect(await onLoginPage(fresh.data.cdpWsUrl!, state)).toBe('Logged out');
    await client.sessions.terminate(fresh.data.id);
  });

  it('deletes profiles by name, one or several', async () => {
    for (const name of ['sdk-one', 'sdk-two', 'sdk-three']) {
      const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
      await client.sessions.saveProfileOnTermination(session.data.id, name);
      await client.sessions.terminate(session.data.id);
    }
    const stored = (name: string) => svc.deps.records.get(profileKeys.profile(orgId(), name));
    expect(await stored('sdk-one')).toBeDefined();

    await client.profiles.delete({ profileNames: 'sdk-one' });
    await client.profiles.delete({ profileNames: ['sdk-two', 'sdk-three'] });
    for (const name of ['sdk-one', 'sdk-two', 'sdk-three']) expect(await stored(name)).toBeUndefined();
  });

  it('raises a typed 422 for a profile name the service refuses', async () => {
    await expect(client.profiles.delete({ profileNames: 'not valid!' })).rejects.toMatchObject({ statusCode: 422 });
  });
});
