/** The stored form of an async request, and the messages that move it along the queue. */
import type { RecordItem } from '../../ports/records.js';
import type { AsyncOperationId, AsyncResult, AsyncResults, ShapeResult } from './deps.js';

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
  /** The operation's raw result (JSON of `AsyncResults[operation]`) once completed, when `resultForm` is `raw`. */
  result?: string;
  /**
   * How the outcome is stored. `raw`: `result` holds the operation's own result, shaped when read or delivered.
   * Absent: a record an earlier version wrote, whose `response` holds the wire envelope already shaped.
   */
  resultForm?: 'raw';
  /** Earlier versions only: the response envelope (JSON), shaped before it was stored. Read as it is. */
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

/** The record changes that store a completed run: its raw result, marked as such. */
export const completedChanges = (result: AsyncResult) => ({
  status: 'completed' as const,
  result: JSON.stringify(result),
  resultForm: 'raw' as const,
});

/** The raw result a completed request stored, typed by its operation id; undefined for a record in another form. */
export const storedResult = <K extends AsyncOperationId>(
  item: RequestItem & { operation: K },
): AsyncResults[K] | undefined =>
  item.resultForm === 'raw' && item.result !== undefined ? (JSON.parse(item.result) as AsyncResults[K]) : undefined;

/** The wire response of a completed request: its raw result shaped now, or an earlier version's envelope as stored. */
const responseOf = (item: RequestItem, shape: ShapeResult): unknown => {
  if (item.resultForm === 'raw' && item.result !== undefined)
    return shape(JSON.parse(item.result) as AsyncResult, {
      requestId: item.requestId,
      ...(item.clientRequestId !== undefined ? { clientRequestId: item.clientRequestId } : {}),
    });
  return item.response !== undefined ? (JSON.parse(item.response) as unknown) : undefined;
};

/** What `GET /v1/requests/{id}/status` answers and what a webhook carries. */
export const statusBody = (item: RequestItem, shape: ShapeResult) => {
  const response = responseOf(item, shape);
  return {
    status: item.status,
    ...(response !== undefined ? { response } : {}),
    ...(item.error !== undefined ? { error: item.error } : {}),
  };
};
