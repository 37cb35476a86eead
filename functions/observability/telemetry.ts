/**
 * What the service counts about itself, independent of where the numbers go: Prometheus text under `npm start` and
 * on browser hosts (prometheus.ts), CloudWatch embedded metrics through Powertools on AWS (powertools.ts).
 * Labels are bounded sets only (operation ids from the route table, statuses, model names, outcomes): never org,
 * session or key ids, which would grow without bound and name customers to whoever reads the metrics.
 */
/** A 2xx answer is delivered; any other status, a timeout or a refused address is failed (and retried). */
export type WebhookOutcome = 'delivered' | 'failed';

export interface Telemetry {
  /** One API request answered. `status` is the HTTP status sent. */
  request(operationId: string, status: number, seconds: number): void;
  /** A request refused by the per-org rate limit. */
  rateLimited(operationId: string): void;
  /** A session changed status (as its `status` event says). */
  sessionStatus(sessionId: string, status: string): void;
  /** One language model call, with the credits it cost (0 when it failed before usage was known). */
  modelCall(call: {
    model: string;
    kind: 'element' | 'answer' | 'vision';
    ok: boolean;
    credits: number;
    seconds: number;
  }): void;
  /** One webhook delivery attempt. */
  webhookAttempt(outcome: WebhookOutcome): void;
}

export const noTelemetry: Telemetry = {
  request: () => undefined,
  rateLimited: () => undefined,
  sessionStatus: () => undefined,
  modelCall: () => undefined,
  webhookAttempt: () => undefined,
};
