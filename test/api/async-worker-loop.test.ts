/** The local worker loop: failed messages come back after a pause, a poison message is given up, stop is bounded. */
import { describe, expect, it } from 'vitest';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import type { Deps } from '../../functions/api/deps.js';
import { startRequestWorker } from '../../functions/worker/local-loop.js';

const quietLog = () => {
  const lines: string[] = [];
  const log = {
    debug: () => {},
    info: () => {},
    warn: (m: string) => lines.push(`warn ${m}`),
    error: (m: string) => lines.push(`error ${m}`),
  };
  return { lines, log: { ...log, child: () => log } };
};

describe('local request worker', () => {
  it('retries a failing message after a pause and gives it up after the receive limit', async () => {
    const queue = new MemoryQueue();
    const { lines, log } = quietLog();
    const deps = { asyncRequests: { queue }, log } as unknown as Deps;
    await queue.send('not a request message');
    const worker = startRequestWorker(deps, { retrySeconds: 0.05, maxReceives: 3 });
    const deadline = Date.now() + 5_000;
    while (queue.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    expect(queue.size).toBe(0);
    expect(lines).toEqual([
      'warn async request message failed; it will be tried again',
      'warn async request message failed; it will be tried again',
      'error async request message given up after repeated failures',
    ]);
  });

  it('stops within its grace period even while a long poll is waiting', async () => {
    const queue = new MemoryQueue();
    const deps = { asyncRequests: { queue }, log: quietLog().log } as unknown as Deps;
    const worker = startRequestWorker(deps);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await worker.stop(2_000);
    // Far under the 2 s grace, with slack for a loaded machine.
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
