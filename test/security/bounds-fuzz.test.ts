/**
 * Every field of every route of the route table at its edges: strings at the schema's maximum length and one past
 * it, numbers at 0, -1, the schema's min and max, max+1, 2^31 and 2^53−1 (query values the same, as text). Each
 * request is otherwise valid and names a real running session, window, file and automation, so the handlers do
 * their real work with those values (a `timeThresholdSeconds` of 2^53−1 ran into a timer overflow). The answer
 * must be a 2xx or a 4xx in the problem shape (422 naming the field when the value is out of bounds), never a 5xx,
 * and come within a bound, never hang. Reproduce with BOUNDS_SEED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../../functions/api/route.js';
import { routes } from '../../functions/api/routes.js';
import { createRouter } from '../../functions/http/router.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { breaches } from '../fuzz/check.js';
import { predict } from '../fuzz/predict.js';
import { createRng } from '../fuzz/prng.js';
import { fieldsOf } from '../fuzz/schema-walk.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { setAt } from '../fuzz/generate.js';
import { boundaryValues, getAt, pathOf, QUERY_EDGES, requestFor, schemaAt, type Ids } from './route-requests.js';

const SEED = Number(process.env.BOUNDS_SEED ?? 0xb0d5);
/** Past any answer here on an idle machine (monitor's default wait is 30 s); a request still open then has hung. */
const BOUND_MS = Number(process.env.BOUNDS_BOUND_MS ?? 90_000);
const CONCURRENCY = 4;
/** Operations whose own fields are not under test get a short budget, so real work stays short. */
const SHORT_BUDGET = 5;

let svc: TestService;
let fixtures: FixtureServer;
let ids: Ids;

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1, hostCapacity: 4 }), startFixtureServer()]);
  const sessionId = (await createRunningSession(svc)).id;
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${fixtures.url}/forms/contact.html` },
  });
  const learnt = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows/${window.json.data.windowId}/create-form-filler`,
    headers: svc.auth,
    body: {},
  });
  const file = await svc.app.inject({
    method: 'POST',
    path: '/v1/files',
    headers: svc.auth,
    body: { fileName: 'bounds.txt' },
  });
  await fetch(file.json.data.uploadUrl, {
    method: 'PUT',
    body: 'bounds',
    headers: { 'content-type': 'application/octet-stream' },
  });
  ids = {
    sessionId,
    windowId: window.json.data.windowId,
    id: file.json.data.id,
    automationId: JSON.parse(learnt.json.data.modelResponse).automationId,
    requestId: '01a20000-0000-7000-8000-000000000000',
    profileName: 'bounds-profile',
  };
}, 180_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

interface Case {
  route: Route;
  what: string;
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

/** Routes that end what the others use get ids of their own (absent ones): the sweep must not end its own session. */
const ENDS_SHARED = new Set(['terminateSession', 'closeWindow', 'deleteFile', 'deleteAutomation', 'deleteProfiles']);

function* cases(): Generator<Case> {
  const rng = createRng(SEED);
  for (const route of routes) {
    const own = ENDS_SHARED.has(route.operationId)
      ? {
          ...ids,
          sessionId: 'absent-session',
          windowId: 'absent-window',
          id: 'absent-file',
          automationId: 'absent-automation',
        }
      : ids;
    const base = requestFor(route, own, rng, fixtures.url);
    const baseBody = (base.body ?? undefined) as Record<string, unknown> | undefined;
    if (route.body) {
      for (const field of fieldsOf(route.body)) {
        const schema = schemaAt(route.body, field.path);
        if (!schema) continue;
        for (const value of boundaryValues(schema, getAt(baseBody, field.path))) {
          const body = structuredClone(baseBody ?? {});
          setAt(body, field.path, value);
          const name = field.path.join('.');
          if (
            name !== 'timeThresholdSeconds' &&
            'timeThresholdSeconds' in (route.body as unknown as { shape: object }).shape
          )
            body.timeThresholdSeconds = SHORT_BUDGET;
          yield { route, what: `body.${name} = ${shown(value)}`, method: route.method, path: base.path, body };
        }
      }
    }
    if (route.query) {
      for (const field of fieldsOf(route.query).filter((candidate) => candidate.path.length === 1)) {
        for (const value of QUERY_EDGES) {
          yield {
            route,
            what: `query.${field.path[0]} = ${shown(value)}`,
            method: route.method,
            path: `${pathOf(route, own)}?${field.path[0]}=${encodeURIComponent(value)}`,
            body: baseBody,
          };
        }
      }
    }
  }
}

const shown = (value: unknown): string =>
  typeof value === 'string' ? `"${value.slice(0, 12)}…" (${value.length} chars)` : String(value);

describe('every field of every route at its bounds', () => {
  it('never answers 5xx and never hangs', async () => {
    const match = createRouter(routes);
    const source = cases();
    const failures: string[] = [];
    const touched = new Set<string>();
    const byStatus = new Map<number, number>();
    let sent = 0;
    let hangs = 0;
    const created: string[] = [];

    const worker = async () => {
      for (let next = source.next(); !next.done; next = source.next()) {
        const job = next.value;
        touched.add(job.route.operationId);
        const bodyText = job.body === undefined ? undefined : JSON.stringify(job.body);
        const request = {
          method: job.method,
          path: job.path,
          headers: { ...svc.auth, 'content-type': 'application/json' },
          body: bodyText,
          notes: [],
        };
        const prediction = predict(request, match, svc.key, svc.deps.config.maxBodyBytes);
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), BOUND_MS)));
        const answer = await Promise.race([svc.app.inject(request), hang]).finally(() => clearTimeout(timer));
        sent += 1;
        if (answer === 'hang') {
          hangs += 1;
          failures.push(`${job.method} ${job.route.path} ${job.what}: no answer within ${BOUND_MS / 1000} s`);
          continue;
        }
        byStatus.set(answer.statusCode, (byStatus.get(answer.statusCode) ?? 0) + 1);
        // Sessions the sweep started are ended at once: the host has room for a few only.
        if (job.route.operationId === 'createSession' && answer.json?.data?.id) {
          created.push(answer.json.data.id);
          await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${answer.json.data.id}`, headers: svc.auth });
        }
        const broken = breaches(answer, prediction);
        // A threshold longer than this whole sweep cannot have run out (a timer that overflowed fired at once).
        const threshold = job.body?.timeThresholdSeconds;
        const stopped = (answer.json?.errors ?? []).some(
          (issue: { code?: string }) => issue.code === 'time_threshold_exceeded',
        );
        if (stopped && typeof threshold === 'number' && threshold * 1000 > BOUND_MS * 10)
          broken.push(`stopped by its time threshold of ${threshold} s at once`);
        if (broken.length > 0)
          failures.push(
            `${job.method} ${job.route.path} ${job.what}: ${broken.join('; ')} (${answer.json?.code ?? ''} ${String(answer.json?.detail ?? '').slice(0, 160)})`,
          );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const fiveXx = [...byStatus].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `bounds fuzz: ${routes.length} routes (${touched.size} with fields), ${sent} requests, ${fiveXx} 5xx, ${hangs} hangs; statuses ${JSON.stringify(Object.fromEntries(byStatus))}`,
    );
    expect(failures).toEqual([]);
    expect(touched.size).toBeGreaterThan(20);
  }, 1_800_000);
});
