/**
 * One webhook delivery attempt for a finished request: POST the status body, signed, and record the attempt in
 * the request. A failure schedules the next attempt (kept in the record, and sent through the queue with a delay)
 * until the attempts run out; the request keeps its result either way.
 */
import { epochSeconds } from '../../ports/clock.js';
import { MAX_DELAY_SECONDS } from '../../ports/queue.js';
import { ConditionFailedError } from '../../ports/records.js';
import type { RequestDeps, ShapeResult } from '../requests/deps.js';
import {
  encodeMessage,
  statusBody,
  type DeliveryAttempt,
  type RequestItem,
  type WebhookDelivery,
} from '../requests/model.js';
import { retryDelayMs } from './backoff.js';
import { signingSecrets } from './secrets.js';
import { webhookHeaders } from './signing.js';
import { addressGuard } from './targets.js';

const succeeded = (attempt: DeliveryAttempt) =>
  attempt.statusCode !== undefined && attempt.statusCode >= 200 && attempt.statusCode < 300;

/** The body a webhook carries: the status body, plus the request id so one receiver can serve many requests. */
export const webhookBody = (item: RequestItem, shape: ShapeResult): string =>
  JSON.stringify({ requestId: item.requestId, ...statusBody(item, shape) });

/** Queues the delivery's next attempt `delayMs` from now (as soon as the queue allows when it is already due). */
export const queueDelivery = (
  deps: RequestDeps<any>,
  item: Pick<RequestItem, 'orgId' | 'requestId'>,
  delayMs: number,
): Promise<void> =>
  deps.asyncRequests.queue.send(encodeMessage({ kind: 'deliver', orgId: item.orgId, requestId: item.requestId }), {
    delaySeconds: Math.min(MAX_DELAY_SECONDS, Math.max(0, delayMs) / 1000),
  });

/** How long until the stored next attempt of a pending delivery is due (0: now). */
export const untilNextAttempt = (item: RequestItem, now: number): number =>
  item.webhook?.nextAttemptAt ? Date.parse(item.webhook.nextAttemptAt) - now : 0;

export const attemptDelivery = async (
  deps: RequestDeps<any>,
  item: RequestItem,
): Promise<WebhookDelivery | undefined> => {
  const delivery = item.webhook;
  if (!delivery || delivery.state !== 'pending') return delivery;
  const settings = deps.asyncRequests.webhooks;
  const body = webhookBody(item, deps.asyncRequests.shape);
  const secrets = await signingSecrets(deps.records, deps.clock, item.orgId);
  const at = deps.clock.now();
  const outcome = await settings.transport.post({
    url: delivery.url,
    headers: webhookHeaders(secrets, delivery.messageId, epochSeconds(deps.clock), body),
    body,
    timeoutMs: settings.timeoutMs,
    allowAddress: addressGuard(settings, delivery.url),
  });
  const attempt: DeliveryAttempt = {
    at: at.toISOString(),
    durationMs: Math.round(outcome.durationMs),
    ...(outcome.statusCode !== undefined ? { statusCode: outcome.statusCode } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
  };
  const attempts = [...delivery.attempts, attempt];
  const done = succeeded(attempt);
  const exhausted = !done && attempts.length >= settings.maxAttempts;
  const delayMs = done || exhausted ? 0 : retryDelayMs(attempts.length, settings.baseDelayMs);
  const state = done ? 'delivered' : exhausted ? 'failed' : 'pending';
  const next: WebhookDelivery = {
    url: delivery.url,
    messageId: delivery.messageId,
    state,
    attempts,
    ...(state === 'pending' ? { nextAttemptAt: new Date(deps.clock.now().getTime() + delayMs).toISOString() } : {}),
  };
  try {
    // Finished deliveries leave the open-work index; a pending one stays so a restart resumes it.
    await deps.records.update(
      { pk: item.pk, sk: item.sk },
      { webhook: next, ...(next.state === 'pending' ? {} : { gsi1pk: undefined, gsi1sk: undefined }) },
      { expectVersion: item.version ?? 0 },
    );
  } catch (error) {
    // Another worker moved this request on meanwhile (a duplicate queue delivery): its record wins.
    if (error instanceof ConditionFailedError) return undefined;
    throw error;
  }
  if (next.state === 'pending') {
    await queueDelivery(deps, item, delayMs);
  } else if (next.state === 'failed') {
    deps.log.warn('webhook delivery failed for good', {
      requestId: item.requestId,
      attempts: attempts.length,
      last: attempt,
    });
  }
  return next;
};
