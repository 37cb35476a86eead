/**
 * The records port's contract on reading a partition, run against every adapter
 * (test/support/records-contract-bed.ts): what passes against MemoryRecords must hold on DynamoDB for expiry hiding
 * items, query (order, prefixes, filters, pages and cursors, the gsi1 index) and count.
 */
import { describe, expect, it } from 'vitest';
import {
  allPages,
  clock,
  describeRecordsContract,
  pad,
  pk,
  putAll,
  records,
  START_SECONDS,
  sks,
} from '../support/records-contract-bed.js';

describeRecordsContract(() => {
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
