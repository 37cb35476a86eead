/**
 * The bytes an org keeps in the blob store (files, saved profiles), held against MAX_STORED_BYTES_PER_ORG in one
 * record per org, so a write is checked against a total without listing the org's files.
 *
 * Files expire (48 h, their records a day later), and nothing tells the service when the store drops a record, so
 * a file's bytes are held in an hour bucket: the hour its record expires in. A bucket whose hour has passed no
 * longer counts, so bytes never given back (a record the store dropped, a process that died between two writes)
 * stop counting by themselves within three days. Profiles never expire: their bytes are held without an hour.
 *
 * Changes are read-modify-write under the record's version (the records port has no atomic add), retried when
 * another writer of the same org got in between; each write checks the total it leaves, so concurrent writers
 * never pass the limit together. One process's changes of an org at once are written together (`rewrite`).
 */
import type { Clock } from '../../ports/clock.js';
import { ConditionFailedError, type RecordItem, type Records } from '../../ports/records.js';
import { StorageLimitError, UnavailableError } from '../shared/errors.js';
import { recordKeys } from '../shared/record-keys.js';

/**
 * 10 GiB: a hundred files of the largest size (100 MiB), or ten sessions' worth of downloads at their 1 GiB
 * budget, kept for the 48 h files live. A few orgs at their limit still fit the disk of one machine running
 * `npm start`, and on S3 an org at its limit costs cents a month, where without one it had no bound.
 */
export const DEFAULT_MAX_STORED_BYTES_PER_ORG = 10 * 1024 ** 3;

/** Bytes held for one stored thing. */
export interface Held {
  bytes: number;
  /** Epoch hour (seconds / 3600) at whose start the bytes stop counting; absent: held until given back. */
  hour?: number;
}

export interface StoredBytesDeps {
  records: Records;
  clock: Clock;
  config?: { maxStoredBytesPerOrg?: number };
}

interface StoredBytesItem extends RecordItem {
  /** Bytes that expire, by the epoch hour they stop counting at. */
  hours: Record<string, number>;
  /** Bytes held until given back (profiles). */
  kept: number;
  /** When the org's expired and abandoned files were last looked for (epoch seconds). */
  reclaimedAt?: number;
}

/** How often an org short of room looks for bytes to give back: the look lists its files. */
const RECLAIM_EVERY_SECONDS = 60;
/** Writers of one org contend on one record; past this many tries the write is refused rather than waited on. */
const MAX_ATTEMPTS = 60;

export const maxStoredBytes = (deps: StoredBytesDeps): number =>
  deps.config?.maxStoredBytesPerOrg ?? DEFAULT_MAX_STORED_BYTES_PER_ORG;

/** The hour bucket of bytes that should stop counting once a record expiring at `expiresAt` (epoch seconds) is gone. */
export const hourOf = (expiresAt: number): number => Math.ceil(expiresAt / 3600);

const nowSeconds = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);
const live = (hour: number, now: number) => hour * 3600 > now;

const emptyItem = (orgId: string): StoredBytesItem => ({ ...recordKeys.storedBytes(orgId), hours: {}, kept: 0 });

/** The item with passed hours dropped, and its total. */
const current = (item: StoredBytesItem, now: number): { item: StoredBytesItem; total: number } => {
  const hours = Object.fromEntries(Object.entries(item.hours).filter(([hour]) => live(Number(hour), now)));
  const total = Object.values(hours).reduce((sum, bytes) => sum + bytes, item.kept);
  return { item: { ...item, hours }, total };
};

const applied = (item: StoredBytesItem, held: Held, sign: 1 | -1, now: number): StoredBytesItem => {
  if (held.hour === undefined) return { ...item, kept: Math.max(0, item.kept + sign * held.bytes) };
  if (!live(held.hour, now)) return item;
  const hours = { ...item.hours };
  const bytes = Math.max(0, (hours[held.hour] ?? 0) + sign * held.bytes);
  if (bytes > 0) hours[held.hour] = bytes;
  else delete hours[held.hour];
  return { ...item, hours };
};

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));

type Change<T> = (
  item: StoredBytesItem,
  total: number,
  now: number,
) => { item: StoredBytesItem; result: T } | undefined;

interface Pending {
  change: Change<unknown>;
  settle(outcome: { value: unknown } | { error: unknown }): void;
}

/** Changes of one org waiting for this process's next write of its record, by store (tests run several). */
const waiting = new WeakMap<Records, Map<string, Pending[]>>();

/**
 * Reads, changes and writes the org's record under its version until no other writer got in between. `change`
 * sees the record as it is now (passed hours dropped) and answers the new one, or throws to write nothing.
 *
 * The changes one process makes to an org at once (a page's burst of downloads) are written together: while a
 * write of the org's record is under way, later changes wait, and the next write applies all of them in order,
 * each seeing the record as the ones before it left it (one refused alone, by what it throws). Contending with
 * each other instead, hundreds of writers lost to one another until some ran out of tries. Other processes still
 * contend through the version.
 */
const rewrite = <T>(deps: StoredBytesDeps, orgId: string, change: Change<T>): Promise<T | undefined> => {
  let byOrg = waiting.get(deps.records);
  if (!byOrg) waiting.set(deps.records, (byOrg = new Map()));
  const queue = byOrg.get(orgId);
  return new Promise<T | undefined>((resolve, reject) => {
    const pending: Pending = {
      change: change as Change<unknown>,
      settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.value as T | undefined)),
    };
    if (queue) queue.push(pending);
    else {
      const started: Pending[] = [pending];
      byOrg.set(orgId, started);
      void writeAll(deps, orgId, byOrg, started);
    }
  });
};

/** Writes the waiting changes, batch after batch, until none is left; then the org has no writer here. */
const writeAll = async (
  deps: StoredBytesDeps,
  orgId: string,
  byOrg: Map<string, Pending[]>,
  queue: Pending[],
): Promise<void> => {
  while (queue.length) {
    const batch = queue.splice(0);
    try {
      const outcomes = await writeBatch(deps, orgId, batch);
      for (const [i, pending] of batch.entries()) pending.settle(outcomes[i]);
    } catch (error) {
      for (const pending of batch) pending.settle({ error });
    }
  }
  byOrg.delete(orgId);
};

const writeBatch = async (
  deps: StoredBytesDeps,
  orgId: string,
  batch: Pending[],
): Promise<Array<{ value: unknown } | { error: unknown }>> => {
  const key = recordKeys.storedBytes(orgId);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const stored = await deps.records.get<StoredBytesItem>(key);
    const now = nowSeconds(deps.clock);
    const start = current(stored ?? emptyItem(orgId), now);
    let { item, total } = start;
    const outcomes = batch.map((pending): { value: unknown } | { error: unknown } => {
      try {
        const next = pending.change(item, total, now);
        if (!next) return { value: undefined };
        item = next.item;
        total = current(item, now).total;
        return { value: next.result };
      } catch (error) {
        return { error };
      }
    });
    if (item === start.item) return outcomes;
    try {
      if (stored) await deps.records.put(item, { expectVersion: stored.version ?? 0 });
      else await deps.records.put({ ...item, version: 0 }, { ifAbsent: true });
      return outcomes;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      await pause(attempt);
    }
  }
  throw new UnavailableError(`the stored bytes of organization ${orgId} are changing too often to count; try again`);
};

/** Bytes the org holds now. */
export const storedBytes = async (deps: StoredBytesDeps, orgId: string): Promise<number> => {
  const stored = await deps.records.get<StoredBytesItem>(recordKeys.storedBytes(orgId));
  return stored ? current(stored, nowSeconds(deps.clock)).total : 0;
};

/**
 * Holds `add` in place of `release` (either may be absent). A change that grows the total past the limit is
 * refused with StorageLimitError; one that does not grow it always succeeds, even over a limit lowered since, and so
 * does one `unchecked` (putting back what a failed write had given up).
 */
export const changeHeld = async (
  deps: StoredBytesDeps,
  orgId: string,
  change: { add?: Held; release?: Held },
  options: { unchecked?: boolean } = {},
): Promise<void> => {
  const { add, release } = change;
  if (!add?.bytes && !release?.bytes) return;
  const limit = maxStoredBytes(deps);
  await rewrite(deps, orgId, (item, total, now) => {
    let next = release ? applied(item, release, -1, now) : item;
    next = add ? applied(next, add, 1, now) : next;
    const after = current(next, now).total;
    if (!options.unchecked && after > total && after > limit)
      throw new StorageLimitError(limit, total, (add?.bytes ?? 0) - (release?.bytes ?? 0));
    return { item: next, result: undefined };
  });
};

/** Gives held bytes back (never refused; a record that cannot be written leaves them counted until their hour). */
export const releaseHeld = (deps: StoredBytesDeps, orgId: string, held: Held | undefined): Promise<void> =>
  changeHeld(deps, orgId, { release: held });

/**
 * Holds as much of `most` bytes as the org has room for, at least one: room for bytes whose size is not known yet
 * (an upload), given back or corrected once they arrive. StorageLimitError when no room is left.
 */
export const holdUpTo = async (deps: StoredBytesDeps, orgId: string, most: number, hour?: number): Promise<Held> => {
  const limit = maxStoredBytes(deps);
  const held = await rewrite(deps, orgId, (item, total, now) => {
    const room = limit - total;
    if (room <= 0) throw new StorageLimitError(limit, total);
    const held: Held = { bytes: Math.min(most, room), ...(hour === undefined ? {} : { hour }) };
    return { item: applied(item, held, 1, now), result: held };
  });
  return held as Held;
};

/**
 * Whether this caller should look for bytes to give back now: at most one look per org a minute, whichever
 * process asks first, so an org refused again and again does not list its files on every request.
 */
export const claimReclaim = async (deps: StoredBytesDeps, orgId: string): Promise<boolean> => {
  const claimed = await rewrite(deps, orgId, (item, _total, now) =>
    item.reclaimedAt !== undefined && now - item.reclaimedAt < RECLAIM_EVERY_SECONDS
      ? undefined
      : { item: { ...item, reclaimedAt: now }, result: true },
  ).catch(() => false);
  return claimed === true;
};

/**
 * Sets the bytes held without an hour to what the org's saved profiles hold as `countKept` reads them from their
 * records: a save or delete that died between its two writes would otherwise leave them counted for good. Written
 * only if nothing changed the record while they were read; otherwise the next look recounts.
 */
export const recountKept = async (
  deps: StoredBytesDeps,
  orgId: string,
  countKept: () => Promise<number>,
): Promise<void> => {
  const stored = await deps.records.get<StoredBytesItem>(recordKeys.storedBytes(orgId));
  if (!stored) return;
  const kept = await countKept();
  if (kept === stored.kept) return;
  await deps.records.put({ ...stored, kept }, { expectVersion: stored.version ?? 0 }).catch((error: unknown) => {
    if (!(error instanceof ConditionFailedError)) throw error;
  });
};
