/**
 * The local service with its async queue on SQS (the real SDK against the loopback SQS stand-in): requests run
 * through SQS, and webhook retries ride the queue as delayed messages (whole seconds, as SQS counts them).
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsQueue } from '../../functions/adapters/aws/sqs-queue.js';
import { succeeded } from '../../functions/core/operations/result.js';
import { acceptFillForm, deliveryEnded, startFailOnceReceiver } from '../support/async-request.js';
import { startFakeSqs, type FakeSqs } from '../support/fake-sqs.js';
import { waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let sqs: FakeSqs;
let client: SQSClient;
let svc: TestService;
let receiver: Awaited<ReturnType<typeof startFailOnceReceiver>>;
let queueUrl: string;

beforeAll(async () => {
  sqs = await startFakeSqs();
  client = new SQSClient({ endpoint: sqs.endpoint, region: sqs.region, credentials: sqs.credentials });
  queueUrl = await sqs.createQueue('requests', { VisibilityTimeout: 60 });
  receiver = await startFailOnceReceiver();
  svc = await startTestService(
    { warmPoolSize: 1, webhookRetryBaseMs: 200, webhookMaxAttempts: 3 },
    { queue: new SqsQueue(client, queueUrl), asyncOperations: { fillForm: async () => succeeded('via SQS') } },
  );
});
afterAll(async () => {
  await svc?.stop();
  client?.destroy();
  await sqs?.close();
  await receiver?.close();
});

describe('async requests over SQS', () => {
  it('runs the request from SQS and retries its webhook through a delayed message', async () => {
    const res = await acceptFillForm(svc, receiver.url);
    expect(res.statusCode).toBe(201);
    const done = await deliveryEnded(svc, res.json.requestId);
    expect(done.json).toMatchObject({ status: 'completed', response: { data: { modelResponse: 'via SQS' } } });
    // The receiver's count tells a retry never sent from one sent but not recorded.
    expect(
      done.json.webhook.attempts.map((a: { statusCode: number }) => a.statusCode),
      `the receiver saw ${receiver.posts.length} posts; the delivery is ${done.json.webhook.state}`,
    ).toEqual([500, 200]);
    // 200 ms rounds up to SQS's 1 s granularity: a retry is never earlier than scheduled.
    expect(receiver.posts[1] - receiver.posts[0]).toBeGreaterThanOrEqual(950);
    expect(sqs.calls).toEqual(expect.arrayContaining(['SendMessage', 'ReceiveMessage', 'DeleteMessage']));
    await waitFor(
      async () => sqs.messages(queueUrl).length,
      (n) => n === 0,
      30_000,
    );
    expect(sqs.messages(queueUrl)).toEqual([]);
  });
});
