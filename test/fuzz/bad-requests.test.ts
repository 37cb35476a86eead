/**
 * Thousands of generated bad requests to every route of the route table, in-process. Reproduce a run with
 * FUZZ_SEED=<seed> (and FUZZ_PER_ROUTE=<n> to send more or fewer per route).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/api/routes.js';
import { createRouter } from '../../functions/http/router.js';
import { startTestService, type TestService } from '../support/service.js';
import { breaches, isValidUnbuilt501, type Answer } from './check.js';
import { focusesOf, generateRequest, type Focus, type FuzzRequest } from './generate.js';
import { doesRealWork, predict, type Prediction } from './predict.js';
import { createRng } from './prng.js';
import { nested } from './values.js';

const SEED = Number(process.env.FUZZ_SEED ?? 0x5e55);
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 100);
const TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 5000);
const CONCURRENCY = 8;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ authCacheSeconds: 60 });
});
afterAll(() => svc?.stop());

const clip = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value ?? null, (_, item: unknown) =>
      typeof item === 'string' && item.length > 120 ? `${item.slice(0, 120)}…(${item.length} chars)` : item,
    ),
  );

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

interface Job {
  index: number;
  request: FuzzRequest;
  prediction: Prediction;
}

/** One request per pull, generated in pull order, so the sequence depends on the seed alone. */
function* jobs(match: ReturnType<typeof createRouter>, key: string, maxBodyBytes: number): Generator<Job> {
  const rng = createRng(SEED);
  let index = 0;
  for (const route of routes) {
    // Every body and query field broken once, then random breakage.
    const focuses: (Focus | undefined)[] = [...focusesOf(route), ...Array.from({ length: PER_ROUTE }, () => undefined)];
    for (const focus of focuses) {
      let request = generateRequest(route, rng, key, focus);
      let prediction = predict(request, match, key, maxBodyBytes);
      // Valid input to a built operation may start real work: draw again, and in the end send it without a key.
      for (
        let retry = 0;
        retry < 3 &&
        prediction.route &&
        doesRealWork(prediction.route) &&
        prediction.parses &&
        prediction.authorized &&
        prediction.valid;
        retry += 1
      ) {
        request = generateRequest(route, rng, key, focus);
        prediction = predict(request, match, key, maxBodyBytes);
      }
      if (prediction.route && doesRealWork(prediction.route) && prediction.authorized && prediction.valid) {
        const headers = Object.fromEntries(
          Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'authorization'),
        );
        request = { ...request, headers, notes: [...request.notes, 'auth: dropped'] };
        prediction = predict(request, match, key, maxBodyBytes);
      }
      yield { index, request, prediction };
      index += 1;
    }
  }
}

describe('bad requests to every route', () => {
  it('never answers 5xx (but 501 for valid input to an unbuilt route), always in the problem shape, never hangs', async () => {
    const match = createRouter(routes);
    const source = jobs(match, svc.key, svc.deps.config.maxBodyBytes);
    const byStatus = new Map<string, number>();
    const failures: string[] = [];
    let sent = 0;
    let unbuilt501 = 0;
    let slowest = { ms: 0, index: -1 };

    const worker = async () => {
      for (let next = source.next(); !next.done; next = source.next()) {
        // Most answers need no I/O; without a turn of the event loop here, the workers would starve the timers and
        // the store's I/O of the few requests that do, and those would look hung.
        await new Promise((resume) => setImmediate(resume));
        const { index, request, prediction } = next.value;
        sent += 1;
        const started = Date.now();
        const outcome = await withTimeout(
          svc.app.inject(request).catch((error: Error) => error),
          TIMEOUT_MS,
        );
        if (Date.now() - started > slowest.ms) slowest = { ms: Date.now() - started, index };
        let reasons: string[];
        let status: string;
        if (outcome === 'timeout') [reasons, status] = [[`no answer within ${TIMEOUT_MS} ms`], 'timeout'];
        else if (outcome instanceof Error) [reasons, status] = [[`the app threw: ${outcome.message}`], 'threw'];
        else {
          const answer = outcome as Answer;
          reasons = breaches(answer, prediction);
          status = String(answer.statusCode);
          if (isValidUnbuilt501(answer, prediction)) unbuilt501 += 1;
          if (reasons.length > 0)
            reasons.push(`answer: ${JSON.stringify(clip(answer.json ?? answer.body)).slice(0, 400)}`);
        }
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        if (reasons.length > 0 && failures.length < 20) {
          failures.push(
            `#${index} (FUZZ_SEED=${SEED}) ${reasons.join('; ')}\n  request: ${JSON.stringify(clip(request))}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const statuses = [...byStatus.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}×${n}`);
    console.log(
      `fuzz seed=${SEED} routes=${routes.length}: ${sent} requests; by status ${statuses.join(', ')}; of the 501s, ${unbuilt501} were valid requests to unbuilt routes; slowest #${slowest.index} took ${slowest.ms} ms`,
    );
    expect(sent).toBe(routes.reduce((total, route) => total + focusesOf(route).length + PER_ROUTE, 0));
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('answers 401 in the problem shape on every route that needs a key, when none is sent', async () => {
    for (const route of routes.filter((candidate) => candidate.auth !== false)) {
      const path = route.path.replace(/\{\w+\}/g, 'some-id');
      const res = await svc.app.inject({ method: route.method, path, body: route.body ? {} : undefined });
      expect(res.statusCode, route.operationId).toBe(401);
      expect(res.json, route.operationId).toMatchObject({
        status: 401,
        title: 'Unauthorized',
        requestId: res.headers?.['x-request-id'],
      });
    }
  });

  it('answers 4xx for a field nested 2000 levels deep', async () => {
    const body = JSON.stringify({ elementDescription: nested(2000, 'array') });
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions/s/windows/w/click',
      headers: svc.auth,
      body,
    });
    expect(res.statusCode).toBe(422);
  });

  it.each(['constructor', '__proto__', 'toString'])('answers the query key %s without throwing', async (key) => {
    const res = await svc.app.inject({ method: 'GET', path: `/v1/sessions?${key}=1`, headers: svc.auth });
    expect(res.statusCode).toBe(200);
  });

  it('answers 4xx, not 500, for a field nested 5000 levels deep', async () => {
    const body = `{"elementDescription":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions/s/windows/w/click',
      headers: svc.auth,
      body,
    });
    expect(res.statusCode).toBe(422);
  });

  it('answers 4xx, not 500, for a body nested 5000 levels deep at its root', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions',
      headers: svc.auth,
      body: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    });
    expect(res.statusCode).toBe(422);
  });
});
