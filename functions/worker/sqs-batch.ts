/**
 * The SQS consumer of async requests and webhook retries; its Lambda entry is
 * composition/lambda/entries/async-requests.ts. Each record is handled on its own; the ones that fail are named in
 * `batchItemFailures`, so SQS delivers only those again (partial batch response; the event source mapping must
 * enable ReportBatchItemFailures) and the queue's redrive policy dead-letters them at last.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { abandonRequestMessage, handleRequestMessage } from '../core/requests/run.js';
import { ENV } from '../config/env.js';
import type { Deps } from '../api/deps.js';

/**
 * The queue's `maxReceiveCount` (ASYNC_MAX_RECEIVES, set by the stack from the redrive policy): a message failing
 * on its last receive is given up here, its request ended in `error`, rather than left `pending` in the DLQ.
 */
const maxReceives = (env: NodeJS.ProcessEnv): number => Number(env[ENV.asyncMaxReceives]) || 5;

export const createAsyncRequestsHandler = (getDeps: () => Deps, env: NodeJS.ProcessEnv = process.env) =>
  middy(
    async (event: SQSEvent, _context: Context, { signal }: { signal: AbortSignal }): Promise<SQSBatchResponse> => {
      const deps = getDeps();
      const outcomes = await Promise.allSettled(
        event.Records.map((record) => handleRequestMessage(deps, record.body, signal)),
      );
      const failed = await Promise.all(
        event.Records.map(async (record, i) => {
          const outcome = outcomes[i];
          if (outcome.status === 'fulfilled') return false;
          const receives = Number(record.attributes?.ApproximateReceiveCount ?? 1);
          if (receives >= maxReceives(env) && !signal.aborted) {
            deps.log.error('async request message given up after repeated failures', {
              messageId: record.messageId,
              receives,
              error: String(outcome.reason),
            });
            // Ended here, the message can go; if even that fails, SQS's redrive keeps it in the dead-letter queue.
            return abandonRequestMessage(deps, record.body, String(outcome.reason)).then(
              () => false,
              () => true,
            );
          }
          deps.log.warn('async request message failed; SQS will deliver it again', {
            messageId: record.messageId,
            receives,
            error: String(outcome.reason),
          });
          return true;
        }),
      );
      return {
        batchItemFailures: event.Records.filter((_, i) => failed[i]).map((record) => ({
          itemIdentifier: record.messageId,
        })),
      };
    },
    // Abort running operations shortly before the function times out, so they end as failures SQS retries.
    { timeoutEarlyInMillis: 5_000 },
  );
