/**
 * What the records contract suites share: the adapters each runs against (MemoryRecords, and DynamoRecords on an
 * embedded dynalite), a clock the tests move by hand, and a fresh partition for every test, so that stores sharing
 * one table never see each other's items. Each suite file starts its own adapters (vitest runs each file in a
 * process of its own).
 */
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { DynamoRecords } from '../../functions/adapters/aws/dynamo-records.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import type { Clock } from '../../functions/ports/clock.js';
import type { QueryOptions, RecordItem, Records } from '../../functions/ports/records.js';
import { withEmbeddedAws } from './embedded.js';

class FakeClock implements Clock {
  constructor(private ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

const START = Date.UTC(2030, 0, 1);
export const START_SECONDS = START / 1000;

interface Harness {
  /** A store reading time from `clock`. Stores from one harness may share data, so tests use their own partitions. */
  records(clock: Clock): Records;
  stop(): Promise<void>;
}

const adapters: { name: string; start(): Promise<Harness> }[] = [
  {
    name: 'MemoryRecords',
    start: async () => ({ records: (clock) => new MemoryRecords(clock), stop: async () => undefined }),
  },
  {
    name: 'DynamoRecords on dynalite',
    start: async () => {
      const aws = await withEmbeddedAws();
      return { records: (clock) => new DynamoRecords(aws.clients.dynamo, aws.tableName, clock), stop: aws.stop };
    },
  },
];

/** Every page of a query, following cursors until none is left. */
export const allPages = async (records: Records, pk: string, options: QueryOptions) => {
  const pages: RecordItem[][] = [];
  let cursor: string | undefined;
  do {
    const page = await records.query(pk, { ...options, cursor });
    pages.push(page.items);
    cursor = page.cursor;
  } while (cursor && pages.length < 100);
  return pages;
};

export const sks = (items: RecordItem[]) => items.map((item) => item.sk);
export const pad = (n: number) => String(n).padStart(2, '0');

// This test's clock, store and partition: live bindings the importing suites read, set before each test.
export let clock: FakeClock;
export let records: Records;
export let pk: string;

/** Puts every item into this test's partition. */
export const putAll = (items: Omit<RecordItem, 'pk'>[]) =>
  Promise.all(items.map((item) => records.put({ pk, ...item } as RecordItem)));

/**
 * The suite's tests, once for every adapter: each adapter starts before them and stops after them, and before each
 * test `clock` is set to START, `records` reads time from it, and `pk` is a partition no other test used.
 */
export const describeRecordsContract = (define: () => void) =>
  describe.each(adapters)('records contract: $name', (adapter) => {
    let harness: Harness;
    let partitions = 0;
    beforeAll(async () => {
      harness = await adapter.start();
    });
    afterAll(async () => {
      await harness?.stop();
    });
    beforeEach(() => {
      clock = new FakeClock(START);
      records = harness.records(clock);
      pk = `org#${++partitions}`;
    });
    define();
  });
