/**
 * Sessions on real Chromium through the API of `npm start`'s process: create→running with a warm pool, window
 * create + load of a local page, memory per additional idle session, and 50 sessions started at once.
 */
import { startFixtureServer } from '../../test/fixtures/server.js';
import { apiClient, round, sleep, startServiceProcess, stats, timeWindowCreates } from '../support.js';
import { treePssMiB } from '../pss.js';

const api = apiClient;

const waitRunning = async (call: ReturnType<typeof api>, id: string, timeoutMs = 120_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { json } = await call('GET', `/v1/sessions/${id}`);
    if (json.data.status === 'running') return;
    if (json.data.status === 'error' || Date.now() > deadline)
      throw new Error(`session ${id}: ${JSON.stringify(json.data)}`);
    await sleep(20);
  }
};

export const sessionsSuite = async () => {
  const fixtures = await startFixtureServer();
  // The org may hold as many sessions as the host runs: the burst below measures the host, not the org's cap.
  const service = await startServiceProcess({ HOST_CAPACITY: '60', MAX_SESSIONS_PER_ORG: '60', WARM_POOL_SIZE: '2' });
  const call = api(service);
  try {
    await sleep(3000); // the warm pool fills after start

    // create → running, one at a time, the pool given time to refill between sessions as in steady use
    const createMs: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const started = performance.now();
      const { json } = await call('POST', '/v1/sessions', {});
      await waitRunning(call, json.data.id);
      createMs.push(performance.now() - started);
      await call('DELETE', `/v1/sessions/${json.data.id}`);
      await sleep(1500);
    }

    // window create with a local page, waitUntil load
    const { json: session } = await call('POST', '/v1/sessions', {});
    await waitRunning(call, session.data.id);
    const windowMs = await timeWindowCreates(call, session.data.id, `${fixtures.url}/index.html`, 15);
    await call('DELETE', `/v1/sessions/${session.data.id}`);
    await sleep(3000);

    // memory: idle sessions with one blank window each, added in steps; the warm pool counts in every step alike
    const baseline = await treePssMiB(service.child.pid!);
    const memory: Record<string, unknown> = {};
    const live: string[] = [];
    for (const target of [1, 10, 50]) {
      while (live.length < target) {
        const { json } = await call('POST', '/v1/sessions', {});
        await waitRunning(call, json.data.id);
        await call('POST', `/v1/sessions/${json.data.id}/windows`, { url: 'about:blank' });
        live.push(json.data.id);
      }
      await sleep(4000);
      const now = await treePssMiB(service.child.pid!);
      memory[`sessions${target}`] = {
        totalPssMiB: now.mib,
        processes: now.processes,
        perSessionMiB: round((now.mib - baseline.mib) / target, 1),
      };
    }
    await Promise.all(live.map((id) => call('DELETE', `/v1/sessions/${id}`)));
    await sleep(5000);

    // 50 at once, each opening a window on a local page
    const burstStart = performance.now();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, async () => {
        const { status, json } = await call('POST', '/v1/sessions', {});
        if (status !== 201) throw new Error(`create ${status}`);
        await waitRunning(call, json.data.id);
        const window = await call('POST', `/v1/sessions/${json.data.id}/windows`, {
          url: `${fixtures.url}/index.html`,
        });
        if (window.status !== 201 || window.json.errors) throw new Error(`window ${window.status}`);
        return json.data.id as string;
      }),
    );
    const burstMs = performance.now() - burstStart;
    const ok = outcomes
      .filter((o): o is PromiseFulfilledResult<string> => o.status === 'fulfilled')
      .map((o) => o.value);
    await Promise.all(ok.map((id) => call('DELETE', `/v1/sessions/${id}`)));

    return {
      createToRunningMs: stats(createMs),
      windowCreateLocalPageMs: stats(windowMs),
      memory: { baselinePssMiB: baseline.mib, ...memory },
      fiftyConcurrent: {
        wallMs: round(burstMs, 0),
        errors: outcomes.length - ok.length,
        firstError: outcomes.find((o) => o.status === 'rejected')?.reason?.message,
      },
    };
  } finally {
    await service.stop();
    await fixtures.close();
  }
};
