/**
 * A webhook retry whose scheduling fails after its attempt was recorded is not lost: the request's run message,
 * handed back by the queue after the failed handling, schedules the retry again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import { succeeded } from '../../functions/core/operations/result.js';
import { acceptFillForm, deliveryEnded, startFailOnceReceiver } from '../support/async-request.js';
import { startTestService, type TestService } from '../support/service.js';

/** The in-process queue, refusing the first retry it is asked to schedule (a queue briefly out of reach). */
class QueueRefusingFirstRetry extends MemoryQueue {
  refused = 0;
  override async send(body: string, options?: { delaySeconds?: number }): Promise<void> {
    if (this.refused === 0 && JSON.parse(body).kind === 'deliver') {
      this.refused += 1;
      throw new Error('the queue is out of reach');
    }
    return super.send(body, options);
  }
}

let svc: TestService;
let receiver: Awaited<ReturnType<typeof startFailOnceReceiver>>;
const queue = new QueueRefusingFirstRetry();

beforeAll(async () => {
  receiver = await startFailOnceReceiver();
  svc = await startTestService(
    { warmPoolSize: 1, webhookRetryBaseMs: 100, webhookMaxAttempts: 3 },
    { queue, asyncOperations: { fillForm: async () => succeeded('filled') } },
  );
});
afterAll(async () => {
  await svc?.stop();
  await receiver?.close();
});

describe('a webhook retry the queue refused to schedule', () => {
  it('is scheduled again when the run message comes back, and delivers', async () => {
    const res = await acceptFillForm(svc, receiver.url);
    expect(res.statusCode).toBe(201);
    // The run message comes back after the worker's retry wait (5 s).
    const done = await deliveryEnded(svc, res.json.requestId);
    expect(queue.refused).toBe(1);
    expect(done.json).toMatchObject({ status: 'completed', webhook: { state: 'delivered' } });
    expect(done.json.webhook.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
    expect(receiver.posts).toHaveLength(2);
  });
});
