/**
 * The synchronous create-form-filler and fill-form also take `async.webhookUrl`: the caller waits for the answer
 * as usual, and the same answer is delivered to the webhook too, signed and retried like an async request's.
 * The run is stored as a request under the call's request id, so its delivery attempts can be read at
 * `GET /v1/requests/{requestId}/status`. A refused webhook target fails the call before anything runs.
 */
import { ConditionFailedError } from '../../ports/records.js';
import { ConflictError, toAppError } from '../shared/errors.js';
import { recordKeys } from '../shared/record-keys.js';
import type { OperationResult } from '../operations/result.js';
import { attemptDelivery } from '../webhooks/deliver.js';
import { checkWebhookTarget } from '../webhooks/targets.js';
import { newRequestItem, type AsyncBody } from './accept.js';
import type { AsyncBodies, AsyncOperationId, RequestDeps, RequestTarget } from './deps.js';
import { completedChanges, type RequestItem } from './model.js';

export const runWithWebhook = async <K extends AsyncOperationId>(
  deps: RequestDeps<any>,
  operation: K,
  target: RequestTarget,
  body: AsyncBody & AsyncBodies[K],
  requestId: string,
  run: () => Promise<OperationResult<string>>,
): Promise<OperationResult<string>> => {
  const webhookUrl = body.async?.webhookUrl;
  if (!webhookUrl) return run();
  await checkWebhookTarget(deps.asyncRequests.webhooks, webhookUrl);
  // Bad input is refused before a request is stored, so the webhook never hears of a call that answered 422.
  await deps.asyncRequests.operations[operation]?.check?.(deps, target, body);
  const key = recordKeys.request(target.orgId, requestId);
  // The request id may be the caller's own `x-request-id`: one used before names a stored run already.
  await deps.records
    .put(newRequestItem(deps, operation, target, body, requestId), { ifAbsent: true })
    .catch((error: unknown) => {
      if (error instanceof ConditionFailedError)
        throw new ConflictError(
          `request id ${requestId} already names a stored run: send a new x-request-id for each call with async.webhookUrl`,
        );
      throw error;
    });
  let changes: Partial<RequestItem>;
  let result: OperationResult<string> | undefined;
  let failure: unknown;
  try {
    result = await run();
    changes = completedChanges(result);
  } catch (error) {
    failure = error;
    const known = toAppError(error);
    changes = { status: 'error', error: known.expose ? known.message : 'the operation failed with an internal error' };
  }
  const now = deps.clock.now().toISOString();
  const stored = (await deps.records.update(key, { ...changes, completedAt: now })) as RequestItem;
  // The caller has its answer whatever the webhook does: a failed first attempt is retried in the background.
  await attemptDelivery(deps, stored).catch((error: unknown) =>
    deps.log.warn('webhook delivery failed', { requestId, error: String(error) }),
  );
  if (failure) throw failure;
  return result!;
};
