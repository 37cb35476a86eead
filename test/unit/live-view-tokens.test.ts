/** Live view tokens: only the exact token the service signed opens a view. */
import { describe, expect, it } from 'vitest';
import { signViewToken, verifyViewToken } from '../../functions/net/live-view-tokens.js';

const SECRET = 'test-secret';
const NOW = 1_700_000_000;
const grant = { sessionId: 's1', windowId: 'w1', expiresAt: NOW + 60 };

describe('live view tokens', () => {
  const token = signViewToken(SECRET, grant);

  it('accepts the token as issued', () => {
    expect(verifyViewToken(SECRET, token, NOW)).toEqual(grant);
  });

  it.each([
    ['an extra segment', `${token}.junk`],
    ['an empty extra segment', `${token}.`],
    ['a leading segment', `junk.${token}`],
    ['padding on the signature', `${token}=`],
    ['whitespace', ` ${token}`],
    ['no signature', token.split('.')[0]],
    ['a signature from another secret', signViewToken('other', grant)],
  ])('refuses a token with %s', (_what, candidate) => {
    expect(verifyViewToken(SECRET, candidate, NOW)).toBeUndefined();
  });

  it('refuses an expired token', () => {
    expect(verifyViewToken(SECRET, token, grant.expiresAt)).toBeUndefined();
  });
});
