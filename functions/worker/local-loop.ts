/**
 * The in-process consumer of the async-request queue (the local service): the same handler as the SQS Lambda,
 * fed by long polls instead of Lambda events. Stopping aborts the poll and any running operation (which leaves
 * its request pending for the next start) and waits, bounded, for work in hand to settle.
 */
import { abandonRequestMessage, handleRequestMessage } from '../core/requests/run.js';
import type { Deps } from '../api/deps.js';
import type { QueueMessage } from '../ports/queue.js';

export interface RequestWorker {
  stop(graceMs?: number): Promise<void>;
}

export interface RequestWorkerOptions {
  /** Messages handled at once. */
  concurrency?: number;
  /** How long a received message stays hidden while it runs (an operation may take minutes). */
  visibilitySeconds?: number;
  /** After a failed attempt, how soon the message is tried again. */
  retrySeconds?: number;
  /** Give a message up (logged) after this many receives, as SQS's dead-letter queue does on AWS. */
  maxReceives?: number;
}

export const startRequestWorker = (deps: Deps, options: RequestWorkerOptions = {}): RequestWorker => {
  const { concurrency = 4, visibilitySeconds = 900, retrySeconds = 5, maxReceives = 5 } = options;
  const queue = deps.asyncRequests.queue;
  const abort = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let slotFreed: () => void = () => {};

  const handle = async (message: QueueMessage) => {
    try {
      await handleRequestMessage(deps, message.body, abort.signal);
      await queue.delete(message.receipt);
    } catch (error) {
      if (abort.signal.aborted) return; // stopping: the message (and its request) wait for the next start
      if (message.receiveCount >= maxReceives) {
        deps.log.error('async request message given up after repeated failures', {
          body: message.body,
          error: String(error),
        });
        await abandonRequestMessage(deps, message.body, String(error)).catch((failure: unknown) =>
          deps.log.error('could not end a given-up async request', { body: message.body, error: String(failure) }),
        );
        await queue.delete(message.receipt).catch(() => undefined);
        return;
      }
      deps.log.warn('async request message failed; it will be tried again', {
        error: String(error),
        receiveCount: message.receiveCount,
      });
      await queue.changeVisibility(message.receipt, retrySeconds).catch(() => undefined);
    }
  };

  const loop = async () => {
    while (!abort.signal.aborted) {
      if (inFlight.size >= concurrency) {
        await new Promise<void>((resolve) => (slotFreed = resolve));
        continue;
      }
      let messages: QueueMessage[];
      try {
        messages = await queue.receive({
          max: concurrency - inFlight.size,
          waitSeconds: 20,
          visibilitySeconds,
          signal: abort.signal,
        });
      } catch (error) {
        if (abort.signal.aborted) break;
        deps.log.warn('async request queue receive failed', { error: String(error) });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      for (const message of messages) {
        const work = handle(message).finally(() => {
          inFlight.delete(work);
          slotFreed();
        });
        inFlight.add(work);
      }
    }
  };
  const running = loop();

  return {
    stop: async (graceMs = 5_000) => {
      abort.abort();
      slotFreed();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled([running, ...inFlight]), late]);
      clearTimeout(timer);
    },
  };
};
