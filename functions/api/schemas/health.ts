/** `/health` and `/ready`: what load balancers, orchestrators and operators read. */
import { z } from 'zod';

export const HealthResponse = z.object({ status: z.literal('ok') });

const ReadinessCheck = z.object({
  ok: z.boolean(),
  /** How long the probe took (it gives up after a short timeout of its own). */
  ms: z.number(),
  /** Why it failed, or a note when it did not (free slots, live hosts). */
  detail: z.string().optional(),
});

/** 200 with `ready` when every dependency answers; 503 with `unavailable` and the failing checks named otherwise. */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.record(z.string(), ReadinessCheck),
});
