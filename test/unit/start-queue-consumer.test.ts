/** The fleet host's start-queue consumer: it takes starts only while it has room, hands failures back, drains cleanly. */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import { StartQueueConsumer, type StartQueueConsumerOptions } from '../../functions/browser-host/fleet/start-queue.js';
import type { Queue, QueueMessage, ReceiveOptions } from '../../functions/ports/queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The in-memory queue, counting the polls made on it. */
class CountingQueue extends MemoryQueue {
  receives = 0;
  override receive(options?: ReceiveOptions): Promise<QueueMessage[]> {
    this.receives += 1;
    return super.receive(options);
  }
}

const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

const waitFor = async (condition: () => boolean, timeoutMs = 1_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
};

const consumers: StartQueueConsumer[] = [];
/** Short polls and idle checks so each case runs in tens of milliseconds. */
const startConsumer = (
  options: Partial<StartQueueConsumerOptions> & Pick<StartQueueConsumerOptions, 'queue' | 'handle'>,
) => {
  const consumer = new StartQueueConsumer({ room: () => 1, waitSeconds: 0.02, idleCheckMs: 10, ...options });
  consumers.push(consumer);
  consumer.run();
  return consumer;
};

afterEach(async () => {
  await Promise.all(consumers.splice(0).map((consumer) => consumer.stop()));
});

describe('start queue consumer', () => {
  it('does not poll the queue while the host has no free slot', async () => {
    const queue = new CountingQueue();
    const handled: string[] = [];
    let room = 0;
    await queue.send('start-1');
    startConsumer({ queue, room: () => room, handle: async (message) => void handled.push(message.body) });
    await sleep(80);
    expect(queue.receives).toBe(0);
    expect(handled).toEqual([]);

    room = 1;
    await waitFor(() => handled.length === 1);
    expect(handled).toEqual(['start-1']);
  });

  it('counts starts it is still taking against the free slots', async () => {
    const queue = new CountingQueue();
    const launch = deferred();
    const handled: string[] = [];
    await queue.send('start-1');
    await queue.send('start-2');
    const consumer = startConsumer({
      queue,
      room: () => 1,
      handle: async (message) => {
        handled.push(message.body);
        await launch.promise;
      },
    });
    await waitFor(() => handled.length === 1);
    expect(consumer.pending).toBe(1);
    const pollsWhileTaking = queue.receives;
    await sleep(80);
    // The one slot is held by the start being taken: no further poll, the second start stays queued.
    expect(queue.receives).toBe(pollsWhileTaking);
    expect(handled).toEqual(['start-1']);

    launch.release();
    await waitFor(() => handled.length === 2);
    expect(handled).toEqual(['start-1', 'start-2']);
  });

  it('hands a start whose handling throws straight back to the queue, and deletes one that succeeds', async () => {
    const queue = new MemoryQueue({ visibilitySeconds: 30 });
    const deliveries: number[] = [];
    await queue.send('start-1');
    const began = Date.now();
    startConsumer({
      queue,
      handle: async (message) => {
        deliveries.push(message.receiveCount);
        if (message.receiveCount === 1) throw new Error('browser launch failed');
      },
    });
    await waitFor(() => deliveries.length === 2 && queue.size === 0);
    // Visible again at once, not after the 30 s visibility timeout.
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(deliveries).toEqual([1, 2]);
    expect(queue.size).toBe(0);
  });

  it('wakes an idle full host as soon as it is told a slot freed', async () => {
    const queue = new MemoryQueue();
    const handled: string[] = [];
    let room = 0;
    await queue.send('start-1');
    const consumer = startConsumer({
      queue,
      room: () => room,
      idleCheckMs: 10_000,
      handle: async (message) => void handled.push(message.body),
    });
    await sleep(30);
    room = 1;
    const freed = Date.now();
    consumer.notifyRoom();
    await waitFor(() => handled.length === 1);
    // The idle check would take 10 s.
    expect(Date.now() - freed).toBeLessThan(3_000);
  });

  it('ends an open long poll at once when stopped', async () => {
    const queue = new CountingQueue();
    const consumer = startConsumer({ queue, waitSeconds: 20, handle: async () => undefined });
    await waitFor(() => queue.receives === 1);
    const stopping = Date.now();
    await consumer.stop();
    expect(Date.now() - stopping).toBeLessThan(3_000);
  });

  it('stops at once while a full host waits for room', async () => {
    const consumer = startConsumer({
      queue: new MemoryQueue(),
      room: () => 0,
      idleCheckMs: 10_000,
      handle: async () => undefined,
    });
    await sleep(20);
    const stopping = Date.now();
    await consumer.stop();
    expect(Date.now() - stopping).toBeLessThan(3_000);
  });

  it('waits for the starts it is taking before its stop resolves', async () => {
    const queue = new MemoryQueue();
    const launch = deferred();
    let handling = false;
    await queue.send('start-1');
    const consumer = startConsumer({
      queue,
      waitSeconds: 20,
      handle: async () => {
        handling = true;
        await launch.promise;
      },
    });
    await waitFor(() => handling);
    let stopped = false;
    const stop = consumer.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);

    launch.release();
    await stop;
    // The start finished on this host, so it left the queue.
    expect(queue.size).toBe(0);
  });

  it('hands back a start received just as the drain began, without handling it', async () => {
    const visibility: { receipt: string; seconds: number }[] = [];
    // A receive that answers only when the drain aborts it, with a message taken in that same moment.
    const queue: Queue = {
      send: async () => undefined,
      receive: ({ signal } = {}) =>
        new Promise((resolve) =>
          signal?.addEventListener(
            'abort',
            () => resolve([{ id: 'm1', body: 'start-1', receipt: 'r1', receiveCount: 1 }]),
            { once: true },
          ),
        ),
      delete: async () => undefined,
      changeVisibility: async (receipt, seconds) => void visibility.push({ receipt, seconds }),
    };
    const handled: string[] = [];
    const consumer = startConsumer({ queue, handle: async (message) => void handled.push(message.body) });
    await sleep(20);
    await consumer.stop();
    expect(handled).toEqual([]);
    expect(visibility).toEqual([{ receipt: 'r1', seconds: 0 }]);
  });
});
