/**
 * The queue port in process (local service): the same visibility-timeout and delay semantics as SQS, so the
 * worker code that consumes it behaves as it will on AWS. Messages live in memory; what must survive a restart
 * (pending requests, webhook retries) is kept in the records store and re-enqueued at start.
 */
import { randomUUID } from 'node:crypto';
import { MAX_DELAY_SECONDS, type Queue, type QueueMessage, type ReceiveOptions } from '../../ports/queue.js';

interface Held {
  id: string;
  body: string;
  visibleAt: number;
  receiveCount: number;
  receipt?: string;
}

export class MemoryQueue implements Queue {
  private readonly messages: Held[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(private readonly options: { visibilitySeconds?: number } = {}) {}

  async send(body: string, options: { delaySeconds?: number } = {}): Promise<void> {
    const delay = options.delaySeconds ?? 0;
    if (!(delay >= 0 && delay <= MAX_DELAY_SECONDS))
      throw new RangeError(`delaySeconds must be 0–${MAX_DELAY_SECONDS}, got ${delay}`);
    this.messages.push({ id: randomUUID(), body, visibleAt: Date.now() + delay * 1000, receiveCount: 0 });
    this.wake();
  }

  async receive(options: ReceiveOptions = {}): Promise<QueueMessage[]> {
    const max = Math.min(Math.max(options.max ?? 1, 1), 10);
    const visibilityMs = (options.visibilitySeconds ?? this.options.visibilitySeconds ?? 30) * 1000;
    const deadline = Date.now() + (options.waitSeconds ?? 0) * 1000;
    for (;;) {
      const now = Date.now();
      const taken = this.messages.filter((m) => m.visibleAt <= now).slice(0, max);
      if (taken.length > 0 || now >= deadline || options.signal?.aborted) {
        return taken.map((m) => {
          m.receiveCount += 1;
          m.receipt = randomUUID();
          m.visibleAt = now + visibilityMs;
          return { id: m.id, body: m.body, receipt: m.receipt, receiveCount: m.receiveCount };
        });
      }
      await this.nextChance(deadline, options.signal);
    }
  }

  async delete(receipt: string): Promise<void> {
    const index = this.messages.findIndex((m) => m.receipt === receipt);
    if (index < 0) throw new Error(`receipt ${receipt} is not the latest delivery of any message`);
    this.messages.splice(index, 1);
  }

  async changeVisibility(receipt: string, seconds: number): Promise<void> {
    const message = this.messages.find((m) => m.receipt === receipt);
    if (!message) throw new Error(`receipt ${receipt} is not the latest delivery of any message`);
    message.visibleAt = Date.now() + seconds * 1000;
    this.wake();
  }

  /** Messages held, visible or not (for tests and diagnostics). */
  get size(): number {
    return this.messages.length;
  }

  private wake(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /** Sleeps until something may have become visible: a send, a visibility change, the soonest timer, or the end. */
  private nextChance(deadline: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const now = Date.now();
      const soonest = Math.min(deadline, ...this.messages.map((m) => m.visibleAt).filter((at) => at > now));
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, soonest - now));
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
