/**
 * Accepting an async request: everything that can be checked now is checked now (the webhook target, the
 * operation's own check of its body, the session and window of the caller's org), so a bad request fails at once
 * with the answer the synchronous route gives; only then is the request stored as `pending` and queued, and the
 * caller gets its id.
 */
import { epochSeconds } from '../../ports/clock.js';
import { OPEN_REQUESTS_INDEX_PK, recordKeys } from '../shared/record-keys.js';
import { NotImplementedError, UnavailableError } from '../shared/errors.js';
import { uuid, uuidv7 } from '../shared/ids.js';
import type { Issue } from '../shared/issues.js';
import type { SessionDeps } from '../sessions/deps.js';
import { requireWindow, sessionBrowser } from '../windows/open.js';
import { checkWebhookTarget } from '../webhooks/targets.js';
import type { AsyncBodies, AsyncOperationId, RequestDeps, RequestTarget } from './deps.js';
import { encodeMessage, type RequestItem } from './model.js';

export interface AsyncBody {
  clientRequestId?: string;
  async?: { webhookUrl?: string };
  [field: string]: unknown;
}

export const acceptRequest = async <K extends AsyncOperationId>(
  deps: RequestDeps<any> & SessionDeps,
  operation: K,
  target: RequestTarget,
  body: AsyncBody & AsyncBodies[K],
): Promise<{ requestId: string; warnings?: Issue[] }> => {
  const settings = deps.asyncRequests;
  const run = settings.operations[operation];
  if (!run) throw new NotImplementedError(operation);
  // The body first (a refused webhook target is bad input; so is a configuration or a parameter the operation
  // refuses), then the session and window it names: the order the synchronous routes answer in.
  const webhookUrl = body.async?.webhookUrl;
  if (webhookUrl) await checkWebhookTarget(settings.webhooks, webhookUrl);
  await run.check?.(deps, target, body);
  const { browser } = await sessionBrowser(deps, target.orgId, target.sessionId);
  await requireWindow(browser, target.windowId);

  const requestId = uuidv7(deps.clock.now().getTime());
  const item = newRequestItem(deps, operation, target, body, requestId);
  await deps.records.put(item, { ifAbsent: true });
  try {
    await settings.queue.send(encodeMessage({ kind: 'run', orgId: target.orgId, requestId }));
  } catch (cause) {
    // Not queued means never run: say so in the record too, so a status read does not wait forever.
    await deps.records.update(recordKeys.request(target.orgId, requestId), {
      status: 'error',
      error: 'the request could not be queued',
      gsi1pk: undefined,
      gsi1sk: undefined,
    });
    throw new UnavailableError('the request could not be queued; try again', { cause });
  }
  const warnings: Issue[] = webhookUrl?.startsWith('http:')
    ? [{ code: 'webhook_not_https', message: 'the webhook URL is plain http: the result will travel unencrypted' }]
    : [];
  return { requestId, ...(warnings.length ? { warnings } : {}) };
};

/** A request record as stored when accepted: `pending`, listed among open requests, with its webhook to deliver. */
export const newRequestItem = (
  deps: RequestDeps<any>,
  operation: AsyncOperationId,
  target: RequestTarget,
  body: AsyncBody,
  requestId: string,
): RequestItem => {
  const now = deps.clock.now();
  const webhookUrl = body.async?.webhookUrl;
  const item: RequestItem = {
    ...recordKeys.request(target.orgId, requestId),
    gsi1pk: OPEN_REQUESTS_INDEX_PK,
    gsi1sk: requestId,
    version: 0,
    expiresAt: epochSeconds(deps.clock) + deps.asyncRequests.ttlSeconds,
    requestId,
    orgId: target.orgId,
    operation,
    sessionId: target.sessionId,
    windowId: target.windowId,
    body: JSON.stringify(body),
    ...(body.clientRequestId !== undefined ? { clientRequestId: body.clientRequestId } : {}),
    status: 'pending',
    createdAt: now.toISOString(),
    ...(webhookUrl ? { webhook: { url: webhookUrl, messageId: `msg_${uuid()}`, state: 'pending', attempts: [] } } : {}),
  };
  return item;
};
