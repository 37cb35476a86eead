/**
 * The in-process consumer of the async-request queue (the local service): the same handler as the SQS Lambda,
 * fed by long polls instead of Lambda events. Stopping aborts the poll and any running operation (which leaves
 * its request pending for the next start) and waits, bounded, for work in hand to settle. The slots are shared by
 * every org, so no org holds them all: a message of an org already running its share waits its turn.
 */
import { decodeMessage } from '../core/requests/model.js';
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
  /** Messages of one org handled at once: fewer than all the slots, so other orgs' work is not held up. */
  perOrg?: number;
  /** How a message is handled: the async request runner unless a test gives its own. */
  handle?: (body: string, signal: AbortSignal) => Promise<void>;
}

/** A message put back because its org was at its share comes again this soon. */
const WAIT_TURN_SECONDS = 1;

const orgOf = (body: string): string | undefined => {
  try {
    return decodeMessage(body).orgId;
  } catch {
    return undefined;
  }
};

export const startRequestWorker = (deps: Deps, options: RequestWorkerOptions = {}): RequestWorker => {
  const { concurrency = 4, visibilitySeconds = 900, retrySeconds = 5, maxReceives = 5 } = options;
  const perOrg = Math.max(1, options.perOrg ?? concurrency - 1);
  const run = options.handle ?? ((body: string, signal: AbortSignal) => handleRequestMessage(deps, body, signal));
  const runningFor = new Map<string, number>();
  /** Receives of a message that only waited for its org's turn: they are no failed attempts. */
  const waited = new Map<string, number>();
  const queue = deps.asyncRequests.queue;
  const abort = new AbortController();
  const inFlight = new Set<Promise<void>>();
  let slotFreed: () => void = () => {};

  const handle = async (message: QueueMessage) => {
    const org = orgOf(message.body);
    if (org !== undefined && (runningFor.get(org) ?? 0) >= perOrg) {
      waited.set(message.id, (waited.get(message.id) ?? 0) + 1);
      await queue.changeVisibility(message.receipt, WAIT_TURN_SECONDS).catch(() => undefined);
      return;
    }
    if (org !== undefined) runningFor.set(org, (runningFor.get(org) ?? 0) + 1);
    try {
      await run(message.body, abort.signal);
      await queue.delete(message.receipt);
      waited.delete(message.id);
    } catch (error) {
      if (abort.signal.aborted) return; // stopping: the message (and its request) wait for the next start
      if (message.receiveCount - (waited.get(message.id) ?? 0) >= maxReceives) {
        waited.delete(message.id);
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
    } finally {
      if (org !== undefined) {
        const left = (runningFor.get(org) ?? 1) - 1;
        if (left > 0) runningFor.set(org, left);
        else runningFor.delete(org);
      }
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
