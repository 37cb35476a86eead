/**
 * The per-org cap on live sessions, over the in-memory records: refusals write nothing and start no browser, orgs
 * count apart, an ended or failed session frees its slot, and creates racing for the last slot do not both get it.
 */
import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../functions/adapters/local/memory-event-bus.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { createSession } from '../../functions/core/sessions/create.js';
import type { SessionDeps } from '../../functions/core/sessions/deps.js';
import { storedEvents } from '../../functions/core/sessions/events.js';
import { liveSessionIds, orgSessionCap, type OrgSessionCap } from '../../functions/core/sessions/org-cap.js';
import { listSessions } from '../../functions/core/sessions/queries.js';
import { terminateSession } from '../../functions/core/sessions/terminate.js';
import { TooManyRequestsError } from '../../functions/core/shared/errors.js';
import type { BrowserFleet, StartBrowserRequest } from '../../functions/ports/browser.js';
import { systemClock } from '../../functions/ports/clock.js';
import type { QueryOptions, RecordItem } from '../../functions/ports/records.js';

/** A fleet whose browsers start at once (or fail to, while `fail` says so), recording each start. */
const instantFleet = (fail: () => boolean = () => false) => {
  const started: StartBrowserRequest[] = [];
  const fleet: BrowserFleet = {
    start: async (request) => {
      started.push(request);
      if (fail()) throw new Error('chromium would not launch');
      return { hostId: 'h1' };
    },
    stop: async () => ({}),
    touch: () => undefined,
    open: async () => {
      throw new Error('no browser in this test');
    },
    onEnded: () => undefined,
    putFile: async () => {
      throw new Error('no files in this test');
    },
    sessionFile: async () => undefined,
    onDownload: () => undefined,
  };
  return { fleet, started };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Records whose reads take a round trip. `seen: 'asked'`: a read answers what the store held when it was asked, so
 * creates racing in one process all read before any of them writes. `seen: 'answered'`: what it holds when the
 * answer comes, so a later create reads the records of earlier ones that still hold their reservations.
 */
const slowReads = (seen: 'asked' | 'answered', records = new MemoryRecords()): MemoryRecords => {
  const query = records.query.bind(records);
  records.query = async <T extends RecordItem>(pk: string, options?: QueryOptions) => {
    if (seen === 'answered') return pause(30).then(() => query<T>(pk, options));
    const page = await query<T>(pk, options);
    await pause(30);
    return page;
  };
  return records;
};

const depsWith = (
  cap: OrgSessionCap,
  fleet: BrowserFleet,
  records = new MemoryRecords(),
): SessionDeps & { sessionCap: OrgSessionCap } => ({
  records,
  clock: systemClock,
  fleet,
  bus: new MemoryEventBus(),
  sessionCap: cap,
});

const create = (deps: SessionDeps & { sessionCap: OrgSessionCap }, orgId: string) =>
  createSession(deps, orgId, {}, { readyWaitMs: 1000 });

const sessionIds = async (deps: SessionDeps, orgId: string) =>
  (await listSessions(deps.records, orgId, { limit: 100 })).items.map((s) => s.id);

describe('orgSessionCap', () => {
  it('names the reservations held before each one, per org; a release called again frees nothing more', () => {
    const cap = orgSessionCap(2, 'MAX_SESSIONS_PER_ORG');
    const first = cap.reserve('a', 's1');
    expect(first.ahead).toEqual([]);
    expect(cap.reserve('a', 's2').ahead).toEqual(['s1']);
    expect(cap.reserve('b', 's3').ahead).toEqual([]);
    first.release();
    first.release();
    expect(cap.pending('a')).toBe(1);
    expect(cap.reserve('a', 's4').ahead).toEqual(['s2']);
  });
});

describe('the per-org cap on live sessions', () => {
  it('refuses a create at the cap with too_many_requests naming the limit and the setting, writing nothing', async () => {
    const { fleet, started } = instantFleet();
    const deps = depsWith(orgSessionCap(2, 'MAX_SESSIONS_PER_ORG'), fleet);
    await create(deps, 'org-a');
    await create(deps, 'org-a');
    const before = await sessionIds(deps, 'org-a');

    const refused = await create(deps, 'org-a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({
      code: 'too_many_requests',
      message: expect.stringMatching(/limit of 2 live sessions \(MAX_SESSIONS_PER_ORG\); terminate one/),
    });
    expect(await sessionIds(deps, 'org-a')).toEqual(before);
    expect(started).toHaveLength(2);
    expect(deps.sessionCap.pending('org-a')).toBe(0);
  });

  it('lets another org create while one is at its cap', async () => {
    const { fleet } = instantFleet();
    const deps = depsWith(orgSessionCap(1, 'MAX_SESSIONS_PER_ORG'), fleet);
    await create(deps, 'org-a');
    await expect(create(deps, 'org-a')).rejects.toBeInstanceOf(TooManyRequestsError);
    const { session } = await create(deps, 'org-b');
    expect(session).toMatchObject({ orgId: 'org-b', status: 'running' });
  });

  it('frees a slot when a session is terminated or its browser fails to start', async () => {
    let failStarts = false;
    const { fleet } = instantFleet(() => failStarts);
    const deps = depsWith(orgSessionCap(1, 'MAX_SESSIONS_PER_ORG'), fleet);
    const { session } = await create(deps, 'org-a');
    await expect(create(deps, 'org-a')).rejects.toBeInstanceOf(TooManyRequestsError);
    await terminateSession(deps, 'org-a', session.id);

    // A session in `error` is as final as an ended one: it holds no browser and no slot.
    failStarts = true;
    expect((await create(deps, 'org-a')).session.status).toBe('error');
    failStarts = false;
    expect(await liveSessionIds(deps.records, 'org-a', 10)).toEqual([]);
    expect((await create(deps, 'org-a')).session.status).toBe('running');
  });

  it('lets only as many racing creates through as the org has slots', async () => {
    const { fleet, started } = instantFleet();
    const deps = depsWith(orgSessionCap(3, 'MAX_SESSIONS_PER_ORG'), fleet, slowReads('asked'));
    await create(deps, 'org-a');

    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => create(deps, 'org-a')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(TooManyRequestsError);
    expect(await liveSessionIds(deps.records, 'org-a', 10)).toHaveLength(3);
    expect(started).toHaveLength(3);
    expect(deps.sessionCap.pending('org-a')).toBe(0);
  });

  it('counts a racing create once when its record is written while a later one reads', async () => {
    const { fleet } = instantFleet();
    const deps = depsWith(orgSessionCap(3, 'MAX_SESSIONS_PER_ORG'), fleet, slowReads('answered'));
    const outcomes = await Promise.allSettled(Array.from({ length: 3 }, () => create(deps, 'org-a')));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    await expect(create(deps, 'org-a')).rejects.toBeInstanceOf(TooManyRequestsError);
  });

  it('gives the slot back when the record cannot be written', async () => {
    const { fleet } = instantFleet();
    const records = new MemoryRecords();
    const put = records.put.bind(records);
    let failNext = true;
    records.put = async (...args: Parameters<typeof put>) => {
      if (failNext && args[0].pk.endsWith('#SESSIONS')) {
        failNext = false;
        throw new Error('the store is unavailable');
      }
      return put(...args);
    };
    const deps = depsWith(orgSessionCap(1, 'MAX_SESSIONS_PER_ORG'), fleet, records);
    await expect(create(deps, 'org-a')).rejects.toThrow('the store is unavailable');
    expect(deps.sessionCap.pending('org-a')).toBe(0);
    const { session } = await create(deps, 'org-a');
    expect((await storedEvents(deps.records, 'org-a', session.id)).map((e) => e.status)).toContain('running');
  });
});
