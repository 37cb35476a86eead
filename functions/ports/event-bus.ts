/**
 * Live delivery of session events to open streams. Events are stored as records first (the source of truth and
 * of replays); the bus only wakes subscribers. Locally it is in-process; across Lambdas, subscribers poll.
 */
export interface SessionEventRecord {
  eventId: number;
  event: string;
  eventTime: string;
  [field: string]: unknown;
}

export interface EventBus {
  publish(channel: string, event: SessionEventRecord): void;
  /** Returns an unsubscribe function. */
  subscribe(channel: string, listener: (event: SessionEventRecord) => void): () => void;
}
