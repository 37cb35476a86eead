import { describe, expect, it } from 'vitest';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import {
  API_KEY_PREFIX,
  createApiKey,
  generateApiKey,
  hashApiKey,
  listApiKeys,
  revokeApiKey,
  verifyApiKey,
} from '../../functions/core/orgs/api-keys.js';
import { ensureOrg, findOrgByName, getOrg, listOrgs } from '../../functions/core/orgs/orgs.js';
import type { Clock } from '../../functions/ports/clock.js';

const clock: Clock = { now: () => new Date('2025-01-01T00:00:00.000Z') };
const fresh = () => new MemoryRecords(clock);

describe('API keys', () => {
  it('generates distinct keys with the service prefix', () => {
    const keys = new Set(Array.from({ length: 100 }, generateApiKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
  });

  it('verifies a created key as its org', async () => {
    const records = fresh();
    const { key, info } = await createApiKey(records, clock, 'org-1');
    expect(await verifyApiKey(records, key)).toEqual({ orgId: 'org-1', keyId: info.keyId });
    expect(info).toMatchObject({ orgId: 'org-1', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(info.hint.startsWith(key.slice(0, 8))).toBe(true);
  });

  it('registers a given key as is', async () => {
    const records = fresh();
    const pinned = 'my-own-key-of-enough-length';
    const { key } = await createApiKey(records, clock, 'org-1', { key: pinned });
    expect(key).toBe(pinned);
    expect(await verifyApiKey(records, pinned)).toMatchObject({ orgId: 'org-1' });
  });

  it('does not verify an unknown key, nor a stored hash used as a key', async () => {
    const records = fresh();
    const { key } = await createApiKey(records, clock, 'org-1');
    expect(await verifyApiKey(records, generateApiKey())).toBeUndefined();
    expect(await verifyApiKey(records, hashApiKey(key))).toBeUndefined();
    expect(await verifyApiKey(records, `${key}x`)).toBeUndefined();
  });

  it('never verifies one key with another key', async () => {
    const records = fresh();
    const first = await createApiKey(records, clock, 'org-1');
    const second = await createApiKey(records, clock, 'org-2');
    expect(await verifyApiKey(records, first.key)).toMatchObject({ orgId: 'org-1' });
    expect(await verifyApiKey(records, second.key)).toMatchObject({ orgId: 'org-2' });
    expect(first.info.keyId).not.toBe(second.info.keyId);
  });

  it('refuses tokens too short or too long without a lookup', async () => {
    const records = fresh();
    expect(await verifyApiKey(records, '')).toBeUndefined();
    expect(await verifyApiKey(records, 'short')).toBeUndefined();
    expect(await verifyApiKey(records, 'x'.repeat(513))).toBeUndefined();
  });

  it('stops verifying a revoked key, and keeps it listed as revoked', async () => {
    const records = fresh();
    const { key, info } = await createApiKey(records, clock, 'org-1');
    const kept = await createApiKey(records, clock, 'org-1');
    expect(await revokeApiKey(records, clock, 'org-1', info.keyId)).toBe(true);
    expect(await verifyApiKey(records, key)).toBeUndefined();
    expect(await verifyApiKey(records, kept.key)).toBeDefined();
    const listed = await listApiKeys(records, 'org-1');
    expect(listed.find((entry) => entry.keyId === info.keyId)?.revokedAt).toBe('2025-01-01T00:00:00.000Z');
  });

  it('revokes only within the org that owns the key', async () => {
    const records = fresh();
    const { key, info } = await createApiKey(records, clock, 'org-1');
    expect(await revokeApiKey(records, clock, 'org-2', info.keyId)).toBe(false);
    expect(await revokeApiKey(records, clock, 'org-1', 'no-such-key')).toBe(false);
    expect(await verifyApiKey(records, key)).toBeDefined();
  });

  it('lists the keys of one org only, without their hashes', async () => {
    const records = fresh();
    const a1 = await createApiKey(records, clock, 'org-a');
    const a2 = await createApiKey(records, clock, 'org-a');
    await createApiKey(records, clock, 'org-b');
    const listed = await listApiKeys(records, 'org-a');
    expect(listed.map((entry) => entry.keyId).sort()).toEqual([a1.info.keyId, a2.info.keyId].sort());
    for (const entry of listed) {
      expect(entry.orgId).toBe('org-a');
      expect(JSON.stringify(entry)).not.toContain(hashApiKey(a1.key));
      expect(Object.keys(entry)).not.toContain('hash');
    }
    expect(await listApiKeys(records, 'org-none')).toEqual([]);
  });
});

describe('orgs', () => {
  it('creates an org once and finds it again by name', async () => {
    const records = fresh();
    const first = await ensureOrg(records, clock, 'acme');
    const again = await ensureOrg(records, clock, 'acme');
    expect(first.created).toBe(true);
    expect(again).toEqual({ org: first.org, created: false });
    expect(await findOrgByName(records, 'acme')).toEqual(first.org);
    expect(await getOrg(records, first.org.id)).toEqual(first.org);
  });

  it('creates exactly one org when raced', async () => {
    const records = fresh();
    const results = await Promise.all(Array.from({ length: 20 }, () => ensureOrg(records, clock, 'raced')));
    expect(new Set(results.map((result) => result.org.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await listOrgs(records)).toHaveLength(1);
  });

  it('keeps orgs with different names apart', async () => {
    const records = fresh();
    const [a, b] = await Promise.all([ensureOrg(records, clock, 'alpha'), ensureOrg(records, clock, 'beta')]);
    expect(a.org.id).not.toBe(b.org.id);
    expect((await listOrgs(records)).map((org) => org.name).sort()).toEqual(['alpha', 'beta']);
  });

  it.each(['', ' acme', 'a/b', '-leading', 'x'.repeat(64), 'ünïcode'])('refuses the org name %j', async (name) => {
    await expect(ensureOrg(fresh(), clock, name)).rejects.toThrow(/org name/);
  });
});
