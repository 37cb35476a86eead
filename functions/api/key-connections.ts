/**
 * Connections that outlive the request that opened them (CDP sockets, event streams) were authorized once, with the
 * key the client had then. Revoking the key must end them too: every key with live connections is checked again,
 * uncached, every AUTH_CACHE_SECONDS (at least every second), and the connections of a key that no longer verifies
 * are closed. So revocation ends a key's connections within the same window in which it stops opening new ones.
 */
import type { Principal } from '../core/orgs/api-keys.js';
import type { Logger } from '../config/logger.js';

export interface KeyConnections {
  /** Closes the connection (`close`) once the principal's key is revoked; answers the call that forgets it. */
  hold(principal: Principal, close: () => void): () => void;
  /** Check every held key now (what the timer does). */
  sweep(): Promise<void>;
  stop(): void;
}

export const watchKeyConnections = (options: {
  /** Whether the key still verifies, read from the store (not the auth cache). */
  stillValid: (principal: Principal) => Promise<boolean>;
  /** Told first when a key is found revoked, so that new requests with it are refused from then on as well. */
  onRevoked?: (principal: Principal) => void;
  everyMs: number;
  log: Logger;
}): KeyConnections => {
  const held = new Map<string, { principal: Principal; closers: Set<() => void> }>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let sweeping: Promise<void> | undefined;

  const sweepNow = async () => {
    for (const [id, entry] of [...held]) {
      let valid = true;
      try {
        valid = await options.stillValid(entry.principal);
      } catch (error) {
        // A store that cannot answer says nothing about the key: keep its connections, ask again next time.
        options.log.warn('could not re-check the key of live connections', {
          keyId: entry.principal.keyId,
          error: String(error),
        });
      }
      if (valid) continue;
      held.delete(id);
      options.onRevoked?.(entry.principal);
      options.log.info('closing connections of a revoked key', {
        keyId: entry.principal.keyId,
        connections: entry.closers.size,
      });
      for (const close of entry.closers) close();
    }
    if (held.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const sweep = () => (sweeping ??= sweepNow().finally(() => (sweeping = undefined)));

  return {
    hold(principal, close) {
      const id = `${principal.orgId}/${principal.keyId}`;
      const entry = held.get(id) ?? { principal, closers: new Set() };
      held.set(id, entry);
      entry.closers.add(close);
      if (!timer) {
        timer = setInterval(() => void sweep(), Math.max(1_000, options.everyMs));
        timer.unref();
      }
      return () => {
        entry.closers.delete(close);
        if (entry.closers.size === 0 && held.get(id) === entry) held.delete(id);
      };
    },
    sweep,
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      held.clear();
    },
  };
};
