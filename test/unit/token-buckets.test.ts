import { describe, expect, it } from 'vitest';
import { tokenBuckets } from '../../functions/observability/token-buckets.js';

describe('per-org token buckets', () => {
  it('lets a burst through, refuses the next with the seconds until a token is back, and refills', () => {
    let now = 1_000_000;
    const limiter = tokenBuckets({ perSecond: 0.5, burst: 3, now: () => now })!;
    expect([1, 2, 3].map(() => limiter.take('org-a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('org-a')).toEqual({ allowed: false, retryAfterSeconds: 2 });
    now += 1_000; // half a token back
    expect(limiter.take('org-a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1_000;
    expect(limiter.take('org-a').allowed).toBe(true);
    expect(limiter.take('org-a').allowed).toBe(false);
  });

  it('keeps each org apart', () => {
    const limiter = tokenBuckets({ perSecond: 1, burst: 1, now: () => 0 })!;
    expect(limiter.take('org-a').allowed).toBe(true);
    expect(limiter.take('org-a').allowed).toBe(false);
    expect(limiter.take('org-b').allowed).toBe(true);
  });

  it('never refills past the burst, however long an org was quiet', () => {
    let now = 0;
    const limiter = tokenBuckets({ perSecond: 10, burst: 2, now: () => now })!;
    limiter.take('org-a');
    now += 3_600_000;
    expect([1, 2, 3].map(() => limiter.take('org-a').allowed)).toEqual([true, true, false]);
  });

  it('is off at 0 per second (and for nonsense rates)', () => {
    expect(tokenBuckets({ perSecond: 0, burst: 10 })).toBeUndefined();
    expect(tokenBuckets({ perSecond: Number.NaN, burst: 10 })).toBeUndefined();
  });

  it('forgets full buckets rather than growing without bound', () => {
    let now = 0;
    const limiter = tokenBuckets({ perSecond: 1000, burst: 1, now: () => now })!;
    for (let i = 0; i < 25_000; i += 1) {
      limiter.take(`org-${i}`);
      now += 1;
    }
    // org-0's bucket was full again long ago: dropped and, asked again, it starts full.
    expect(limiter.take('org-0').allowed).toBe(true);
  });
});
