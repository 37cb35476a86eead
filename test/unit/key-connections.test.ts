import { describe, expect, it } from 'vitest';
import { watchKeyConnections } from '../../functions/api/key-connections.js';
import { createLogger } from '../../functions/config/logger.js';

describe('watchKeyConnections', () => {
  it("on a revoked key, tells onRevoked first, then closes only that key's connections", async () => {
    const revoked = new Set<string>();
    const seen: string[] = [];
    const connections = watchKeyConnections({
      stillValid: async (principal) => !revoked.has(principal.keyId),
      onRevoked: (principal) => seen.push(`revoked ${principal.keyId}`),
      everyMs: 60_000,
      log: createLogger('silent'),
    });
    connections.hold({ orgId: 'org-1', keyId: 'key-1' }, () => seen.push('closed key-1'));
    connections.hold({ orgId: 'org-2', keyId: 'key-2' }, () => seen.push('closed key-2'));
    await connections.sweep();
    expect(seen).toEqual([]);
    revoked.add('key-1');
    await connections.sweep();
    expect(seen).toEqual(['revoked key-1', 'closed key-1']);
    connections.stop();
  });
});
