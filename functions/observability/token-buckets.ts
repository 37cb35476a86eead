/**
 * Per-org rate limits: a token bucket per org, so one org's burst cannot take the capacity another org needs.
 * Each request takes a token; tokens come back at `perSecond` up to `burst`. An org out of tokens gets 429 with
 * `Retry-After` (the seconds until a token is back) in the API's problem shape.
 *
 * The unit is the org, not the key: keys are an org's own way to split its access, and fairness is owed between
 * orgs; a per-key bucket inside the org's would only let one org's keys compete with each other.
 *
 * State is in memory, per process. Under `npm start` that is the whole service. On AWS each Lambda container keeps
 * its own buckets and serves one request at a time, so an org's real allowance there is `perSecond` × the
 * containers that serve it: the limit bounds how fast one caller can loop on one warm container, not the org's
 * total. API Gateway's stage throttling (and a usage plan) is what bounds the total on AWS.
 */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(key: string): RateVerdict;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before full ones are dropped (a full bucket and a missing one mean the same). */
const MAX_BUCKETS = 10_000;

export const tokenBuckets = (options: {
  perSecond: number;
  burst: number;
  now?: () => number;
}): RateLimiter | undefined => {
  const { perSecond, burst } = options;
  if (!(perSecond > 0)) return undefined;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  const refill = (bucket: Bucket, at: number) => Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
  const prune = (at: number) => {
    for (const [key, bucket] of buckets) if (refill(bucket, at) >= burst) buckets.delete(key);
  };
  return {
    take: (key) => {
      const at = now();
      const bucket = buckets.get(key) ?? { tokens: burst, at };
      const tokens = refill(bucket, at);
      if (tokens < 1) {
        buckets.set(key, { tokens, at });
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
      }
      if (!buckets.has(key) && buckets.size >= MAX_BUCKETS) prune(at);
      buckets.set(key, { tokens: tokens - 1, at });
      return { allowed: true };
    },
  };
};
