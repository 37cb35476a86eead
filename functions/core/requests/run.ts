/**
 * The worker's one piece of logic, shared by the SQS Lambda and the local loop: take a queue message, run the
 * request's operation (or retry its webhook), store the outcome, deliver the webhook.
 *
 * Delivery is at least once: a message may arrive twice, so every step checks the stored state first, and every
 * write is conditional on the version read.
 */
import { ConditionFailedError, MAX_RECORD_BYTES, RecordTooLargeError } from '../../ports/records.js';
import { toAppError } from '../shared/errors.js';
import { recordKeys } from '../shared/record-keys.js';
import { attemptDelivery, queueDelivery, untilNextAttempt } from '../webhooks/deliver.js';
import { isAsyncOperationId, type RequestDeps } from './deps.js';
import { completedChanges, decodeMessage, type RequestItem } from './model.js';

/** The operation was stopped because this process is shutting down: the request stays pending for the next start. */
export class WorkerStoppingError extends Error {
  constructor() {
    super('the worker is stopping; the request stays pending');
    this.name = 'WorkerStoppingError';
  }
}

const reasonOf = (error: unknown): string => {
  const known = toAppError(error);
  return known.expose ? known.message : 'the operation failed with an internal error';
};

type Outcome = ReturnType<typeof completedChanges> | { status: 'error'; error: string };

const runOperation = async <D extends RequestDeps<D>>(
  deps: D,
  item: RequestItem,
  signal?: AbortSignal,
): Promise<Outcome> => {
  const settings = deps.asyncRequests;
  const operation = isAsyncOperationId(item.operation) ? settings.operations[item.operation] : undefined;
  if (!operation) return { status: 'error', error: `the operation ${item.operation} is not available in this service` };
  try {
    const target = { orgId: item.orgId, sessionId: item.sessionId, windowId: item.windowId };
    // Stored raw: the status read and the webhook shape it (`statusBody`), so the record outlives a change of shape.
    return completedChanges(await operation(deps, target, JSON.parse(item.body), signal));
  } catch (error) {
    if (signal?.aborted) throw new WorkerStoppingError();
    if (!toAppError(error).expose)
      deps.log.warn('async operation failed', { requestId: item.requestId, error: String(error) });
    return { status: 'error', error: reasonOf(error) };
  }
};

/**
 * Stores a run's outcome. A result too large for the request's record ends the request in error saying so, where
 * the failed write would have had the operation run again on every receive of its message.
 */
const storeOutcome = async <D extends RequestDeps<D>>(
  deps: D,
  key: ReturnType<typeof recordKeys.request>,
  item: RequestItem,
  changes: Record<string, unknown>,
): Promise<RequestItem> => {
  const expectVersion = item.version ?? 0;
  try {
    return (await deps.records.update(key, changes, { expectVersion })) as RequestItem;
  } catch (error) {
    if (!(error instanceof RecordTooLargeError)) throw error;
    const tooLarge = {
      ...changes,
      status: 'error',
      error: `the operation ran, but its result is larger than the ${MAX_RECORD_BYTES} bytes a request record holds, so it was not kept`,
      result: undefined,
      resultForm: undefined,
    };
    return (await deps.records.update(key, tooLarge, { expectVersion })) as RequestItem;
  }
};

/** Runs a pending request to its end, then delivers its webhook (first attempt; retries come back as messages). */
export const runRequest = async <D extends RequestDeps<D>>(
  deps: D,
  orgId: string,
  requestId: string,
  signal?: AbortSignal,
): Promise<RequestItem | undefined> => {
  const key = recordKeys.request(orgId, requestId);
  let item = await deps.records.get<RequestItem>(key);
  if (!item) return undefined; // expired or never stored: nothing left to do
  if (item.status === 'pending') {
    const outcome = await runOperation(deps, item, signal);
    const changes = {
      ...outcome,
      completedAt: deps.clock.now().toISOString(),
      ...(item.webhook
        ? { webhook: { ...item.webhook, nextAttemptAt: deps.clock.now().toISOString() } }
        : { gsi1pk: undefined, gsi1sk: undefined }),
    };
    try {
      item = await storeOutcome(deps, key, item, changes);
    } catch (error) {
      if (error instanceof ConditionFailedError) return deps.records.get<RequestItem>(key); // a duplicate run finished first
      throw error;
    }
  } else if (item.webhook?.state !== 'pending') {
    return item; // already run; its webhook is delivered or given up
  } else if (item.webhook.attempts.length > 0) {
    // Already run, and its webhook waits for a retry. The run message comes back only after a handling that failed
    // (or as a duplicate): the failure may have been the scheduling of that retry, after its attempt was recorded,
    // and nothing else would ever schedule it. Scheduled again, a retry costs at most one extra attempt.
    await queueDelivery(deps, item, untilNextAttempt(item, deps.clock.now().getTime()));
    return item;
  }
  if (item.webhook?.state === 'pending') await attemptDelivery(deps, item);
  return item;
};

/** One retry of a webhook, when its scheduled message arrives. */
export const retryDelivery = async <D extends RequestDeps<D>>(
  deps: D,
  orgId: string,
  requestId: string,
): Promise<void> => {
  const item = await deps.records.get<RequestItem>(recordKeys.request(orgId, requestId));
  if (item && item.status !== 'pending') await attemptDelivery(deps, item);
};

/** Handles one queue message body. Throws when the message should be delivered again later. */
export const handleRequestMessage = async <D extends RequestDeps<D>>(
  deps: D,
  body: string,
  signal?: AbortSignal,
): Promise<void> => {
  const message = decodeMessage(body);
  if (message.kind === 'run') await runRequest(deps, message.orgId, message.requestId, signal);
  else await retryDelivery(deps, message.orgId, message.requestId);
};

/**
 * The queue is about to give a message up (its last receive failed): the request must not stay `pending` for ever.
 * A run that never finished ends in `error` with the reason, and its webhook (if any) still tells the client; a
 * webhook retry that cannot be handled marks the delivery failed. Idempotent, like every step here.
 */
export const abandonRequestMessage = async <D extends RequestDeps<D>>(
  deps: D,
  body: string,
  reason: string,
): Promise<void> => {
  let message;
  try {
    message = decodeMessage(body);
  } catch {
    return; // not a request message: nothing to end
  }
  const key = recordKeys.request(message.orgId, message.requestId);
  const item = await deps.records.get<RequestItem>(key);
  if (!item) return;
  const now = deps.clock.now().toISOString();
  deps.log.warn('async request given up', { requestId: item.requestId, kind: message.kind, reason });
  if (message.kind === 'run' && item.status === 'pending') {
    const changes = {
      status: 'error' as const,
      // The reason is the service's own failure (a store, the queue): logged, not shown to the client.
      error: 'the request could not be run: it failed repeatedly inside the service and was given up',
      completedAt: now,
      ...(item.webhook
        ? { webhook: { ...item.webhook, nextAttemptAt: now } }
        : { gsi1pk: undefined, gsi1sk: undefined }),
    };
    try {
      const ended = (await deps.records.update(key, changes, { expectVersion: item.version ?? 0 })) as RequestItem;
      if (ended.webhook?.state === 'pending') await attemptDelivery(deps, ended);
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error; // otherwise another run ended it meanwhile
    }
    return;
  }
  if (message.kind === 'deliver' && item.webhook?.state === 'pending') {
    await deps.records
      .update(
        key,
        {
          webhook: { ...item.webhook, state: 'failed', nextAttemptAt: undefined },
          gsi1pk: undefined,
          gsi1sk: undefined,
        },
        { expectVersion: item.version ?? 0 },
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConditionFailedError)) throw error;
      });
  }
};
