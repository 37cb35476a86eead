/**
 * Work that takes turns per key: at most `limit` runs of one key at once, the rest waiting first come, first
 * served. Keys share nothing, so one key's queue never delays another's. The state is this process's; a key with
 * nothing running has no entry, so the map holds only busy keys.
 */
export type TakeTurn = <T>(key: string, work: () => Promise<T>, signal?: AbortSignal) => Promise<T>;

interface Queue {
  running: number;
  waiting: Array<() => void>;
}

export const keyedTurns = (limit: number): TakeTurn => {
  const queues = new Map<string, Queue>();
  const done = (key: string, queue: Queue) => {
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    const next = queue.waiting.shift();
    if (next) return next();
    queue.running -= 1;
    if (queue.running === 0) queues.delete(key);
  };
  return async (key, work, signal) => {
    signal?.throwIfAborted();
    let queue = queues.get(key);
    if (!queue) queues.set(key, (queue = { running: 0, waiting: [] }));
    if (queue.running < limit) queue.running += 1;
    else await waitTurn(queue, signal);
    try {
      return await work();
    } finally {
      done(key, queue);
    }
  };
};

/** Waits to be handed a slot; a waiter whose signal aborts leaves the queue, so a closed stream holds no place. */
const waitTurn = (queue: Queue, signal?: AbortSignal): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      queue.waiting.splice(queue.waiting.indexOf(handOver), 1);
      reject(signal?.reason);
    };
    const handOver = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    queue.waiting.push(handOver);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
