/** The retry schedule of webhook deliveries: exponential from a base delay, capped by what a queue can delay. */
import { MAX_DELAY_SECONDS } from '../../ports/queue.js';

/** The wait before attempt `attempt + 1`, after `attempt` failed attempts (1-based): base, 2×base, 4×base, … */
export const retryDelayMs = (attempt: number, baseDelayMs: number): number =>
  Math.min(baseDelayMs * 2 ** Math.max(0, attempt - 1), MAX_DELAY_SECONDS * 1000);
