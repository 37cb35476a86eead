/**
 * Creates the table and bucket when running against the embedded emulators. In AWS the CDK stack owns both;
 * this mirrors what it creates, from the same layout.
 */
import {
  CreateTableCommand,
  type DescribeTableCommandOutput,
  type DynamoDBClient,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { tableLayout } from '../../net/table-layout.js';

const { partitionKey, sortKey, keyType, gsi1 } = tableLayout;

const hasName = (error: unknown, ...names: string[]): boolean => error instanceof Error && names.includes(error.name);

/**
 * Create the table unless it exists, then wait until it is ACTIVE. TTL is not switched on: the emulator has no
 * UpdateTimeToLive, and reads hide expired items anyway.
 */
export const ensureTable = async (dynamo: DynamoDBClient, tableName: string): Promise<void> => {
  try {
    await dynamo.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [partitionKey, sortKey, gsi1.partitionKey, gsi1.sortKey].map((name) => ({
          AttributeName: name,
          AttributeType: keyType,
        })),
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: gsi1.name,
            KeySchema: [
              { AttributeName: gsi1.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi1.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: gsi1.projection },
          },
        ],
      }),
    );
  } catch (error) {
    // Already there (from an earlier start, or a concurrent one): fine, as long as it becomes usable.
    if (!hasName(error, 'ResourceInUseException')) throw error;
  }
  const { reason } = await waitUntilTableExists(
    { client: dynamo, minDelay: 1, maxDelay: 5, maxWaitTime: 300 },
    { TableName: tableName },
  );
  // On success the waiter's reason is the last DescribeTable response.
  const indexes = (reason as DescribeTableCommandOutput | undefined)?.Table?.GlobalSecondaryIndexes ?? [];
  if (!indexes.some((index) => index.IndexName === gsi1.name)) {
    throw new Error(`table "${tableName}" exists without index "${gsi1.name}"; it was not created from this layout`);
  }
};

/** Create the bucket unless it exists. */
export const ensureBucket = async (s3: S3Client, bucket: string): Promise<void> => {
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucket }));
    return;
  } catch (error) {
    if (!hasName(error, 'NotFound', 'NoSuchBucket')) throw error;
  }
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    // Lost a race with another creator of the same bucket.
    if (!hasName(error, 'BucketAlreadyOwnedByYou', 'BucketAlreadyExists')) throw error;
  }
};
