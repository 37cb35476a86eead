/**
 * Takes session starts from the start queue, one at a time and only while the host has a free slot: a host at
 * capacity does not even poll, so starts wait in the queue for a host with room (or one that scaling adds). A start
 * whose handling throws is made visible again at once for another host; the handler decides when to give up (it
 * sees the receive count), and the queue's redrive policy catches whatever keeps failing.
 */
import type { Queue, QueueMessage } from '../../ports/queue.js';
import type { HostLogger } from '../types.js';

export interface StartQueueConsumerOptions {
  queue: Queue;
  /** Free slots now; the consumer polls only while this is above the starts it is still taking. */
  room: () => number;
  /** Handle one start; throwing hands it back to the queue. */
  handle: (message: QueueMessage) => Promise<void>;
  log?: HostLogger;
  /** Long-poll length. @default 20 (SQS's maximum) */
  waitSeconds?: number;
  /** How often a full host looks again for room when nothing told it a slot freed. @default 1000 */
  idleCheckMs?: number;
}

export class StartQueueConsumer {
  private readonly abort = new AbortController();
  private loop?: Promise<void>;
  private wake?: () => void;
  private readonly taking = new Set<Promise<void>>();

  constructor(private readonly options: StartQueueConsumerOptions) {}

  /** Starts taken and not finished: they hold a slot the host's own count does not show yet. */
  get pending(): number {
    return this.taking.size;
  }

  run(): void {
    this.loop ??= this.poll();
  }

  /** A slot freed: look at the queue now instead of at the next idle check. */
  notifyRoom(): void {
    this.wake?.();
  }

  /** Stops taking starts (drain): an open long poll ends at once; starts already taken finish first. */
  async stop(): Promise<void> {
    this.abort.abort();
    this.wake?.();
    await this.loop;
    await Promise.all(this.taking);
  }

  private async poll(): Promise<void> {
    const { queue, log } = this.options;
    const { signal } = this.abort;
    while (!signal.aborted) {
      if (this.options.room() - this.taking.size <= 0) {
        await this.sleep(this.options.idleCheckMs ?? 1_000);
        continue;
      }
      let messages: QueueMessage[];
      try {
        messages = await queue.receive({ max: 1, waitSeconds: this.options.waitSeconds ?? 20, signal });
      } catch (error) {
        if (signal.aborted) break;
        log?.('warn', 'start queue receive failed; retrying', { error: String(error) });
        await this.sleep(1_000);
        continue;
      }
      for (const message of messages) {
        if (signal.aborted) {
          // Taken just as the drain began: straight back to another host.
          await queue.changeVisibility(message.receipt, 0).catch(() => undefined);
          continue;
        }
        const taken = this.take(message).finally(() => {
          this.taking.delete(taken);
          this.wake?.();
        });
        this.taking.add(taken);
      }
    }
  }

  private async take(message: QueueMessage): Promise<void> {
    const { queue, log } = this.options;
    try {
      await this.options.handle(message);
      await queue.delete(message.receipt);
    } catch (error) {
      log?.('warn', 'session start failed on this host; handing it back to the queue', {
        messageId: message.id,
        error: String(error),
      });
      await queue.changeVisibility(message.receipt, 0).catch(() => undefined);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
