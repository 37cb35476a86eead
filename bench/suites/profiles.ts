/**
 * Profiles on real Chromium through the API of `npm start`'s process: what saving a logged-in fixture site's profile
 * adds to terminate, and what restoring it adds to create→running (a restored session cannot take a warm browser:
 * that cold start is part of the cost). Each round runs the same login with and without a profile; the added time
 * is the difference of the medians. Bar: ≤ 2000 ms added in total.
 */
import puppeteer from 'puppeteer-core';
import { startFixtureServer, type FixtureServer } from '../../test/fixtures/server.js';
import { apiClient, round, sleep, startServiceProcess, stats, type ServiceProcess } from '../support.js';

const ROUNDS = 8;

const waitRunning = async (call: ReturnType<typeof apiClient>, id: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await call('GET', `/v1/sessions/${id}`);
    if (json.data.status === 'running') return;
    if (json.data.status === 'error' || Date.now() > deadline)
      throw new Error(`session ${id}: ${JSON.stringify(json.data)}`);
    await sleep(10);
  }
};

/** Logs in on the fixture site through the session's CDP URL, as a client would; answers the state it ends in. */
const onLogin = async (
  service: ServiceProcess,
  fixtures: FixtureServer,
  cdpWsUrl: string,
  user?: string,
): Promise<string> => {
  const browser = await puppeteer.connect({
    browserWSEndpoint: cdpWsUrl,
    headers: { Authorization: `Bearer ${service.key}` },
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${fixtures.url}/login/index.html`);
    await page.waitForSelector('body[data-ready="true"]');
    if (user) {
      await page.type('#user', user);
      await page.click('#submit');
      await page.waitForFunction(
        (name) => document.getElementById('state')?.textContent === `Logged in as ${name}`,
        {},
        user,
      );
    }
    return (await page.$eval('#state', (el) => el.textContent)) ?? '';
  } finally {
    await browser.disconnect();
  }
};

const median = (values: number[]) => stats(values).p50;

/** The archive size the session's `profile_status` event reports (the session has ended: its replay is finite). */
const savedBytes = async (service: ServiceProcess, sessionId: string): Promise<number> => {
  const res = await fetch(`${service.url}/v1/sessions/${sessionId}/events?all=true`, {
    headers: { authorization: `Bearer ${service.key}` },
  });
  const events = (await res.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as { event: string; eventData?: { bytes?: number } });
  return events.find((event) => event.event === 'profile_status')?.eventData?.bytes ?? 0;
};

export const profilesSuite = async () => {
  const fixtures = await startFixtureServer();
  const service = await startServiceProcess({ HOST_CAPACITY: '10', WARM_POOL_SIZE: '2' });
  const call = apiClient(service);
  const timed = async <T>(run: () => Promise<T>): Promise<[number, T]> => {
    const started = performance.now();
    const value = await run();
    return [performance.now() - started, value];
  };
  const createRunning = async (configuration: Record<string, unknown>) => {
    const { status, json } = await call('POST', '/v1/sessions', { configuration });
    if (status !== 201) throw new Error(`create ${status}: ${JSON.stringify(json)}`);
    await waitRunning(call, json.data.id);
    return json.data as { id: string; cdpWsUrl: string };
  };

  const samples = {
    terminatePlain: [] as number[],
    terminateSaving: [] as number[],
    createPlain: [] as number[],
    createRestoring: [] as number[],
  };
  let archiveBytes = 0;
  try {
    await sleep(3000); // the warm pool fills after start
    for (let round_ = 0; round_ < ROUNDS; round_ += 1) {
      const name = `bench-${round_}`;
      for (const saving of [false, true]) {
        const first = await createRunning({});
        if (saving) await call('PUT', `/v1/sessions/${first.id}/save-profile-on-termination/${name}`);
        await onLogin(service, fixtures, first.cdpWsUrl, 'bench-user');
        const [terminateMs] = await timed(() => call('DELETE', `/v1/sessions/${first.id}`));
        if (saving && round_ === 0) archiveBytes = await savedBytes(service, first.id);
        await sleep(1500); // the pool refills, as in steady use
        const [createMs, second] = await timed(() => createRunning(saving ? { profileName: name } : {}));
        const state = await onLogin(service, fixtures, second.cdpWsUrl);
        if (saving !== (state === 'Logged in as bench-user'))
          throw new Error(`round ${round_}: unexpected state ${state} (profile ${saving})`);
        await call('DELETE', `/v1/sessions/${second.id}`);
        (saving ? samples.terminateSaving : samples.terminatePlain).push(terminateMs);
        (saving ? samples.createRestoring : samples.createPlain).push(createMs);
        await sleep(1500);
      }
    }
    const addedSaveMs = median(samples.terminateSaving) - median(samples.terminatePlain);
    const addedRestoreMs = median(samples.createRestoring) - median(samples.createPlain);
    return {
      rounds: ROUNDS,
      terminateMs: { plain: stats(samples.terminatePlain), savingProfile: stats(samples.terminateSaving) },
      createToRunningMs: { warmPool: stats(samples.createPlain), restoringProfile: stats(samples.createRestoring) },
      addedMs: {
        save: round(addedSaveMs),
        restore: round(addedRestoreMs),
        total: round(addedSaveMs + addedRestoreMs),
        bar: 2000,
      },
      archiveBytes,
    };
  } finally {
    await service.stop();
    await fixtures.close();
  }
};
