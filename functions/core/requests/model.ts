/** The stored form of an async request, and the messages that move it along the queue. */
import type { RecordItem } from '../../ports/records.js';

export type RequestStatus = 'pending' | 'completed' | 'error';

/** One try at delivering the webhook: when, what came back (a status or why none did), how long it took. */
export interface DeliveryAttempt {
  at: string;
  statusCode?: number;
  error?: string;
  durationMs: number;
}

export interface WebhookDelivery {
  url: string;
  /** Stable across retries of one delivery (the `webhook-id` header), so receivers can drop duplicates. */
  messageId: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  /** When the next attempt is due (ISO); kept in the record so retries survive a restart. */
  nextAttemptAt?: string;
}

export interface RequestItem extends RecordItem {
  requestId: string;
  orgId: string;
  /** Registry name of the operation, e.g. `fillForm`. */
  operation: string;
  sessionId: string;
  windowId: string;
  /** The validated request body, as JSON. */
  body: string;
  clientRequestId?: string;
  status: RequestStatus;
  /** The response envelope (JSON) once completed. */
  response?: string;
  /** Why the request ended in `error`. */
  error?: string;
  createdAt: string;
  completedAt?: string;
  webhook?: WebhookDelivery;
}

/** `run`: run the request's operation. `deliver`: try its webhook again (retries ride the queue with a delay). */
export type RequestMessage =
  | { kind: 'run'; orgId: string; requestId: string }
  | { kind: 'deliver'; orgId: string; requestId: string };

export const encodeMessage = (message: RequestMessage): string => JSON.stringify(message);

export const decodeMessage = (body: string): RequestMessage => {
  const value = JSON.parse(body) as Partial<RequestMessage>;
  if (
    (value.kind !== 'run' && value.kind !== 'deliver') ||
    typeof value.orgId !== 'string' ||
    typeof value.requestId !== 'string'
  ) {
    throw new Error(`not an async request message: ${body.slice(0, 200)}`);
  }
  return value as RequestMessage;
};

/** What `GET /v1/requests/{id}/status` answers and what a webhook carries. */
export const statusBody = (item: RequestItem) => ({
  status: item.status,
  ...(item.response !== undefined ? { response: JSON.parse(item.response) as unknown } : {}),
  ...(item.error !== undefined ? { error: item.error } : {}),
});
