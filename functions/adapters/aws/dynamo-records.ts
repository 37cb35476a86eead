/**
 * The records port over one DynamoDB table (see table-layout.ts). Expiry is enforced on every read, since TTL
 * deletion on AWS lags by up to days and the emulator never deletes.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { epochSeconds, systemClock, type Clock } from '../../ports/clock.js';
import {
  ConditionFailedError,
  RecordTooLargeError,
  isExpired,
  type PutOptions,
  type QueryOptions,
  type QueryPage,
  type RecordItem,
  type RecordKey,
  type Records,
} from '../../ports/records.js';
import { tableLayout } from '../../net/table-layout.js';

type Where = NonNullable<QueryOptions['where']>;
type StartKey = Record<string, unknown>;

const { partitionKey: PK, sortKey: SK, gsi1, ttlAttribute: TTL } = tableLayout;
const VERSION = 'version';
/** With a `where` filter most evaluated items may be dropped, so read more than needed to save round trips. */
const FILTERED_PAGE_SIZE = 100;

/** Collects placeholders so attribute names never collide with reserved words and values stay typed. */
class Expression {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  private count = 0;

  name(attribute: string): string {
    const existing = Object.entries(this.names).find(([, value]) => value === attribute);
    if (existing) return existing[0];
    const placeholder = `#n${Object.keys(this.names).length}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** True unless the item has a numeric expiry at or before now (a missing or non-numeric one never matches `<=`). */
  alive(nowSeconds: number): string {
    return `(NOT ${this.name(TTL)} <= ${this.value(nowSeconds)})`;
  }

  params(): { ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues?: Record<string, unknown> } {
    return {
      ExpressionAttributeNames: this.names,
      ...(this.count > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/** DynamoDB's words for an item past its size limit: "Item size (to update) has exceeded the maximum allowed size". */
const isTooLarge = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ValidationException' && /^Item size .*has exceeded/.test(error.message);

const hasEmptyIn = (where: Where | undefined): boolean =>
  Object.values(where ?? {}).some((value) => Array.isArray(value) && value.length === 0);

const encodeCursor = (key: StartKey): string => Buffer.from(JSON.stringify(key)).toString('base64url');

const decodeCursor = (cursor: string, pk: string, index: QueryOptions['index']): StartKey => {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const partition = index ? gsi1.partitionKey : PK;
  if (typeof key !== 'object' || key === null || (key as StartKey)[partition] !== pk) {
    throw new TypeError(`query cursor was not issued for partition "${pk}"${index ? ` of index ${index}` : ''}`);
  }
  return key as StartKey;
};

export class DynamoRecords implements Records {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    dynamo: DynamoDBClient,
    private readonly tableName: string,
    private readonly clock: Clock = systemClock,
  ) {
    this.doc = DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true } });
  }

  async get<T extends RecordItem = RecordItem>(key: RecordKey): Promise<T | undefined> {
    const { Item } = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: { [PK]: key.pk, [SK]: key.sk }, ConsistentRead: true }),
    );
    if (!Item || isExpired(Item, epochSeconds(this.clock))) return undefined;
    return Item as T;
  }

  async put(item: RecordItem, options: PutOptions = {}): Promise<void> {
    const { ifAbsent, expectVersion } = options;
    if (ifAbsent && expectVersion !== undefined) throw new TypeError('put takes ifAbsent or expectVersion, not both');
    const expr = new Expression();
    let condition: string | undefined;
    let stored = item;
    if (ifAbsent) {
      // An expired item still occupies its key physically, yet counts as absent.
      condition = `attribute_not_exists(${expr.name(PK)}) OR ${expr.name(TTL)} <= ${expr.value(epochSeconds(this.clock))}`;
    } else if (expectVersion !== undefined) {
      condition = `${expr.name(VERSION)} = ${expr.value(expectVersion)} AND ${expr.alive(epochSeconds(this.clock))}`;
      stored = { ...item, [VERSION]: expectVersion + 1 };
    }
    await this.conditional(
      this.doc.send(
        new PutCommand({
          TableName: this.tableName,
          Item: stored,
          ...(condition ? { ConditionExpression: condition, ...expr.params() } : {}),
        }),
      ),
      item,
    );
  }

  async update(
    key: RecordKey,
    changes: Record<string, unknown>,
    options: { expectVersion?: number } = {},
  ): Promise<RecordItem> {
    const { expectVersion } = options;
    for (const attribute of [PK, SK, ...(expectVersion !== undefined ? [VERSION] : [])]) {
      if (attribute in changes) throw new TypeError(`update cannot change "${attribute}"`);
    }
    const expr = new Expression();
    const sets: string[] = [];
    const removes: string[] = [];
    for (const [attribute, value] of Object.entries(changes)) {
      if (value === undefined) removes.push(expr.name(attribute));
      else sets.push(`${expr.name(attribute)} = ${expr.value(value)}`);
    }
    let condition = `attribute_exists(${expr.name(PK)}) AND ${expr.alive(epochSeconds(this.clock))}`;
    if (expectVersion !== undefined) {
      condition += ` AND ${expr.name(VERSION)} = ${expr.value(expectVersion)}`;
      sets.push(`${expr.name(VERSION)} = ${expr.value(expectVersion + 1)}`);
    }
    if (sets.length === 0 && removes.length === 0) {
      // DynamoDB needs at least one action; with nothing to change, an update is a read that must find the item.
      const current = await this.get(key);
      if (!current) throw new ConditionFailedError(`no live item at ${key.pk} / ${key.sk} to update`);
      return current;
    }
    const actions = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''];
    const result = await this.conditional(
      this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [PK]: key.pk, [SK]: key.sk },
          UpdateExpression: actions.filter(Boolean).join(' '),
          ConditionExpression: condition,
          ReturnValues: 'ALL_NEW',
          ...expr.params(),
        }),
      ),
      key,
    );
    return result.Attributes as RecordItem;
  }

  async delete(key: RecordKey): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.tableName, Key: { [PK]: key.pk, [SK]: key.sk } }));
  }

  async query<T extends RecordItem = RecordItem>(pk: string, options: QueryOptions = {}): Promise<QueryPage<T>> {
    const { limit, cursor, index, where } = options;
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1))
      throw new RangeError('query limit must be a positive integer');
    let startKey = cursor ? decodeCursor(cursor, pk, index) : undefined;
    if (hasEmptyIn(where)) return { items: [] };

    // DynamoDB applies Limit before the filter, so a page may hold fewer matches than asked: keep reading.
    const items: RecordItem[] = [];
    const wanted = limit ?? Infinity;
    for (;;) {
      const remaining = wanted - items.length;
      const pageSize = where ? Math.max(remaining, FILTERED_PAGE_SIZE) : remaining;
      const page = await this.doc.send(
        new QueryCommand({
          ...this.queryInput(pk, options),
          ...(Number.isFinite(pageSize) ? { Limit: pageSize } : {}),
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      const found = (page.Items ?? []) as RecordItem[];
      if (found.length > remaining) {
        // Read past the page: resume right after the last item handed out, not after the last one read.
        items.push(...found.slice(0, remaining));
        return { items: items as T[], cursor: encodeCursor(this.startKeyOf(items[items.length - 1], index)) };
      }
      items.push(...found);
      startKey = page.LastEvaluatedKey;
      if (!startKey) return { items: items as T[] };
      if (items.length === wanted) return { items: items as T[], cursor: encodeCursor(startKey) };
    }
  }

  async count(pk: string, options: Omit<QueryOptions, 'limit' | 'cursor' | 'ascending'> = {}): Promise<number> {
    if (hasEmptyIn(options.where)) return 0;
    let total = 0;
    let startKey: StartKey | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          ...this.queryInput(pk, options),
          Select: 'COUNT',
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      total += page.Count ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return total;
  }

  private queryInput(pk: string, options: Omit<QueryOptions, 'limit' | 'cursor'>) {
    const { index, skPrefix, skAfter, ascending = true, where = {} } = options;
    if (skPrefix !== undefined && skAfter !== undefined) throw new TypeError('skPrefix and skAfter cannot be combined');
    const expr = new Expression();
    const [partition, sort] = index ? [gsi1.partitionKey, gsi1.sortKey] : [PK, SK];
    let keyCondition = `${expr.name(partition)} = ${expr.value(pk)}`;
    if (skPrefix !== undefined) keyCondition += ` AND begins_with(${expr.name(sort)}, ${expr.value(skPrefix)})`;
    if (skAfter !== undefined) keyCondition += ` AND ${expr.name(sort)} > ${expr.value(skAfter)}`;
    const filters = [expr.alive(epochSeconds(this.clock))];
    for (const [attribute, wanted] of Object.entries(where)) {
      const name = expr.name(attribute);
      filters.push(
        Array.isArray(wanted)
          ? `${name} IN (${wanted.map((value) => expr.value(value)).join(', ')})`
          : `${name} = ${expr.value(wanted)}`,
      );
    }
    return {
      TableName: this.tableName,
      ...(index ? { IndexName: gsi1.name } : { ConsistentRead: true }),
      KeyConditionExpression: keyCondition,
      FilterExpression: filters.join(' AND '),
      ScanIndexForward: ascending,
      ...expr.params(),
    };
  }

  private startKeyOf(item: RecordItem, index: QueryOptions['index']): StartKey {
    const key: StartKey = { [PK]: item.pk, [SK]: item.sk };
    if (index) Object.assign(key, { [gsi1.partitionKey]: item.gsi1pk, [gsi1.sortKey]: item.gsi1sk });
    return key;
  }

  /** Awaits a conditional write, turning DynamoDB's refusal into the port's error. */
  private async conditional<T>(write: Promise<T>, key: RecordKey): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (isConditionFailure(error))
        throw new ConditionFailedError(`conditional write on ${key.pk} / ${key.sk} did not hold`);
      if (isTooLarge(error)) throw new RecordTooLargeError();
      throw error;
    }
  }
}
