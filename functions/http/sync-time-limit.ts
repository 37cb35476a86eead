/**
 * API Gateway cuts a streamed response that sends nothing for 5 minutes (regional endpoints), and a synchronous
 * operation sends its answer only when it is done. So on AWS a streamed route caps the operation's time threshold
 * below that cut (SYNC_TIME_LIMIT_SECONDS, set by the stack): an operation that runs out answers with its partial
 * result and a `time_threshold_exceeded` error naming the cap, instead of the client getting a gateway timeout while
 * the function runs on. No threshold and 0 ("no limit") are capped too; longer work belongs to the async API.
 */
export function capTimeThreshold(body: unknown, limitSeconds: number | undefined): unknown {
  if (limitSeconds === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const asked = (body as { timeThresholdSeconds?: unknown }).timeThresholdSeconds;
  if (typeof asked === 'number' && asked > 0 && asked <= limitSeconds) return body;
  return { ...body, timeThresholdSeconds: limitSeconds };
}
