/**
 * An org's stored-bytes count over the in-memory records port: bytes stop counting with their hour, and every
 * writer that stores bytes for an org (files the service makes, a session's files, profiles) holds them first,
 * gives them back when its write fails, and stores nothing when they do not fit.
 */
import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../functions/adapters/local/memory-event-bus.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { recordBrowserDownloads } from '../../functions/core/files/downloads.js';
import { storeGeneratedFile } from '../../functions/core/files/generated.js';
import { fileKeys, type FileItem } from '../../functions/core/files/model.js';
import { storeSessionFileBytes } from '../../functions/core/files/session-files.js';
import { newFileRecord, removeFile } from '../../functions/core/files/uploads.js';
import { changeHeld, storedBytes } from '../../functions/core/orgs/stored-bytes.js';
import { deleteProfiles, saveProfile } from '../../functions/core/profiles/store.js';
import type { Blobs } from '../../functions/ports/blobs.js';
import type { Clock } from '../../functions/ports/clock.js';
import type { RecordItem } from '../../functions/ports/records.js';
import { eventKeys } from '../../functions/core/shared/record-keys.js';
import { StorageLimitError } from '../../functions/core/shared/errors.js';

const ORG = 'org-1';
const LIMIT = 10_000;

/** Blobs in a map; `failPuts` makes every put fail, as a store that is down would. */
const mapBlobs = () => {
  const objects = new Map<string, Buffer>();
  const state = { failPuts: false };
  const blobs: Blobs = {
    put: async (key, body) => {
      if (state.failPuts) throw new Error('the store is down');
      objects.set(key, Buffer.from(body as Buffer));
    },
    get: async (key) => objects.get(key),
    head: async (key) => (objects.has(key) ? { size: objects.get(key)!.length } : undefined),
    delete: async (key) => void objects.delete(key),
    deletePrefix: async () => 0,
    presignPut: async (key) => `https://store.invalid/${key}`,
    presignGet: async (key) => `https://store.invalid/${key}`,
  };
  return { blobs, objects, state };
};

const setup = () => {
  const time = { now: Date.parse('2026-11-26T10:30:00Z') };
  const clock: Clock = { now: () => new Date(time.now) };
  const store = mapBlobs();
  const deps = {
    records: new MemoryRecords(clock),
    blobs: store.blobs,
    clock,
    config: { maxStoredBytesPerOrg: LIMIT },
  };
  return { deps, time, ...store, used: () => storedBytes(deps, ORG) };
};

describe('the stored-bytes count', () => {
  it('stops counting bytes once their hour has passed, and refuses growth past the limit but never a release', async () => {
    const { deps, time, used } = setup();
    const hour = Math.ceil(time.now / 3_600_000);
    await changeHeld(deps, ORG, { add: { bytes: 6000, hour } });
    await changeHeld(deps, ORG, { add: { bytes: 3000 } });
    await expect(changeHeld(deps, ORG, { add: { bytes: 2000, hour: hour + 5 } })).rejects.toMatchObject({
      code: 'storage_limit_reached',
      usedBytes: 9000,
      neededBytes: 2000,
    });
    expect(await used()).toBe(9000);
    time.now += 3_600_000;
    expect(await used()).toBe(3000);
    await changeHeld(deps, ORG, { add: { bytes: 7000, hour: hour + 5 } });
    // Put back over the limit (a failed write undoing its release), then released: both always go through.
    await changeHeld(deps, ORG, { add: { bytes: 500 } }, { unchecked: true });
    expect(await used()).toBe(10_500);
    await changeHeld(deps, ORG, { release: { bytes: 500 } });
    expect(await used()).toBe(LIMIT);
  });

  it("counts a burst of 1,000 of one org's changes at once, none refused as changing too often", async () => {
    const { deps, used } = setup();
    // A store that answers a millisecond later, as a real one does: writers interleave.
    const slow = Object.create(deps.records) as typeof deps.records;
    for (const name of ['get', 'put'] as const) {
      const real = deps.records[name].bind(deps.records) as (...args: unknown[]) => Promise<unknown>;
      (slow as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return real(...args);
      };
    }
    const burst = { ...deps, records: slow };
    const org = 'org-burst';
    // Written together, not contending: far fewer writes than changes.
    let puts = 0;
    const put = slow.put;
    slow.put = (...args) => {
      puts += 1;
      return put(...args);
    };
    await Promise.all(Array.from({ length: 1_000 }, () => changeHeld(burst, org, { add: { bytes: 1 } })));
    expect(await storedBytes(deps, org)).toBe(1_000);
    expect(puts).toBeLessThan(100);
    expect(await used()).toBe(0);
  });

  it('refuses alone each change of a burst that would pass the limit, and counts the rest', async () => {
    const { deps } = setup();
    const org = 'org-full';
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => changeHeld(deps, org, { add: { bytes: 1_000 } })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(LIMIT / 1_000);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused).toHaveLength(30 - LIMIT / 1_000);
    for (const reason of refused) expect(reason).toBeInstanceOf(StorageLimitError);
    expect(await storedBytes(deps, org)).toBe(LIMIT);
  });

  it("tells the session's events that a download failed when it could not be stored, saying why", async () => {
    const { deps } = setup();
    const events: Array<Record<string, unknown>> = [];
    const bus = new MemoryEventBus();
    const withBus = { ...deps, bus };
    const record = recordBrowserDownloads(withBus);
    const download = { orgId: ORG, sessionId: 's1', downloadId: 'd1', fileName: 'report.pdf' };
    await record({ ...download, state: 'started' } as never);
    const failure = record({
      ...download,
      state: 'completed',
      bytes: 10,
      read: async () => {
        throw new Error('the folder is gone');
      },
    } as never);
    await expect(failure).rejects.toThrow('the folder is gone');
    const stored = await deps.records.query<{ payload: Record<string, unknown> } & RecordItem>(
      eventKeys.partition(ORG, 's1'),
    );
    events.push(...stored.items.map((item) => item.payload));
    const statuses = events.filter((e) => e.event === 'file_status').map((e) => e.status);
    expect(statuses).toEqual(['uploading', 'upload_failed']);
    expect(JSON.stringify(events.at(-1))).toContain('the folder is gone');
  });

  it('keeps no screenshot file that does not fit, and gives back what one whose write failed held', async () => {
    const { deps, objects, state, used } = setup();
    const shot = (bytes: number) => ({
      fileName: 's.jpg',
      fileType: 'screenshot' as const,
      bytes: Buffer.alloc(bytes),
    });
    const kept = await storeGeneratedFile(deps, ORG, shot(6000));
    expect(kept).toMatchObject({ status: 'available', fileBytes: 6000, heldBytes: 6000 });
    await expect(storeGeneratedFile(deps, ORG, shot(5000))).rejects.toMatchObject({ code: 'storage_limit_reached' });
    state.failPuts = true;
    await expect(storeGeneratedFile(deps, ORG, shot(1000))).rejects.toThrow('the store is down');
    expect([...objects.keys()]).toEqual([kept.blobKey]);
    expect(await used()).toBe(6000);
    await removeFile(deps, kept);
    expect(await used()).toBe(0);
  });

  it("fails a session's file that does not fit as upload_failed saying why, storing none of it", async () => {
    const { deps, objects, used } = setup();
    const begin = async (id: string) => {
      const file = newFileRecord(
        ORG,
        id,
        { fileName: `${id}.bin`, fileType: 'browser_download', sessionIds: [] },
        deps.clock.now(),
      );
      await deps.records.put(file);
      return file;
    };
    const first = await storeSessionFileBytes(deps, await begin('a'), Buffer.alloc(7000));
    expect(first).toMatchObject({ status: 'available', fileBytes: 7000 });
    const second = await storeSessionFileBytes(deps, await begin('b'), Buffer.alloc(4000));
    expect(second).toMatchObject({ status: 'upload_failed' });
    expect(second.failureReason).toMatch(/^the file was not kept since the organization's storage limit was reached/);
    const stored = await deps.records.get<FileItem>(fileKeys.file(ORG, 'b'));
    expect(stored).toMatchObject({ status: 'upload_failed' });
    expect([...objects.keys()]).toEqual([first.blobKey]);
    expect(await used()).toBe(7000);
  });

  it('holds a profile in place of the one it replaces, keeps the old one when the new does not fit, and frees it on delete', async () => {
    const { deps, objects, used } = setup();
    await saveProfile(deps, ORG, 'shop', Buffer.alloc(4000), 'session-1');
    await saveProfile(deps, ORG, 'shop', Buffer.alloc(9000), 'session-2');
    expect(await used()).toBe(9000);
    await expect(saveProfile(deps, ORG, 'bank', Buffer.alloc(2000), 'session-3')).rejects.toMatchObject({
      code: 'storage_limit_reached',
    });
    expect([...objects.keys()]).toEqual(['profiles/org-1/shop.tar.gz']);
    expect(await deleteProfiles(deps, ORG, ['shop'])).toEqual(['shop']);
    expect(await used()).toBe(0);
  });
});
