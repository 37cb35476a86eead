/**
 * The records port in memory, for fast tests. It mirrors the DynamoDB adapter's observable behaviour, including
 * the refusals DynamoDB would make, so code that passes here does not fail for a new reason against the table.
 */
import { epochSeconds, systemClock, type Clock } from '../../ports/clock.js';
import {
  ConditionFailedError,
  isExpired,
  MAX_RECORD_BYTES,
  RecordTooLargeError,
  type PutOptions,
  type QueryOptions,
  type QueryPage,
  type RecordItem,
  type RecordKey,
  type Records,
} from '../../ports/records.js';

type Where = NonNullable<QueryOptions['where']>;
type Position = Pick<RecordItem, 'pk' | 'sk' | 'gsi1pk' | 'gsi1sk'>;

/** DynamoDB's largest IN list; enforced here too so a query that works in tests works on the table. */
const MAX_IN_VALUES = 100;

/** DynamoDB's refusal of an item past its size limit; the JSON text is a close, slightly larger, measure of its size. */
const assertFits = (item: RecordItem): void => {
  if (Buffer.byteLength(JSON.stringify(item)) > MAX_RECORD_BYTES) throw new RecordTooLargeError();
};

/** DynamoDB orders string keys by their UTF-8 bytes, which differs from JS's UTF-16 order past the BMP. */
const compareKeys = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const storageKey = (key: RecordKey): string => JSON.stringify([key.pk, key.sk]);

/** DynamoDB (with removeUndefinedValues) drops undefined attributes, in nested maps and lists too. */
const withoutUndefined = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.filter((entry) => entry !== undefined).map(withoutUndefined);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    return Object.fromEntries(entries.map(([name, entry]) => [name, withoutUndefined(entry)]));
  }
  return value;
};

const copy = <T>(item: T): T => structuredClone(withoutUndefined(item)) as T;

const assertKey = (key: RecordKey): void => {
  if (typeof key.pk !== 'string' || key.pk === '' || typeof key.sk !== 'string' || key.sk === '') {
    throw new TypeError('record keys pk and sk must be non-empty strings');
  }
};

const matches = (item: RecordItem, where: Where): boolean =>
  Object.entries(where).every(([attribute, wanted]) => {
    const actual = item[attribute];
    return Array.isArray(wanted) ? wanted.includes(actual as string) : actual === wanted;
  });

export class MemoryRecords implements Records {
  private readonly items = new Map<string, RecordItem>();

  constructor(private readonly clock: Clock = systemClock) {}

  async get<T extends RecordItem = RecordItem>(key: RecordKey): Promise<T | undefined> {
    const item = this.live(key);
    return item ? (copy(item) as T) : undefined;
  }

  async put(item: RecordItem, options: PutOptions = {}): Promise<void> {
    const { ifAbsent, expectVersion } = options;
    assertKey(item);
    if (ifAbsent && expectVersion !== undefined) throw new TypeError('put takes ifAbsent or expectVersion, not both');
    const existing = this.live(item);
    if (ifAbsent && existing)
      throw new ConditionFailedError(`conditional write on ${item.pk} / ${item.sk} did not hold`);
    const stored = copy(item);
    if (expectVersion !== undefined) {
      if (existing?.version !== expectVersion)
        throw new ConditionFailedError(`conditional write on ${item.pk} / ${item.sk} did not hold`);
      stored.version = expectVersion + 1;
    }
    assertFits(stored);
    this.items.set(storageKey(item), stored);
  }

  async update(
    key: RecordKey,
    changes: Record<string, unknown>,
    options: { expectVersion?: number } = {},
  ): Promise<RecordItem> {
    const { expectVersion } = options;
    assertKey(key);
    for (const attribute of ['pk', 'sk', ...(expectVersion !== undefined ? ['version'] : [])]) {
      if (attribute in changes) throw new TypeError(`update cannot change "${attribute}"`);
    }
    const existing = this.live(key);
    if (!existing || (expectVersion !== undefined && existing.version !== expectVersion)) {
      throw new ConditionFailedError(`conditional write on ${key.pk} / ${key.sk} did not hold`);
    }
    const updated: RecordItem = { ...existing };
    for (const [attribute, value] of Object.entries(changes)) {
      if (value === undefined) delete updated[attribute];
      else updated[attribute] = copy(value);
    }
    if (expectVersion !== undefined) updated.version = expectVersion + 1;
    assertFits(updated);
    this.items.set(storageKey(key), updated);
    return copy(updated);
  }

  async delete(key: RecordKey): Promise<void> {
    this.items.delete(storageKey(key));
  }

  async query<T extends RecordItem = RecordItem>(pk: string, options: QueryOptions = {}): Promise<QueryPage<T>> {
    const { limit, cursor, index, ascending = true } = options;
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1))
      throw new RangeError('query limit must be a positive integer');
    const after = cursor ? decodeCursor(cursor, pk, index) : undefined;
    const order = (a: Position, b: Position) => (ascending ? 1 : -1) * this.compare(a, b, index);
    const matching = this.select(pk, options)
      .sort(order)
      .filter((item) => !after || order(item, after) > 0);
    const page = limit === undefined ? matching : matching.slice(0, limit);
    const last = page[page.length - 1];
    const more = page.length < matching.length && last;
    return { items: page.map((item) => copy(item) as T), ...(more ? { cursor: encodeCursor(last, index) } : {}) };
  }

  async count(pk: string, options: Omit<QueryOptions, 'limit' | 'cursor' | 'ascending'> = {}): Promise<number> {
    return this.select(pk, options).length;
  }

  /** Live items of one partition (of the table or the index) that pass the prefix and filters, unordered. */
  private select(pk: string, options: Omit<QueryOptions, 'limit' | 'cursor' | 'ascending'>): RecordItem[] {
    const { index, skPrefix, skAfter, where = {} } = options;
    if (skPrefix !== undefined && skAfter !== undefined) throw new TypeError('skPrefix and skAfter cannot be combined');
    const keyAttributes = index ? ['pk', 'sk', 'gsi1pk', 'gsi1sk'] : ['pk', 'sk'];
    for (const [attribute, wanted] of Object.entries(where)) {
      // DynamoDB refuses filters on key attributes; they belong in the key condition.
      if (keyAttributes.includes(attribute)) throw new TypeError(`cannot filter on key attribute "${attribute}"`);
      if (Array.isArray(wanted) && wanted.length > MAX_IN_VALUES)
        throw new RangeError(`where.${attribute} lists more than ${MAX_IN_VALUES} values`);
    }
    const now = epochSeconds(this.clock);
    return [...this.items.values()].filter((item) => {
      const [partition, sort] = index ? [item.gsi1pk, item.gsi1sk] : [item.pk, item.sk];
      // The index is sparse: only items with both of its keys, as strings, appear in it.
      if (partition !== pk || typeof sort !== 'string') return false;
      if (skPrefix !== undefined && !sort.startsWith(skPrefix)) return false;
      if (skAfter !== undefined && !(sort > skAfter)) return false;
      return !isExpired(item, now) && matches(item, where);
    });
  }

  private compare(a: Position, b: Position, index: QueryOptions['index']): number {
    const bySort = index ? compareKeys(a.gsi1sk ?? '', b.gsi1sk ?? '') : 0;
    return bySort || compareKeys(a.pk, b.pk) || compareKeys(a.sk, b.sk);
  }

  private live(key: RecordKey): RecordItem | undefined {
    const item = this.items.get(storageKey(key));
    return item && !isExpired(item, epochSeconds(this.clock)) ? item : undefined;
  }
}

const encodeCursor = (item: Position, index: QueryOptions['index']): string => {
  const position: Position = index
    ? { pk: item.pk, sk: item.sk, gsi1pk: item.gsi1pk, gsi1sk: item.gsi1sk }
    : { pk: item.pk, sk: item.sk };
  return Buffer.from(JSON.stringify(position)).toString('base64url');
};

const decodeCursor = (cursor: string, pk: string, index: QueryOptions['index']): Position => {
  let position: Partial<Position> | undefined;
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Position>;
  } catch {
    position = undefined;
  }
  const partition = index ? position?.gsi1pk : position?.pk;
  if (partition !== pk || typeof position?.pk !== 'string' || typeof position.sk !== 'string') {
    throw new TypeError(`query cursor was not issued for partition "${pk}"${index ? ` of index ${index}` : ''}`);
  }
  return position as Position;
};
