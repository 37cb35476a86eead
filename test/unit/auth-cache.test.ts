import { describe, expect, it } from 'vitest';
import type { Principal } from '../../functions/core/orgs/api-keys.js';
import type { Clock } from '../../functions/ports/clock.js';
import { cachedAuthenticator } from '../../functions/composition/auth-cache.js';

const fakeClock = (start = Date.UTC(2025, 0, 1)) => {
  let now = start;
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => void (now += ms) };
};

const counting = (known: Record<string, Principal> = { good: { orgId: 'org-1', keyId: 'key-1' } }) => {
  const calls: string[] = [];
  const verify = async (token: string) => (calls.push(token), known[token]);
  return { calls, verify };
};

describe('cachedAuthenticator', () => {
  it('answers a repeated token from the cache without verifying it again', async () => {
    const { calls, verify } = counting();
    const { clock } = fakeClock();
    const authenticate = cachedAuthenticator(verify, clock, 5);
    expect(await authenticate('good')).toEqual({ orgId: 'org-1', keyId: 'key-1' });
    expect(await authenticate('good')).toEqual({ orgId: 'org-1', keyId: 'key-1' });
    expect(calls).toEqual(['good']);
  });

  it('caches unknown tokens too', async () => {
    const { calls, verify } = counting();
    const authenticate = cachedAuthenticator(verify, fakeClock().clock, 5);
    expect(await authenticate('bad')).toBeUndefined();
    expect(await authenticate('bad')).toBeUndefined();
    expect(calls).toEqual(['bad']);
  });

  it('verifies again once the ttl has passed', async () => {
    const { calls, verify } = counting();
    const { clock, advance } = fakeClock();
    const authenticate = cachedAuthenticator(verify, clock, 5);
    await authenticate('good');
    advance(4_999);
    await authenticate('good');
    expect(calls).toHaveLength(1);
    advance(1);
    await authenticate('good');
    expect(calls).toHaveLength(2);
  });

  it('sees a revocation after the ttl', async () => {
    const known: Record<string, Principal> = { good: { orgId: 'org-1', keyId: 'key-1' } };
    const { verify } = counting(known);
    const { clock, advance } = fakeClock();
    const authenticate = cachedAuthenticator(verify, clock, 5);
    expect(await authenticate('good')).toBeDefined();
    delete known.good;
    expect(await authenticate('good')).toBeDefined();
    advance(5_000);
    expect(await authenticate('good')).toBeUndefined();
  });

  it('keeps tokens apart', async () => {
    const { calls, verify } = counting({ a: { orgId: 'org-a', keyId: 'ka' }, b: { orgId: 'org-b', keyId: 'kb' } });
    const authenticate = cachedAuthenticator(verify, fakeClock().clock, 5);
    expect(await authenticate('a')).toEqual({ orgId: 'org-a', keyId: 'ka' });
    expect(await authenticate('b')).toEqual({ orgId: 'org-b', keyId: 'kb' });
    expect(calls).toEqual(['a', 'b']);
  });

  it('verifies every time when the ttl is 0', async () => {
    const { calls, verify } = counting();
    const authenticate = cachedAuthenticator(verify, fakeClock().clock, 0);
    await authenticate('good');
    await authenticate('good');
    await authenticate('good');
    expect(calls).toEqual(['good', 'good', 'good']);
  });

  it('stays bounded: the oldest entry goes first when it is full', async () => {
    const { calls, verify } = counting();
    const authenticate = cachedAuthenticator(verify, fakeClock().clock, 60);
    for (let i = 0; i <= 10_000; i += 1) await authenticate(`token-${i}`);
    calls.length = 0;
    await authenticate('token-10000');
    await authenticate('token-1');
    expect(calls).toEqual([]);
    await authenticate('token-0');
    expect(calls).toEqual(['token-0']);
  });

  it('forgets what it holds for one key, so the next request with it is verified again', async () => {
    const known: Record<string, Principal> = {
      first: { orgId: 'org-1', keyId: 'key-1' },
      second: { orgId: 'org-2', keyId: 'key-2' },
    };
    const { calls, verify } = counting(known);
    const authenticate = cachedAuthenticator(verify, fakeClock().clock, 60);
    await authenticate('first');
    await authenticate('second');
    delete known.first;
    authenticate.forget({ orgId: 'org-1', keyId: 'key-1' });
    expect(await authenticate('first')).toBeUndefined();
    expect(await authenticate('second')).toEqual({ orgId: 'org-2', keyId: 'key-2' });
    expect(calls).toEqual(['first', 'second', 'first']);
  });
});
