/** The event bus of processes that share only the records store: subscribers poll the stored events. */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { appendEvent, sessionChannel } from '../../functions/core/sessions/events.js';
import { PollingEventBus } from '../../functions/core/sessions/polling-bus.js';
import type { SessionEventRecord } from '../../functions/ports/event-bus.js';
import type { QueryOptions, QueryPage, RecordItem } from '../../functions/ports/records.js';
import { systemClock } from '../../functions/ports/clock.js';

const INTERVAL_MS = 20;
const ORG = 'org-1';
const SESSION = 'session-1';
const CHANNEL = sessionChannel(ORG, SESSION);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The in-memory store, counting the reads a subscriber's polling makes. */
class CountingRecords extends MemoryRecords {
  queries = 0;
  override query<T extends RecordItem = RecordItem>(pk: string, options?: QueryOptions): Promise<QueryPage<T>> {
    this.queries += 1;
    return super.query<T>(pk, options);
  }
}

const unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

/** Another process (a browser host) writing the session's events, with a bus of its own. */
const writer = (records: MemoryRecords) => {
  const deps = { records, clock: systemClock, bus: new PollingEventBus(records, INTERVAL_MS) };
  return (status: string) => appendEvent(deps, ORG, SESSION, { event: 'status', id: SESSION, status });
};

const subscribe = (bus: PollingEventBus) => {
  const received: SessionEventRecord[] = [];
  const unsubscribe = bus.subscribe(CHANNEL, (event) => received.push(event));
  unsubscribes.push(unsubscribe);
  return { received, unsubscribe };
};

const waitFor = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(5);
};

describe('PollingEventBus', () => {
  it('delivers events another process stored after the subscription, in order, within a few intervals', async () => {
    const records = new MemoryRecords();
    const write = writer(records);
    await write('initializing');
    await sleep(5);
    const { received } = subscribe(new PollingEventBus(records, INTERVAL_MS));

    await sleep(5);
    const written = Date.now();
    await write('running');
    await write('ended');
    await waitFor(() => received.length >= 2, 100 * INTERVAL_MS);

    // A few intervals, with slack for a busy machine: far sooner than any other path would deliver them.
    expect(Date.now() - written).toBeLessThan(40 * INTERVAL_MS);
    expect(received.map((event) => event.status)).toEqual(['running', 'ended']);
    // Nothing further arrives: each stored event is delivered once.
    await sleep(3 * INTERVAL_MS);
    expect(received.map((event) => event.status)).toEqual(['running', 'ended']);
  });

  it('stops reading the store once unsubscribed', async () => {
    const records = new CountingRecords();
    const { unsubscribe, received } = subscribe(new PollingEventBus(records, INTERVAL_MS));
    await sleep(3 * INTERVAL_MS);
    expect(records.queries).toBeGreaterThan(0);

    unsubscribe();
    const readsAtUnsubscribe = records.queries;
    await writer(records)('running');
    await sleep(4 * INTERVAL_MS);
    expect(records.queries).toBe(readsAtUnsubscribe);
    expect(received).toEqual([]);
  });

  it('hands an event published in this process to its subscribers at once', () => {
    const bus = new PollingEventBus(new MemoryRecords(), INTERVAL_MS);
    const { received } = subscribe(bus);
    const other = bus.subscribe(sessionChannel(ORG, 'another-session'), () => {
      throw new Error('an event of another session was delivered');
    });
    unsubscribes.push(other);

    const event = { eventId: 1, event: 'status', eventTime: new Date().toISOString(), status: 'running' };
    bus.publish(CHANNEL, event);

    expect(received).toEqual([event]);
  });
});
