/**
 * The records port's contract, run against every adapter: what passes against MemoryRecords must hold on DynamoDB.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAwsClients } from '../../functions/adapters/aws/clients.js';
import { DynamoRecords } from '../../functions/adapters/aws/dynamo-records.js';
import { ensureBucket, ensureTable } from '../../functions/adapters/aws/provision.js';
import { S3Blobs } from '../../functions/adapters/aws/s3-blobs.js';
import { startEmbeddedAws } from '../../functions/adapters/local/embedded-aws.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import type { Clock } from '../../functions/ports/clock.js';
import {
  ConditionFailedError,
  type QueryOptions,
  type RecordItem,
  type Records,
} from '../../functions/ports/records.js';
import { withEmbeddedAws } from '../support/embedded.js';

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
const START_SECONDS = START / 1000;

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
const allPages = async (records: Records, pk: string, options: QueryOptions) => {
  const pages: RecordItem[][] = [];
  let cursor: string | undefined;
  do {
    const page = await records.query(pk, { ...options, cursor });
    pages.push(page.items);
    cursor = page.cursor;
  } while (cursor && pages.length < 100);
  return pages;
};

const sks = (items: RecordItem[]) => items.map((item) => item.sk);
const pad = (n: number) => String(n).padStart(2, '0');

describe.each(adapters)('records contract: $name', (adapter) => {
  let harness: Harness;
  let clock: FakeClock;
  let records: Records;
  let pk: string;
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

  const putAll = (items: Omit<RecordItem, 'pk'>[]) =>
    Promise.all(items.map((item) => records.put({ pk, ...item } as RecordItem)));

  describe('get and put', () => {
    it('returns undefined for a key never written', async () => {
      expect(await records.get({ pk, sk: 'missing' })).toBeUndefined();
    });

    it('returns a put item with all its attributes', async () => {
      const item = {
        pk,
        sk: 'a',
        name: 'Ada',
        count: 3,
        active: false,
        tags: ['x', 'y'],
        nested: { deep: { n: 1.5 } },
      };
      await records.put(item);
      expect(await records.get({ pk, sk: 'a' })).toEqual(item);
    });

    it('drops attributes that are undefined', async () => {
      await records.put({ pk, sk: 'a', gone: undefined, kept: 1 });
      const stored = await records.get({ pk, sk: 'a' });
      expect(stored).toEqual({ pk, sk: 'a', kept: 1 });
      expect(stored).not.toHaveProperty('gone');
    });

    it('keeps stored items safe from changes to the objects passed in or handed out', async () => {
      const item = { pk, sk: 'a', nested: { n: 1 } };
      await records.put(item);
      item.nested.n = 2;
      const read = await records.get<RecordItem & { nested: { n: number } }>({ pk, sk: 'a' });
      read!.nested.n = 3;
      expect(await records.get({ pk, sk: 'a' })).toEqual({ pk, sk: 'a', nested: { n: 1 } });
    });

    it('replaces the whole item on a plain put', async () => {
      await records.put({ pk, sk: 'a', first: 1 });
      await records.put({ pk, sk: 'a', second: 2 });
      expect(await records.get({ pk, sk: 'a' })).toEqual({ pk, sk: 'a', second: 2 });
    });
  });

  describe('conditional put', () => {
    it('stores a new item with ifAbsent', async () => {
      await records.put({ pk, sk: 'a', v: 1 }, { ifAbsent: true });
      expect(await records.get({ pk, sk: 'a' })).toEqual({ pk, sk: 'a', v: 1 });
    });

    it('refuses a second put of the same key with ifAbsent', async () => {
      await records.put({ pk, sk: 'a', v: 1 }, { ifAbsent: true });
      await expect(records.put({ pk, sk: 'a', v: 2 }, { ifAbsent: true })).rejects.toBeInstanceOf(ConditionFailedError);
      expect(await records.get({ pk, sk: 'a' })).toEqual({ pk, sk: 'a', v: 1 });
    });

    it('lets ifAbsent replace an item that has expired', async () => {
      await records.put({ pk, sk: 'a', v: 1, expiresAt: START_SECONDS + 60 });
      clock.advance(60);
      await records.put({ pk, sk: 'a', v: 2 }, { ifAbsent: true });
      expect(await records.get({ pk, sk: 'a' })).toEqual({ pk, sk: 'a', v: 2 });
    });

    it('stores version + 1 on a put with the expected version', async () => {
      await records.put({ pk, sk: 'a', version: 1, v: 'old' });
      await records.put({ pk, sk: 'a', version: 1, v: 'new' }, { expectVersion: 1 });
      expect(await records.get({ pk, sk: 'a' })).toEqual({ pk, sk: 'a', version: 2, v: 'new' });
    });

    it('refuses a put whose expected version is not the stored one', async () => {
      await records.put({ pk, sk: 'a', version: 2, v: 'current' });
      await expect(records.put({ pk, sk: 'a', v: 'stale' }, { expectVersion: 1 })).rejects.toBeInstanceOf(
        ConditionFailedError,
      );
      expect(await records.get({ pk, sk: 'a' })).toEqual({ pk, sk: 'a', version: 2, v: 'current' });
    });

    it('refuses a versioned put when there is no item, or only an expired one', async () => {
      await expect(records.put({ pk, sk: 'none' }, { expectVersion: 0 })).rejects.toBeInstanceOf(ConditionFailedError);
      await records.put({ pk, sk: 'old', version: 1, expiresAt: START_SECONDS });
      await expect(records.put({ pk, sk: 'old' }, { expectVersion: 1 })).rejects.toBeInstanceOf(ConditionFailedError);
      expect(await records.get({ pk, sk: 'none' })).toBeUndefined();
    });
  });

  describe('expiry', () => {
    it('hides an item from get from the second its expiresAt is reached', async () => {
      await records.put({ pk, sk: 'a', expiresAt: START_SECONDS + 10 });
      clock.advance(9);
      expect(await records.get({ pk, sk: 'a' })).toBeDefined();
      clock.advance(1);
      expect(await records.get({ pk, sk: 'a' })).toBeUndefined();
    });

    it('hides expired items from query and count', async () => {
      await putAll([
        { sk: 'live', expiresAt: START_SECONDS + 100 },
        { sk: 'expired', expiresAt: START_SECONDS - 1 },
        { sk: 'forever' },
      ]);
      expect(sks((await records.query(pk)).items)).toEqual(['forever', 'live']);
      expect(await records.count(pk)).toBe(2);
    });
  });

  describe('update', () => {
    it('sets attributes and returns the whole new item', async () => {
      await records.put({ pk, sk: 'a', name: 'Ada', count: 1 });
      const updated = await records.update({ pk, sk: 'a' }, { count: 2, status: 'ready' });
      expect(updated).toEqual({ pk, sk: 'a', name: 'Ada', count: 2, status: 'ready' });
      expect(await records.get({ pk, sk: 'a' })).toEqual(updated);
    });

    it('removes an attribute given as undefined', async () => {
      await records.put({ pk, sk: 'a', name: 'Ada', note: 'temporary' });
      const updated = await records.update({ pk, sk: 'a' }, { note: undefined });
      expect(updated).toEqual({ pk, sk: 'a', name: 'Ada' });
      expect(await records.get({ pk, sk: 'a' })).not.toHaveProperty('note');
    });

    it('fails with ConditionFailedError on a missing item, without creating it', async () => {
      await expect(records.update({ pk, sk: 'missing' }, { name: 'x' })).rejects.toBeInstanceOf(ConditionFailedError);
      expect(await records.get({ pk, sk: 'missing' })).toBeUndefined();
    });

    it('fails with ConditionFailedError on an expired item', async () => {
      await records.put({ pk, sk: 'a', expiresAt: START_SECONDS + 5 });
      clock.advance(5);
      await expect(records.update({ pk, sk: 'a' }, { name: 'x' })).rejects.toBeInstanceOf(ConditionFailedError);
    });

    it('applies an update with the expected version and increments it', async () => {
      await records.put({ pk, sk: 'a', version: 3 });
      const updated = await records.update({ pk, sk: 'a' }, { state: 'b' }, { expectVersion: 3 });
      expect(updated).toEqual({ pk, sk: 'a', version: 4, state: 'b' });
    });

    it('refuses an update whose expected version is not the stored one', async () => {
      await records.put({ pk, sk: 'a', version: 3, state: 'a' });
      await expect(records.update({ pk, sk: 'a' }, { state: 'b' }, { expectVersion: 2 })).rejects.toBeInstanceOf(
        ConditionFailedError,
      );
      expect(await records.get({ pk, sk: 'a' })).toEqual({ pk, sk: 'a', version: 3, state: 'a' });
    });

    it('returns the item unchanged when given no changes, and still fails on a missing one', async () => {
      await records.put({ pk, sk: 'a', v: 1 });
      expect(await records.update({ pk, sk: 'a' }, {})).toEqual({ pk, sk: 'a', v: 1 });
      await expect(records.update({ pk, sk: 'missing' }, {})).rejects.toBeInstanceOf(ConditionFailedError);
    });
  });

  describe('delete', () => {
    it('removes an item so get, query and count no longer see it', async () => {
      await putAll([{ sk: 'a' }, { sk: 'b' }]);
      await records.delete({ pk, sk: 'a' });
      expect(await records.get({ pk, sk: 'a' })).toBeUndefined();
      expect(sks((await records.query(pk)).items)).toEqual(['b']);
      expect(await records.count(pk)).toBe(1);
    });

    it('accepts deleting a key that does not exist', async () => {
      await expect(records.delete({ pk, sk: 'never' })).resolves.toBeUndefined();
    });
  });

  describe('query', () => {
    it('returns only its partition, in ascending sort key order by default', async () => {
      await putAll([{ sk: 'c' }, { sk: 'a' }, { sk: 'b' }]);
      await records.put({ pk: `${pk}-other`, sk: 'a' });
      expect(sks((await records.query(pk)).items)).toEqual(['a', 'b', 'c']);
    });

    it('returns sort keys in descending order with ascending false', async () => {
      await putAll([{ sk: 'a' }, { sk: 'c' }, { sk: 'b' }]);
      expect(sks((await records.query(pk, { ascending: false })).items)).toEqual(['c', 'b', 'a']);
    });

    it('narrows to sort keys that begin with skPrefix', async () => {
      await putAll([{ sk: 'session#1' }, { sk: 'sessions' }, { sk: 'key#1' }, { sk: 'session#2' }]);
      expect(sks((await records.query(pk, { skPrefix: 'session#' })).items)).toEqual(['session#1', 'session#2']);
    });

    it('narrows to sort keys after skAfter, exclusive, and counts the same', async () => {
      await putAll([{ sk: '0001' }, { sk: '0002' }, { sk: '0003' }, { sk: '0010' }]);
      expect(sks((await records.query(pk, { skAfter: '0002' })).items)).toEqual(['0003', '0010']);
      expect(await records.count(pk, { skAfter: '0002' })).toBe(2);
    });

    it('keeps items equal to a scalar where value, of any scalar type', async () => {
      await putAll([
        { sk: 'a', status: 'open', n: 1, flag: true },
        { sk: 'b', status: 'closed', n: 1, flag: true },
        { sk: 'c', status: 'open', n: 2, flag: false },
        { sk: 'd', n: 1 },
      ]);
      expect(sks((await records.query(pk, { where: { status: 'open' } })).items)).toEqual(['a', 'c']);
      expect(sks((await records.query(pk, { where: { n: 1, flag: true } })).items)).toEqual(['a', 'b']);
      expect(sks((await records.query(pk, { where: { n: '1' } })).items)).toEqual([]);
    });

    it('keeps items equal to any value of an array where value', async () => {
      await putAll([
        { sk: 'a', status: 'open' },
        { sk: 'b', status: 'closed' },
        { sk: 'c', status: 'failed' },
      ]);
      expect(sks((await records.query(pk, { where: { status: ['open', 'failed'] } })).items)).toEqual(['a', 'c']);
      expect((await records.query(pk, { where: { status: [] } })).items).toEqual([]);
    });

    it('pages with limit and cursor, returning each item once and in order', async () => {
      await putAll(Array.from({ length: 10 }, (_, i) => ({ sk: `item#${pad(i)}` })));
      const pages = await allPages(records, pk, { limit: 3 });
      expect(pages[0]).toHaveLength(3);
      expect(sks(pages.flat())).toEqual(Array.from({ length: 10 }, (_, i) => `item#${pad(i)}`));
    });

    it('fills pages across filtered reads: every kept item exactly once, in order', async () => {
      await putAll(Array.from({ length: 25 }, (_, i) => ({ sk: `item#${pad(i)}`, keep: i % 3 === 0 })));
      const kept = Array.from({ length: 25 }, (_, i) => i)
        .filter((i) => i % 3 === 0)
        .map((i) => `item#${pad(i)}`);

      const pages = await allPages(records, pk, { limit: 4, where: { keep: true } });
      expect(pages.slice(0, 2).map((page) => page.length)).toEqual([4, 4]);
      expect(sks(pages.flat())).toEqual(kept);

      const backwards = await allPages(records, pk, { limit: 4, where: { keep: true }, ascending: false });
      expect(sks(backwards.flat())).toEqual([...kept].reverse());
    });

    it('queries gsi1 by gsi1pk in gsi1sk order, with skPrefix, leaving out items without index keys', async () => {
      const lookup = `lookup#${pk}`;
      await putAll([
        { sk: 'a', gsi1pk: lookup, gsi1sk: 'time#3' },
        { sk: 'b', gsi1pk: lookup, gsi1sk: 'time#1' },
        { sk: 'c', gsi1pk: lookup, gsi1sk: 'other#2' },
        { sk: 'd' },
      ]);
      expect(sks((await records.query(lookup, { index: 'gsi1' })).items)).toEqual(['c', 'b', 'a']);
      expect(sks((await records.query(lookup, { index: 'gsi1', skPrefix: 'time#', ascending: false })).items)).toEqual([
        'a',
        'b',
      ]);
      expect(await records.count(lookup, { index: 'gsi1', skPrefix: 'time#' })).toBe(2);
    });

    it('pages through gsi1 with a cursor', async () => {
      const lookup = `lookup#${pk}`;
      await putAll(
        Array.from({ length: 7 }, (_, i) => ({
          sk: `s${i}`,
          gsi1pk: lookup,
          gsi1sk: `t#${pad(6 - i)}`,
          odd: i % 2 === 1,
        })),
      );
      const pages = await allPages(records, lookup, { index: 'gsi1', limit: 2, where: { odd: false } });
      expect(sks(pages.flat())).toEqual(['s6', 's4', 's2', 's0']);
    });

    it('drops an item from gsi1 when an update removes its index key', async () => {
      const lookup = `lookup#${pk}`;
      await records.put({ pk, sk: 'a', gsi1pk: lookup, gsi1sk: 'x' });
      await records.update({ pk, sk: 'a' }, { gsi1pk: undefined });
      expect((await records.query(lookup, { index: 'gsi1' })).items).toEqual([]);
    });

    it('refuses a cursor issued for another partition', async () => {
      await putAll([{ sk: 'a' }, { sk: 'b' }]);
      const { cursor } = await records.query(pk, { limit: 1 });
      expect(cursor).toBeDefined();
      await expect(records.query(`${pk}-other`, { cursor })).rejects.toThrow(TypeError);
    });

    it('refuses a where filter on a key attribute', async () => {
      await expect(records.query(pk, { where: { sk: 'a' } })).rejects.toThrow();
    });
  });

  describe('count', () => {
    it('counts what the query would return, honouring skPrefix and where', async () => {
      await putAll(
        Array.from({ length: 12 }, (_, i) => ({ sk: `${i < 8 ? 'run' : 'key'}#${pad(i)}`, ok: i % 2 === 0 })),
      );
      expect(await records.count(pk)).toBe(12);
      expect(await records.count(pk, { skPrefix: 'run#' })).toBe(8);
      expect(await records.count(pk, { skPrefix: 'run#', where: { ok: true } })).toBe(4);
      expect(await records.count(pk, { where: { ok: [] } })).toBe(0);
    });

    it('counts zero for an empty partition', async () => {
      expect(await records.count(pk)).toBe(0);
    });
  });
});

describe('embedded emulators', () => {
  it('keep table items and objects across a restart on the same data directory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-restart-'));
    const session = async <T>(use: (records: Records, blobs: S3Blobs) => Promise<T>): Promise<T> => {
      const aws = await startEmbeddedAws({ dataDir });
      const clients = createAwsClients({
        region: 'us-east-1',
        dynamoEndpoint: aws.dynamoEndpoint,
        s3Endpoint: aws.s3Endpoint,
        credentials: aws.credentials,
      });
      try {
        // Provisioning twice in a row, and again after the restart, must be harmless.
        await ensureTable(clients.dynamo, 'app');
        await ensureTable(clients.dynamo, 'app');
        await ensureBucket(clients.s3, 'app');
        await ensureBucket(clients.s3, 'app');
        return await use(new DynamoRecords(clients.dynamo, 'app'), new S3Blobs(clients.s3, 'app'));
      } finally {
        clients.dynamo.destroy();
        clients.s3.destroy();
        await aws.stop();
      }
    };
    try {
      await session(async (records, blobs) => {
        await records.put({ pk: 'org#1', sk: 'key#1', name: 'kept' });
        await blobs.put('org#1/file', 'kept bytes');
      });
      const [item, bytes] = await session((records, blobs) =>
        Promise.all([records.get({ pk: 'org#1', sk: 'key#1' }), blobs.get('org#1/file')]),
      );
      expect(item).toEqual({ pk: 'org#1', sk: 'key#1', name: 'kept' });
      expect(bytes?.toString()).toBe('kept bytes');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
