/**
 * After a restart, picks up the work the previous process left: pending requests are queued to run again (an
 * operation whose session did not survive then ends in `error`, saying why), and webhook deliveries still pending
 * are queued for their stored next-attempt time.
 */
import { OPEN_REQUESTS_INDEX_PK } from '../shared/record-keys.js';
import { queueDelivery, untilNextAttempt } from '../webhooks/deliver.js';
import type { RequestDeps } from './deps.js';
import { encodeMessage, type RequestItem } from './model.js';

export const resumeOpenRequests = async (deps: RequestDeps<any>): Promise<{ runs: number; deliveries: number }> => {
  let cursor: string | undefined;
  let runs = 0;
  let deliveries = 0;
  const now = deps.clock.now().getTime();
  do {
    const page = await deps.records.query<RequestItem>(OPEN_REQUESTS_INDEX_PK, { index: 'gsi1', cursor, limit: 100 });
    for (const item of page.items) {
      if (item.status === 'pending') {
        await deps.asyncRequests.queue.send(
          encodeMessage({ kind: 'run', orgId: item.orgId, requestId: item.requestId }),
        );
        runs += 1;
      } else if (item.webhook?.state === 'pending') {
        await queueDelivery(deps, item, untilNextAttempt(item, now));
        deliveries += 1;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  if (runs + deliveries > 0) deps.log.info('resumed async work left from before', { runs, deliveries });
  return { runs, deliveries };
};
