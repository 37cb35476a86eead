/**
 * A short-lived cache in front of key verification: most requests then cost no record read for auth.
 * Revocation takes effect within `ttlSeconds`; 0 disables the cache. Unknown keys are cached too, so a flood of
 * bad tokens does not become a flood of reads.
 */
import type { Principal } from '../core/orgs/api-keys.js';
import type { Clock } from '../ports/clock.js';

const MAX_ENTRIES = 10_000;

export const cachedAuthenticator = (
  verify: (token: string) => Promise<Principal | undefined>,
  clock: Clock,
  ttlSeconds: number,
): ((token: string) => Promise<Principal | undefined>) => {
  if (ttlSeconds <= 0) return verify;
  const entries = new Map<string, { principal: Principal | undefined; until: number }>();
  return async (token) => {
    const now = clock.now().getTime();
    const hit = entries.get(token);
    if (hit && hit.until > now) return hit.principal;
    const principal = await verify(token);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(token, { principal, until: now + ttlSeconds * 1000 });
    return principal;
  };
};
