/**
 * The queue port's contract, on both adapters: the in-process queue, and SqsQueue through the real AWS SDK
 * against the loopback SQS stand-in (test/support/fake-sqs.ts).
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsQueue } from '../../functions/adapters/aws/sqs-queue.js';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import type { Queue } from '../../functions/ports/queue.js';
import { startFakeSqs, type FakeSqs } from '../support/fake-sqs.js';

let sqs: FakeSqs;
let client: SQSClient;
let queues = 0;

beforeAll(async () => {
  sqs = await startFakeSqs();
  client = new SQSClient({ endpoint: sqs.endpoint, region: sqs.region, credentials: sqs.credentials });
});
afterAll(async () => {
  client?.destroy();
  await sqs?.close();
});

const adapters: [string, () => Promise<Queue>][] = [
  ['MemoryQueue', async () => new MemoryQueue({ visibilitySeconds: 30 })],
  [
    'SqsQueue on the SQS stand-in',
    async () => new SqsQueue(client, await sqs.createQueue(`contract-${++queues}`, { VisibilityTimeout: 30 })),
  ],
];

describe.each(adapters)('queue contract: %s', (_name, make) => {
  it('delivers a sent message once, then hides it while it is being worked on', async () => {
    const queue = await make();
    await queue.send('{"n":1}');
    const [message] = await queue.receive({ max: 10 });
    expect(message).toMatchObject({ body: '{"n":1}', receiveCount: 1 });
    expect(message.receipt).not.toBe('');
    expect(await queue.receive({ max: 10 })).toEqual([]);
  });

  it('forgets a deleted message', async () => {
    const queue = await make();
    await queue.send('a');
    const [message] = await queue.receive({ visibilitySeconds: 1 });
    await queue.delete(message.receipt);
    expect(await queue.receive({ waitSeconds: 2 })).toEqual([]);
  });

  it('delivers a message again after its visibility timeout, counting receives', async () => {
    const queue = await make();
    await queue.send('again');
    const [first] = await queue.receive({ visibilitySeconds: 1 });
    expect(await queue.receive()).toEqual([]);
    const [second] = await queue.receive({ waitSeconds: 3 });
    expect(second).toMatchObject({ id: first.id, body: 'again', receiveCount: 2 });
    expect(second.receipt).not.toBe(first.receipt);
  });

  it('makes a message visible at once when its visibility is set to 0', async () => {
    const queue = await make();
    await queue.send('release');
    const [first] = await queue.receive();
    await queue.changeVisibility(first.receipt, 0);
    const [again] = await queue.receive();
    expect(again).toMatchObject({ body: 'release', receiveCount: 2 });
  });

  it('holds a delayed message back until its delay has passed', async () => {
    const queue = await make();
    const sentAt = Date.now();
    await queue.send('later', { delaySeconds: 1 });
    expect(await queue.receive()).toEqual([]);
    const [message] = await queue.receive({ waitSeconds: 3 });
    expect(message?.body).toBe('later');
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(950);
  });

  it('answers a long poll as soon as a message arrives', async () => {
    const queue = await make();
    const started = Date.now();
    setTimeout(() => void queue.send('wake'), 100);
    const [message] = await queue.receive({ waitSeconds: 5 });
    expect(message?.body).toBe('wake');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('ends a long poll early, with nothing, when its signal aborts', async () => {
    const queue = await make();
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    const started = Date.now();
    expect(await queue.receive({ waitSeconds: 10, signal: abort.signal })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('returns at most `max` messages per receive, and all of them across receives', async () => {
    const queue = await make();
    for (let i = 0; i < 5; i += 1) await queue.send(`m${i}`);
    const first = await queue.receive({ max: 3 });
    expect(first.length).toBeLessThanOrEqual(3);
    const rest = await queue.receive({ max: 10 });
    expect([...first, ...rest].map((m) => m.body).sort()).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('refuses a receipt that no longer names the latest delivery', async () => {
    const queue = await make();
    await queue.send('stale');
    const [first] = await queue.receive();
    await queue.changeVisibility(first.receipt, 0);
    const [second] = await queue.receive();
    await expect(queue.delete(first.receipt)).rejects.toThrow();
    await queue.delete(second.receipt);
  });
});
