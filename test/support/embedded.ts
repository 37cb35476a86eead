/**
 * Real adapters over the embedded emulators, for tests that need DynamoDB or S3 semantics.
 *
 *   const aws = await withEmbeddedAws();          // in beforeAll
 *   await aws.records.put({ pk: 'org#1', sk: 'x' });
 *   await aws.stop();                              // in afterAll: closes servers, clients, deletes the temp dir
 *
 * Each call starts its own emulators on free loopback ports in a fresh temporary directory, with a uniquely named
 * table and bucket, so suites running in parallel never see each other's data.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAwsClients, type AwsClients } from '../../functions/adapters/aws/clients.js';
import { DynamoRecords } from '../../functions/adapters/aws/dynamo-records.js';
import { ensureBucket, ensureTable } from '../../functions/adapters/aws/provision.js';
import { S3Blobs } from '../../functions/adapters/aws/s3-blobs.js';
import { startEmbeddedAws } from '../../functions/adapters/local/embedded-aws.js';
import { systemClock, type Clock } from '../../functions/ports/clock.js';

export interface EmbeddedAwsFixture {
  /** Records over the fixture's table, reading time from `options.clock`. */
  records: DynamoRecords;
  /** Blobs over the fixture's bucket. */
  blobs: S3Blobs;
  /** Raw SDK clients, for building more adapters (e.g. `new DynamoRecords(clients.dynamo, tableName, clock)`). */
  clients: AwsClients;
  tableName: string;
  bucket: string;
  endpoints: { dynamo: string; s3: string };
  /** The key pair the emulators accept signatures from (they refuse any other, and unsigned requests). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Stop everything this fixture started and delete its directory. Safe to call twice. */
  stop(): Promise<void>;
}

export const withEmbeddedAws = async (
  options: { clock?: Clock; maxUploadBytes?: number } = {},
): Promise<EmbeddedAwsFixture> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-aws-'));
  const emulators = await startEmbeddedAws({ dataDir, maxUploadBytes: options.maxUploadBytes }).catch(
    async (error: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    },
  );
  const clients = createAwsClients({
    region: 'us-east-1',
    dynamoEndpoint: emulators.dynamoEndpoint,
    s3Endpoint: emulators.s3Endpoint,
    credentials: emulators.credentials,
  });
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      clients.dynamo.destroy();
      clients.s3.destroy();
      await emulators.stop();
      await rm(dataDir, { recursive: true, force: true });
    })());

  const suffix = randomUUID().slice(0, 8);
  const tableName = `test-${suffix}`;
  const bucket = `test-${suffix}`;
  try {
    await Promise.all([ensureTable(clients.dynamo, tableName), ensureBucket(clients.s3, bucket)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    records: new DynamoRecords(clients.dynamo, tableName, options.clock ?? systemClock),
    blobs: new S3Blobs(clients.s3, bucket),
    clients,
    tableName,
    bucket,
    endpoints: { dynamo: emulators.dynamoEndpoint, s3: emulators.s3Endpoint },
    credentials: { ...emulators.credentials },
    stop,
  };
};
