/**
 * A short-lived cache in front of key verification: most requests then cost no record read for auth.
 * Revocation takes effect within `ttlSeconds`, or at once in this process when a live connection's re-check finds the
 * key revoked (`forget`); 0 disables the cache. Unknown keys are cached too, so a flood of
 * bad tokens does not become a flood of reads.
 */
import type { Principal } from '../core/orgs/api-keys.js';
import type { Clock } from '../ports/clock.js';

const MAX_ENTRIES = 10_000;

/** Key verification through the cache; `forget` drops what the cache holds for one key (once it is seen revoked). */
export type CachedAuthenticator = ((token: string) => Promise<Principal | undefined>) & {
  forget(principal: Pick<Principal, 'orgId' | 'keyId'>): void;
};

export const cachedAuthenticator = (
  verify: (token: string) => Promise<Principal | undefined>,
  clock: Clock,
  ttlSeconds: number,
): CachedAuthenticator => {
  if (ttlSeconds <= 0) return Object.assign((token: string) => verify(token), { forget: () => {} });
  const entries = new Map<string, { principal: Principal | undefined; until: number }>();
  const authenticate = async (token: string) => {
    const now = clock.now().getTime();
    const hit = entries.get(token);
    if (hit && hit.until > now) return hit.principal;
    const principal = await verify(token);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(token, { principal, until: now + ttlSeconds * 1000 });
    return principal;
  };
  const forget = ({ orgId, keyId }: Pick<Principal, 'orgId' | 'keyId'>) => {
    for (const [token, entry] of entries) {
      if (entry.principal?.orgId === orgId && entry.principal.keyId === keyId) entries.delete(token);
    }
  };
  return Object.assign(authenticate, { forget });
};
