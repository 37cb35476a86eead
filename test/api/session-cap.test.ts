/**
 * The cap on an org's live sessions (MAX_SESSIONS_PER_ORG) through the API, over the embedded DynamoDB: one more
 * create answers 429 naming the limit and leaves nothing behind, other orgs are not held back, a terminated session
 * frees its slot, and creates racing for the last slots do not overshoot. The browsers are a stand-in fleet that
 * starts them at once, so no Chromium runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserFleet, StartBrowserRequest } from '../../functions/ports/browser.js';
import { startTestService, type TestService } from '../support/service.js';

const LIMIT = 2;

/** Browsers that start at once, each start recorded; no process behind them. */
const standInFleet = () => {
  const started: StartBrowserRequest[] = [];
  const fleet: BrowserFleet = {
    start: async (request) => {
      started.push(request);
      return { hostId: 'stand-in' };
    },
    stop: async () => ({}),
    touch: () => undefined,
    open: async () => {
      throw new Error('no browser behind the stand-in fleet');
    },
    onEnded: () => undefined,
    putFile: async () => {
      throw new Error('no files behind the stand-in fleet');
    },
    sessionFile: async () => undefined,
    onDownload: () => undefined,
  };
  return { fleet, started };
};

let svc: TestService;
const browsers = standInFleet();
beforeAll(async () => {
  svc = await startTestService({ maxSessionsPerOrg: LIMIT });
  // Handlers read their deps per request, so sessions from here on start on the stand-in fleet.
  svc.deps.fleet = browsers.fleet;
});
afterAll(async () => {
  await svc?.stop();
});

type Auth = { authorization: string };
const create = (auth: Auth) => svc.app.inject({ method: 'POST', path: '/v1/sessions', headers: auth, body: {} });
const terminate = (auth: Auth, id: string) =>
  svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${id}`, headers: auth });
const listed = async (auth: Auth) => {
  const res = await svc.app.inject({ method: 'GET', path: '/v1/sessions?status=all&limit=100', headers: auth });
  expect(res.statusCode).toBe(200);
  return (res.json.data.sessions ?? []).map((s: { id: string }) => s.id) as string[];
};
const startsOf = (orgId: string) => browsers.started.filter((request) => request.orgId === orgId).length;

/** An org of its own with LIMIT running sessions. */
const orgAtItsCap = async (name: string) => {
  const org = await svc.newOrg(name);
  const ids: string[] = [];
  for (let i = 0; i < LIMIT; i += 1) {
    const res = await create(org.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json.data.status).toBe('running');
    ids.push(res.json.data.id);
  }
  return { ...org, ids };
};

describe('live sessions per org', () => {
  it('answers 429 naming the limit, the setting and the way out, and creates nothing', async () => {
    const org = await orgAtItsCap('capped');
    const before = await listed(org.auth);

    const refused = await create(org.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers?.['content-type']).toBe('application/problem+json');
    expect(refused.json).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      detail: `this org has reached its limit of ${LIMIT} live sessions (MAX_SESSIONS_PER_ORG); terminate one (DELETE /v1/sessions/{sessionId}) before starting another`,
    });
    expect(await listed(org.auth)).toEqual(before);
    expect(startsOf(org.orgId)).toBe(LIMIT);
    expect(svc.host.stats().live).toBe(0);
  });

  it('lets another org create while one is at its cap', async () => {
    const capped = await orgAtItsCap('capped-beside');
    expect((await create(capped.auth)).statusCode).toBe(429);
    const other = await svc.newOrg('beside-the-capped');
    const res = await create(other.auth);
    expect(res.statusCode).toBe(201);
    expect(res.json.data.status).toBe('running');
  });

  it('lets the org create again once it terminates a session', async () => {
    const org = await orgAtItsCap('terminating');
    expect((await create(org.auth)).statusCode).toBe(429);
    expect((await terminate(org.auth, org.ids[0])).statusCode).toBe(200);
    const again = await create(org.auth);
    expect(again.statusCode).toBe(201);
    expect((await create(org.auth)).statusCode).toBe(429);
  });

  it('lets only as many racing creates through as the org has slots', async () => {
    const org = await svc.newOrg('racing');
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(org.auth)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 429, 429, 429]);
    expect(await listed(org.auth)).toHaveLength(LIMIT);
    expect(startsOf(org.orgId)).toBe(LIMIT);
    expect(svc.deps.sessionCap.pending(org.orgId)).toBe(0);
  });
});
