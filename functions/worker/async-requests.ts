/**
 * The SQS consumer Lambda for async requests and webhook retries. Each record is handled on its own; the ones that
 * fail are named in `batchItemFailures`, so SQS delivers only those again (partial batch response; the event
 * source mapping must enable ReportBatchItemFailures) and the queue's redrive policy dead-letters them at last.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { handleRequestMessage } from '../core/requests/run.js';
import type { Deps } from '../runtime/deps.js';
import { lambdaDeps } from '../runtime/lambda-deps.js';

export const createAsyncRequestsHandler = (getDeps: () => Deps) =>
  middy(
    async (event: SQSEvent, _context: Context, { signal }: { signal: AbortSignal }): Promise<SQSBatchResponse> => {
      const deps = getDeps();
      const outcomes = await Promise.allSettled(event.Records.map((record) => handleRequestMessage(deps, record.body, signal)));
      const batchItemFailures = event.Records.flatMap((record, i) => {
        const outcome = outcomes[i];
        if (outcome.status === 'fulfilled') return [];
        deps.log.warn('async request message failed; SQS will deliver it again', { messageId: record.messageId, error: String(outcome.reason) });
        return [{ itemIdentifier: record.messageId }];
      });
      return { batchItemFailures };
    },
    // Abort running operations shortly before the function times out, so they end as failures SQS retries.
    { timeoutEarlyInMillis: 5_000 },
  );

export const handler = createAsyncRequestsHandler(lambdaDeps);
