/**
 * The single table's shape. Both the CDK stack and the runtime read it, so it stays free of SDK imports: a change
 * here changes the deployed table and the code that queries it together.
 */
export const tableLayout = {
  /** Partition key: the org (or other owner) the item belongs to. */
  partitionKey: 'pk',
  /** Sort key: the item's kind and id within its partition. */
  sortKey: 'sk',
  /** Every key attribute, of the table and of the index, is a string. */
  keyType: 'S',
  /** The one secondary index, for the few lookups by another key. It projects whole items. */
  gsi1: {
    name: 'gsi1',
    partitionKey: 'gsi1pk',
    sortKey: 'gsi1sk',
    projection: 'ALL',
  },
  /** Epoch seconds after which an item is gone; the table's TTL attribute. */
  ttlAttribute: 'expiresAt',
} as const;

export type TableLayout = typeof tableLayout;
