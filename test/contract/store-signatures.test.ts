/**
 * The embedded stores answer only requests signed with their data dir's key: an unsigned request (a page, a
 * navigation, curl), one signed with another key, a tampered or expired pre-signed URL all get 403 and no data;
 * the SDK with the right key, and pre-signed URLs as handed out, work.
 */
import { ScanCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAwsClients } from '../../functions/adapters/aws/clients.js';
import { withEmbeddedAws, type EmbeddedAwsFixture } from '../support/embedded.js';

let aws: EmbeddedAwsFixture;
beforeAll(async () => {
  aws = await withEmbeddedAws();
  await aws.records.put({ pk: 'ORG#victim', sk: 'APIKEY#1', hash: 'secret-hash' });
  await aws.blobs.put('files/victim/1', 'private bytes');
});
afterAll(async () => {
  await aws?.stop();
});

const scan = (tableName: string) => JSON.stringify({ TableName: tableName });
const dynamoHeaders = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Scan' };

describe('unsigned requests', () => {
  it('cannot scan the table, with or without a made-up Authorization header', async () => {
    for (const headers of [
      dynamoHeaders,
      {
        ...dynamoHeaders,
        authorization:
          'AWS4-HMAC-SHA256 Credential=S3RVER/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00',
      },
    ]) {
      const response = await fetch(aws.endpoints.dynamo, { method: 'POST', headers, body: scan(aws.tableName) });
      const text = await response.text();
      expect(response.status).toBe(403);
      expect(text).not.toContain('secret-hash');
    }
  });

  it('cannot list buckets, list the bucket or read an object', async () => {
    for (const path of ['/', `/${aws.bucket}`, `/${aws.bucket}?list-type=2`, `/${aws.bucket}/files/victim/1`]) {
      const response = await fetch(`${aws.endpoints.s3}${path}`);
      const text = await response.text();
      expect(response.status, path).toBe(403);
      expect(text).not.toContain('private bytes');
      expect(text).not.toContain('files/victim');
    }
  });

  it('cannot write an object', async () => {
    const put = await fetch(`${aws.endpoints.s3}/${aws.bucket}/files/victim/1`, { method: 'PUT', body: 'overwritten' });
    expect(put.status).toBe(403);
    expect((await aws.blobs.get('files/victim/1'))?.toString()).toBe('private bytes');
  });
});

describe('requests signed with another key', () => {
  it('are refused by both stores', async () => {
    const wrong = createAwsClients({
      region: 'us-east-1',
      dynamoEndpoint: aws.endpoints.dynamo,
      s3Endpoint: aws.endpoints.s3,
      credentials: { accessKeyId: aws.credentials.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    try {
      await expect(wrong.dynamo.send(new ScanCommand({ TableName: aws.tableName }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
      await expect(wrong.s3.send(new ListObjectsV2Command({ Bucket: aws.bucket }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    } finally {
      wrong.dynamo.destroy();
      wrong.s3.destroy();
    }
  });

  it('the right key works through the SDK', async () => {
    const right = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: aws.endpoints.dynamo,
      credentials: { ...aws.credentials },
    });
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: aws.endpoints.s3,
      forcePathStyle: true,
      credentials: { ...aws.credentials },
    });
    try {
      expect((await right.send(new ScanCommand({ TableName: aws.tableName }))).Count).toBeGreaterThan(0);
      expect((await s3.send(new ListObjectsV2Command({ Bucket: aws.bucket }))).KeyCount).toBeGreaterThan(0);
    } finally {
      right.destroy();
      s3.destroy();
    }
  });
});

describe('pre-signed URLs', () => {
  it('work as handed out, and not once tampered with or past their expiry', async () => {
    const url = await aws.blobs.presignGet('files/victim/1', 300, { fileName: 'a.txt' });
    expect(await (await fetch(url)).text()).toBe('private bytes');

    const otherKey = url.replace('/files/victim/1?', '/files/victim/2?');
    expect((await fetch(otherKey)).status).toBe(403);
    const otherName = url.replace('a.txt', 'b.txt');
    expect((await fetch(otherName)).status).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '600');
    expect((await fetch(longer)).status).toBe(403);
    const expired = new URL(url);
    expired.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await fetch(expired)).status).toBe(403);
  });

  it('a browser may still preflight an upload to one (CORS)', async () => {
    const url = await aws.blobs.presignPut('files/victim/3', 300);
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://example.test', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});
