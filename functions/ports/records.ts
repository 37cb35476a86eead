/**
 * The records port: a key-value store shaped after DynamoDB's single-table model, so the AWS adapter is a thin
 * mapping and the local ones can honour the same guarantees.
 *
 * - Every item has a partition key `pk` and sort key `sk`. Org-scoped records put the org id in `pk`.
 * - Writes are single-item and may be conditional (no transactions: the embedded emulator lacks them).
 * - `expiresAt` (epoch seconds) marks an item as gone once passed: reads never return it, whether or not the
 *   store has physically deleted it yet (TTL deletion is lazy on AWS and absent locally).
 * - `gsi1pk`/`gsi1sk` place an item in the one secondary index, for the few lookups by another key.
 * - An item holds at most MAX_RECORD_BYTES: a write past it fails with RecordTooLargeError and changes nothing.
 */
export interface RecordKey {
  pk: string;
  sk: string;
}

export interface RecordItem extends RecordKey {
  gsi1pk?: string;
  gsi1sk?: string;
  expiresAt?: number;
  /** Incremented by every `put` with `expectVersion`; used for optimistic concurrency. */
  version?: number;
  [attribute: string]: unknown;
}

export interface PutOptions {
  /** Fail with ConditionFailedError when an item with this key already exists (and has not expired). */
  ifAbsent?: boolean;
  /** Fail with ConditionFailedError unless the stored item has this `version`. The stored version becomes +1. */
  expectVersion?: number;
}

export interface QueryOptions {
  /** Query the secondary index (gsi1pk/gsi1sk) instead of the table keys. */
  index?: 'gsi1';
  /** Only items whose sort key starts with this prefix. */
  skPrefix?: string;
  /** Only items whose sort key is greater than this (string order). Not combinable with `skPrefix`. */
  skAfter?: string;
  /** Newest-first when false. Default true (ascending sort key). */
  ascending?: boolean;
  /** Page size; the store may return fewer. */
  limit?: number;
  /** Opaque cursor from a previous page's `cursor`. */
  cursor?: string;
  /** Equality filters on top-level attributes, applied by the store before returning items. */
  where?: Record<string, string | number | boolean | readonly (string | number | boolean)[]>;
}

export interface QueryPage<T extends RecordItem = RecordItem> {
  items: T[];
  /** Present when more items may follow. */
  cursor?: string;
}

export interface Records {
  get<T extends RecordItem = RecordItem>(key: RecordKey): Promise<T | undefined>;
  put(item: RecordItem, options?: PutOptions): Promise<void>;
  /** Set (or with `undefined`, remove) attributes of an existing item; fails with NotFound-like ConditionFailedError when absent. */
  update(key: RecordKey, changes: Record<string, unknown>, options?: { expectVersion?: number }): Promise<RecordItem>;
  delete(key: RecordKey): Promise<void>;
  query<T extends RecordItem = RecordItem>(pk: string, options?: QueryOptions): Promise<QueryPage<T>>;
  /** Count the items a query would return (all pages). */
  count(pk: string, options?: Omit<QueryOptions, 'limit' | 'cursor' | 'ascending'>): Promise<number>;
}

/** A conditional write did not hold. Core maps it to the domain meaning (already exists, changed meanwhile). */
export class ConditionFailedError extends Error {
  constructor(message = 'the condition of a conditional write did not hold') {
    super(message);
    this.name = 'ConditionFailedError';
  }
}

/** DynamoDB's limit on one item, names and values together; the local stores keep to it too. */
export const MAX_RECORD_BYTES = 400 * 1024;

/** A put or update would make an item larger than MAX_RECORD_BYTES: nothing was written. */
export class RecordTooLargeError extends Error {
  constructor(message = `the item would be larger than the ${MAX_RECORD_BYTES} bytes a record may hold`) {
    super(message);
    this.name = 'RecordTooLargeError';
  }
}

export const isExpired = (item: { expiresAt?: unknown }, nowSeconds: number): boolean =>
  typeof item.expiresAt === 'number' && item.expiresAt <= nowSeconds;
