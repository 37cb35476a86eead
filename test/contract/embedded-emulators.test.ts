/**
 * The embedded emulators (dynalite and s3rver) keep what the records and blobs adapters wrote across a restart on
 * the same data directory, and provisioning the table and bucket again is harmless.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAwsClients } from '../../functions/adapters/aws/clients.js';
import { DynamoRecords } from '../../functions/adapters/aws/dynamo-records.js';
import { ensureBucket, ensureTable } from '../../functions/adapters/aws/provision.js';
import { S3Blobs } from '../../functions/adapters/aws/s3-blobs.js';
import { startEmbeddedAws } from '../../functions/adapters/local/embedded-aws.js';
import type { Records } from '../../functions/ports/records.js';

describe('embedded emulators', () => {
  it('keep table items and objects across a restart on the same data directory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-restart-'));
    const session = async <T>(use: (records: Records, blobs: S3Blobs) => Promise<T>): Promise<T> => {
      const aws = await startEmbeddedAws({ dataDir });
      const clients = createAwsClients({
        region: 'us-east-1',
        dynamoEndpoint: aws.dynamoEndpoint,
        s3Endpoint: aws.s3Endpoint,
        credentials: aws.credentials,
      });
      try {
        // Provisioning twice in a row, and again after the restart, must be harmless.
        await ensureTable(clients.dynamo, 'app');
        await ensureTable(clients.dynamo, 'app');
        await ensureBucket(clients.s3, 'app');
        await ensureBucket(clients.s3, 'app');
        return await use(new DynamoRecords(clients.dynamo, 'app'), new S3Blobs(clients.s3, 'app'));
      } finally {
        clients.dynamo.destroy();
        clients.s3.destroy();
        await aws.stop();
      }
    };
    try {
      await session(async (records, blobs) => {
        await records.put({ pk: 'org#1', sk: 'key#1', name: 'kept' });
        await blobs.put('org#1/file', 'kept bytes');
      });
      const [item, bytes] = await session((records, blobs) =>
        Promise.all([records.get({ pk: 'org#1', sk: 'key#1' }), blobs.get('org#1/file')]),
      );
      expect(item).toEqual({ pk: 'org#1', sk: 'key#1', name: 'kept' });
      expect(bytes?.toString()).toBe('kept bytes');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
