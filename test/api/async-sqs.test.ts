/**
 * The local service with its async queue on SQS (the real SDK against the loopback SQS stand-in): requests run
 * through SQS, and webhook retries ride the queue as delayed messages (whole seconds, as SQS counts them).
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsQueue } from '../../functions/adapters/aws/sqs-queue.js';
import { succeeded } from '../../functions/core/operations/result.js';
import { startFakeSqs, type FakeSqs } from '../support/fake-sqs.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let sqs: FakeSqs;
let client: SQSClient;
let svc: TestService;
let receiver: http.Server;
let hook: string;
let queueUrl: string;
const posts: number[] = [];

beforeAll(async () => {
  sqs = await startFakeSqs();
  client = new SQSClient({ endpoint: sqs.endpoint, region: sqs.region, credentials: sqs.credentials });
  queueUrl = await sqs.createQueue('requests', { VisibilityTimeout: 60 });
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts.push(Date.now());
      res.statusCode = posts.length === 1 ? 500 : 200; // the first attempt fails
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  svc = await startTestService(
    { warmPoolSize: 1, webhookRetryBaseMs: 200, webhookMaxAttempts: 3 },
    { queue: new SqsQueue(client, queueUrl), asyncOperations: { fillForm: async () => succeeded('via SQS') } },
  );
});
afterAll(async () => {
  await svc?.stop();
  client?.destroy();
  await sqs?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('async requests over SQS', () => {
  it('runs the request from SQS and retries its webhook through a delayed message', async () => {
    const sessionId = (await createRunningSession(svc)).id;
    const windowId = (
      await svc.app.inject({
        method: 'POST',
        path: `/v1/sessions/${sessionId}/windows`,
        headers: svc.auth,
        body: { url: 'about:blank' },
      })
    ).json.data.windowId;
    const res = await svc.app.inject({
      method: 'POST',
      path: `/v1/async/sessions/${sessionId}/windows/${windowId}/fill-form`,
      headers: svc.auth,
      body: { automationId: 'a', async: { webhookUrl: hook } },
    });
    expect(res.statusCode).toBe(201);
    const done = await waitFor(
      () => svc.app.inject({ method: 'GET', path: `/v1/requests/${res.json.requestId}/status`, headers: svc.auth }),
      (r) => r.json.webhook?.state === 'delivered',
      15_000,
    );
    expect(done.json).toMatchObject({ status: 'completed', response: { data: { modelResponse: 'via SQS' } } });
    expect(done.json.webhook.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
    // 200 ms rounds up to SQS's 1 s granularity: a retry is never earlier than scheduled.
    expect(posts[1] - posts[0]).toBeGreaterThanOrEqual(950);
    expect(sqs.calls).toEqual(expect.arrayContaining(['SendMessage', 'ReceiveMessage', 'DeleteMessage']));
    await waitFor(
      async () => sqs.messages(queueUrl).length,
      (n) => n === 0,
    );
    expect(sqs.messages(queueUrl)).toEqual([]);
  });
});
