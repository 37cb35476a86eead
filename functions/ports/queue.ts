/**
 * The queue port: at-least-once delivery of small text messages, shaped after SQS so the AWS adapter is a thin
 * mapping and the in-process one keeps the same guarantees.
 *
 * - A received message is hidden for its visibility timeout; unless deleted by then, it is delivered again
 *   (with a higher `receiveCount`). Consumers must therefore be idempotent.
 * - `delaySeconds` holds a message back before its first delivery (SQS allows up to 900 s; fractions are
 *   rounded up there, honoured exactly in process).
 */
export interface QueueMessage {
  id: string;
  body: string;
  /** Names this delivery of the message: delete or change visibility with it. */
  receipt: string;
  /** How many times the message has been received, this time included. */
  receiveCount: number;
}

export interface ReceiveOptions {
  /** At most this many messages (1–10). Default 1. */
  max?: number;
  /** Long polling: wait up to this long for a first message. Default 0 (answer at once). */
  waitSeconds?: number;
  /** Hide received messages this long. Default: the queue's own setting. */
  visibilitySeconds?: number;
  /** Stops a long poll early (the call then answers with no messages). */
  signal?: AbortSignal;
}

export interface Queue {
  send(body: string, options?: { delaySeconds?: number }): Promise<void>;
  receive(options?: ReceiveOptions): Promise<QueueMessage[]>;
  delete(receipt: string): Promise<void>;
  /** Hide a received message for `seconds` more from now (0: visible again at once). */
  changeVisibility(receipt: string, seconds: number): Promise<void>;
}

/** SQS's upper bound on DelaySeconds; the in-process queue honours the same bound so both behave alike. */
export const MAX_DELAY_SECONDS = 900;
