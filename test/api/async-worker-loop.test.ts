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

  it("keeps a slot for other orgs: one org's slow requests do not hold every slot", async () => {
    const queue = new MemoryQueue();
    const deps = { asyncRequests: { queue }, log: quietLog().log } as unknown as Deps;
    const message = (orgId: string, n: number) => JSON.stringify({ kind: 'run', orgId, requestId: `${orgId}-${n}` });
    for (let n = 0; n < 6; n += 1) await queue.send(message('greedy', n));
    await queue.send(message('other', 0));
    const started: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const worker = startRequestWorker(deps, {
      concurrency: 4,
      handle: async (body) => {
        const { requestId } = JSON.parse(body) as { requestId: string };
        started.push(requestId);
        if (requestId.startsWith('greedy')) await held;
      },
    });
    const deadline = Date.now() + 5_000;
    while (!started.includes('other-0') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const greedyAtOnce = started.filter((id) => id.startsWith('greedy')).length;
    release();
    while (queue.size > 0 && Date.now() < deadline + 10_000) await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(started).toContain('other-0');
    expect(greedyAtOnce).toBe(3);
    expect(started.filter((id) => id.startsWith('greedy')).sort()).toEqual([
      'greedy-0',
      'greedy-1',
      'greedy-2',
      'greedy-3',
      'greedy-4',
      'greedy-5',
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
