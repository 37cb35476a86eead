/**
 * The AWS shape on one machine: the API composed as the Lambdas compose it (remote fleet, polling events) and two
 * browser hosts in fleet mode (warm pools), sharing embedded DynamoDB and S3 and an in-process start queue (SQS
 * adds its own round trips on AWS, typically tens of milliseconds). Measures create → running as the client sees
 * it (the create call's answer, then polling until running), a window through the owner's CDP proxy, and 8
 * sessions started at once on the two hosts.
 *
 *   npx tsx bench/run.ts --only fleet
 */
import type http from 'node:http';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import { createApiKey } from '../../functions/core/orgs/api-keys.js';
import { ensureOrg } from '../../functions/core/orgs/orgs.js';
import { findPlacement } from '../../functions/core/sessions/placement.js';
import { systemClock } from '../../functions/ports/clock.js';
import { loadConfig } from '../../functions/config/config.js';
import { createLocalApp } from '../../functions/composition/local/app.js';
import { createHttpServer, listen } from '../../functions/http/local/http-server.js';
import { createLogger } from '../../functions/config/logger.js';
import { startFixtureServer } from '../../test/fixtures/server.js';
import { withEmbeddedAws } from '../../test/support/embedded.js';
import { fleetApiDeps, joinFleet } from '../../test/support/fleet.js';
import { sleep, stats, timeWindowCreates } from '../support.js';

const HOST_SECRET = 'bench-host-secret-0123456789abcdef';
const SIGNING_SECRET = 'bench-signing-secret-0123456789abcdef';

export const fleetSuite = async () => {
  const [aws, fixtures] = await Promise.all([withEmbeddedAws(), startFixtureServer()]);
  const log = createLogger('silent');
  const config = loadConfig(
    {},
    {
      stage: 'test',
      logLevel: 'silent',
      authCacheSeconds: 5,
      hostCapacity: 6,
      warmPoolSize: 2,
      hostSecret: HOST_SECRET,
      signingSecret: SIGNING_SECRET,
    },
  );
  const startQueue = new MemoryQueue({ visibilitySeconds: 60 });
  const shared = { aws, startQueue, hostSecret: HOST_SECRET, signingSecret: SIGNING_SECRET, log };
  const hosts = await Promise.all([joinFleet(shared, config), joinFleet(shared, config)]);
  const { deps } = fleetApiDeps(shared, config);
  const { org } = await ensureOrg(aws.records, systemClock, 'bench');
  const auth = `Bearer ${(await createApiKey(aws.records, systemClock, org.id)).key}`;
  const api: http.Server = createHttpServer(await createLocalApp(deps));
  const url = `http://127.0.0.1:${await listen(api, 0, '127.0.0.1')}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json().catch(() => undefined)) as any };
  };
  const running = async (id: string, status: string) => {
    for (let i = 0; status !== 'running' && i < 3000; i += 1) {
      await sleep(10);
      status = (await call('GET', `/v1/sessions/${id}`)).json.data.status;
    }
  };
  try {
    await sleep(3000); // warm pools fill

    const createMs: number[] = [];
    let runningInAnswer = 0;
    for (let i = 0; i < 15; i += 1) {
      const started = performance.now();
      const { json } = await call('POST', '/v1/sessions', {});
      if (json.data.status === 'running') runningInAnswer += 1;
      await running(json.data.id, json.data.status);
      createMs.push(performance.now() - started);
      await call('DELETE', `/v1/sessions/${json.data.id}`);
      await sleep(1500); // the pool refills, as in steady use
    }

    const { json: session } = await call('POST', '/v1/sessions', {});
    await running(session.data.id, session.data.status);
    const windowMs = await timeWindowCreates(call, session.data.id, `${fixtures.url}/index.html`, 10);
    await call('DELETE', `/v1/sessions/${session.data.id}`);
    await sleep(3000);

    const burstStart = performance.now();
    const burst = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const { json } = await call('POST', '/v1/sessions', {});
        await running(json.data.id, json.data.status);
        return json.data.id as string;
      }),
    );
    const burstMs = performance.now() - burstStart;
    const perHost = hosts.map((h) => h.host.stats().live);
    // Every session that says running must have a browser on a host: a figure without that would be hollow.
    const unplaced = (await Promise.all(burst.map((id) => findPlacement(aws.records, id)))).filter(
      (placement) => !placement,
    ).length;
    if (unplaced > 0 || perHost.reduce((a, b) => a + b, 0) !== burst.length)
      throw new Error(`fleet: ${unplaced} running sessions without a browser (hosts: ${perHost})`);
    await Promise.all(burst.map((id) => call('DELETE', `/v1/sessions/${id}`)));

    return {
      createToRunningMs: stats(createMs),
      runningInCreateAnswer: `${runningInAnswer}/${createMs.length}`,
      windowThroughOwnerMs: stats(windowMs),
      eightAtOnce: { ms: Math.round(burstMs), perHost },
    };
  } finally {
    await Promise.all(hosts.map((h) => h.drain().catch(() => undefined)));
    await new Promise<void>((done) => {
      api.close(() => done());
      api.closeAllConnections();
    });
    await fixtures.close();
    await aws.stop();
  }
};
