/**
 * The records port's contract on one item at a time, run against every adapter (test/support/records-contract-bed.ts):
 * what passes against MemoryRecords must hold on DynamoDB for get and put, conditional puts (ifAbsent, expected
 * version), update and delete.
 */
import { describe, expect, it } from 'vitest';
import { ConditionFailedError, RecordTooLargeError, type RecordItem } from '../../functions/ports/records.js';
import {
  clock,
  describeRecordsContract,
  pk,
  putAll,
  records,
  START_SECONDS,
  sks,
} from '../support/records-contract-bed.js';

describeRecordsContract(() => {
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

  describe('items past the size limit', () => {
    it('refuses a put or an update past 400 KB with RecordTooLargeError, writing nothing', async () => {
      const big = 'x'.repeat(420 * 1024);
      await expect(records.put({ pk, sk: 'big', text: big })).rejects.toBeInstanceOf(RecordTooLargeError);
      expect(await records.get({ pk, sk: 'big' })).toBeUndefined();
      await records.put({ pk, sk: 'a', text: 'x'.repeat(300 * 1024), version: 0 });
      await expect(
        records.update({ pk, sk: 'a' }, { more: 'y'.repeat(200 * 1024) }, { expectVersion: 0 }),
      ).rejects.toBeInstanceOf(RecordTooLargeError);
      expect(await records.get({ pk, sk: 'a' })).toMatchObject({ version: 0 });
      expect((await records.get({ pk, sk: 'a' }))?.more).toBeUndefined();
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
});
