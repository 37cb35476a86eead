/**
 * An events stream's replay is read a page at a time, with an org's replay reads taking turns, and a client that
 * falls too far behind the live events is told to resume instead of being queued for without end.
 */
import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../functions/adapters/local/memory-event-bus.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import type { SessionDeps } from '../../functions/core/sessions/deps.js';
import { appendEvent } from '../../functions/core/sessions/events.js';
import type { SessionItem } from '../../functions/core/sessions/model.js';
import { REPLAY_PAGE_SIZE } from '../../functions/core/sessions/replay.js';
import {
  MAX_WAITING_LIVE_EVENTS,
  StreamBehindError,
  watchSession,
  type StreamedEvent,
} from '../../functions/core/sessions/watch.js';
import { recordKeys } from '../../functions/core/shared/record-keys.js';
import { keyedTurns } from '../../functions/core/shared/turns.js';
import type { QueryOptions, QueryPage, RecordItem } from '../../functions/ports/records.js';
import { systemClock } from '../../functions/ports/clock.js';

/** The in-memory store, noting each query's page size and how many run at once. */
class WatchedRecords extends MemoryRecords {
  limits: (number | undefined)[] = [];
  running = 0;
  mostAtOnce = 0;
  override async query<T extends RecordItem = RecordItem>(pk: string, options?: QueryOptions): Promise<QueryPage<T>> {
    this.limits.push(options?.limit);
    this.running += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return await super.query<T>(pk, options);
    } finally {
      this.running -= 1;
    }
  }
}

const sessionOf = async (deps: SessionDeps, orgId: string, id: string, status: SessionItem['status']) => {
  const now = new Date().toISOString();
  const session = {
    ...recordKeys.session(orgId, id),
    id,
    orgId,
    status,
    configuration: { timeoutMinutes: 10 },
    createdAt: now,
    lastActivity: now,
  } as SessionItem;
  await deps.records.put(session);
  return session;
};

const setUp = () => {
  const records = new WatchedRecords();
  const deps = { records, clock: systemClock, bus: new MemoryEventBus(), fleet: {} } as unknown as SessionDeps;
  return { records, deps };
};

const appendMany = async (deps: SessionDeps, orgId: string, sessionId: string, count: number) => {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await appendEvent(deps, orgId, sessionId, { event: 'window_event', n: i })).eventId);
  return ids;
};

const collect = async (source: AsyncIterable<StreamedEvent>) => {
  const events: StreamedEvent[] = [];
  for await (const event of source) events.push(event);
  return events;
};

describe('replay', () => {
  it('delivers 2,000 stored events complete and in order, through pages of a bounded size', async () => {
    const { records, deps } = setUp();
    const session = await sessionOf(deps, 'org-a', 's1', 'ended');
    const ids = await appendMany(deps, 'org-a', 's1', 2_000);
    records.limits = [];

    const events = await collect(watchSession(deps, session, { all: true, signal: new AbortController().signal }));

    expect(events.slice(0, -1).map((event) => event.eventId)).toEqual(ids);
    expect(events.slice(0, -1).map((event) => event.n)).toEqual([...Array(2_000).keys()]);
    expect(events.at(-1)).toMatchObject({ event: 'status', status: 'ended' });
    expect(events.at(-1)?.eventId).toBeUndefined();
    expect(records.limits.length).toBeGreaterThanOrEqual(2_000 / REPLAY_PAGE_SIZE);
    expect(records.limits.every((limit) => limit === REPLAY_PAGE_SIZE)).toBe(true);
  });

  it('resumes after lastEventId, across a page boundary', async () => {
    const { deps } = setUp();
    const session = await sessionOf(deps, 'org-a', 's1', 'ended');
    const ids = await appendMany(deps, 'org-a', 's1', 250);

    const events = await collect(
      watchSession(deps, session, { lastEventId: ids[149], signal: new AbortController().signal }),
    );

    expect(events.slice(0, -1).map((event) => event.eventId)).toEqual(ids.slice(150));
  });

  it('reads the next page only once the consumer has taken the last one', async () => {
    const { records, deps } = setUp();
    const session = await sessionOf(deps, 'org-a', 's1', 'ended');
    await appendMany(deps, 'org-a', 's1', 1_000);
    records.limits = [];

    const watch = watchSession(deps, session, { all: true, signal: new AbortController().signal });
    for (let i = 0; i < REPLAY_PAGE_SIZE; i += 1) await watch.next();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(records.limits.length).toBe(1);
    await watch.return(undefined);
  });

  it("runs at most two of an org's replay reads at once", async () => {
    const { records, deps } = setUp();
    const sessions = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => sessionOf(deps, 'org-a', `s${n}`, 'ended')));
    for (const session of sessions) await appendMany(deps, 'org-a', session.id, 300);
    records.mostAtOnce = 0;

    const all = sessions.map((session) =>
      collect(watchSession(deps, session, { all: true, signal: new AbortController().signal })),
    );
    const replayed = await Promise.all(all);

    expect(replayed.map((events) => events.length)).toEqual(sessions.map(() => 301));
    // Each stream's final status read is a get, not a query: the queries seen are the replays' own.
    expect(records.mostAtOnce).toBeLessThanOrEqual(2);
  });
});

describe('keyed turns', () => {
  const later = () => {
    let release: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { promise, release };
  };

  it('queues a key past its limit first come first served, without holding up another key', async () => {
    const take = keyedTurns(1);
    const order: string[] = [];
    const first = later();
    const a1 = take('a', async () => {
      order.push('a1');
      await first.promise;
    });
    const a2 = take('a', async () => void order.push('a2'));
    const a3 = take('a', async () => void order.push('a3'));
    await take('b', async () => void order.push('b1'));
    expect(order).toEqual(['a1', 'b1']);
    first.release();
    await Promise.all([a1, a2, a3]);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('drops a waiter whose signal aborts, and gives the slot to the next', async () => {
    const take = keyedTurns(1);
    const first = later();
    const running = take('a', () => first.promise);
    const gone = new AbortController();
    const abandoned = take('a', async () => 'never', gone.signal);
    const next = take('a', async () => 'next');
    gone.abort(new Error('client gone'));
    await expect(abandoned).rejects.toThrow('client gone');
    first.release();
    await running;
    expect(await next).toBe('next');
  });
});

describe('live events a client does not take', () => {
  it(`ends the watch with StreamBehindError past ${MAX_WAITING_LIVE_EVENTS} waiting events`, async () => {
    const { deps } = setUp();
    const session = await sessionOf(deps, 'org-a', 's1', 'running');
    const watch = watchSession(deps, session, { signal: new AbortController().signal });
    expect((await watch.next()).value).toMatchObject({ event: 'status', status: 'running' });

    const pulled = watch.next();
    await appendEvent(deps, 'org-a', 's1', { event: 'window_event', n: 0 });
    const first = (await pulled).value as StreamedEvent;
    // The client stops taking events while the session keeps publishing them.
    for (let i = 1; i <= MAX_WAITING_LIVE_EVENTS + 1; i += 1)
      deps.bus.publish('org-a/s1', { event: 'window_event', eventId: first.eventId! + i, eventTime: '', n: i });

    const error = await watch.next().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StreamBehindError);
    expect((error as StreamBehindError).code).toBe('stream_behind');
    expect((error as Error).message).toContain(`lastEventId=${first.eventId}`);
  });
});
