/**
 * API keys: random, shown once, stored only as a SHA-256 hash, each bound to one org.
 * A fast hash is enough here because the key itself carries 256 random bits: there is nothing to brute-force.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../ports/clock.js';
import type { RecordItem, Records } from '../../ports/records.js';
import { recordKeys } from '../shared/record-keys.js';

export const API_KEY_PREFIX = 'shk_';

export interface ApiKeyInfo {
  keyId: string;
  orgId: string;
  /** The first characters of the key, enough to recognise it in a list. */
  hint: string;
  createdAt: string;
  revokedAt?: string;
}

export interface Principal {
  orgId: string;
  keyId: string;
}

interface KeyItem extends RecordItem, ApiKeyInfo {
  hash: string;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

/** Register a key for an org. With no `key` a new one is generated; either way the plain key is returned once. */
export const createApiKey = async (
  records: Records,
  clock: Clock,
  orgId: string,
  options: { key?: string } = {},
): Promise<{ key: string; info: ApiKeyInfo }> => {
  const key = options.key ?? generateApiKey();
  const hash = hashApiKey(key);
  const info: ApiKeyInfo = {
    keyId: hash.slice(0, 12),
    orgId,
    hint: `${key.slice(0, 8)}…`,
    createdAt: clock.now().toISOString(),
  };
  // The org's listing entry first: a key that authenticates is always one its org can list and revoke.
  await records.put({ ...recordKeys.orgApiKey(orgId, info.keyId), ...info, hash });
  await records.put({ ...recordKeys.apiKeyByHash(hash), ...info, hash });
  return { key, info };
};

/** The org and key a bearer token stands for, or undefined for an unknown or revoked key. */
export const verifyApiKey = async (records: Records, token: string): Promise<Principal | undefined> => {
  if (token.length < 20 || token.length > 512) return undefined;
  const item = await records.get<KeyItem>(recordKeys.apiKeyByHash(hashApiKey(token)));
  if (!item || item.revokedAt) return undefined;
  return { orgId: item.orgId, keyId: item.keyId };
};

/** Whether a key that verified earlier still does (for connections opened with it): false once revoked or gone. */
export const apiKeyStillValid = async (records: Records, principal: Principal): Promise<boolean> => {
  const listing = await records.get<KeyItem>(recordKeys.orgApiKey(principal.orgId, principal.keyId));
  if (!listing || listing.revokedAt) return false;
  const item = await records.get<KeyItem>(recordKeys.apiKeyByHash(listing.hash));
  return item !== undefined && !item.revokedAt;
};

export const listApiKeys = async (records: Records, orgId: string): Promise<ApiKeyInfo[]> => {
  const page = await records.query<KeyItem>(recordKeys.org(orgId).pk, {
    skPrefix: recordKeys.orgApiKeyPrefix,
    limit: 1000,
  });
  return page.items.map(({ keyId, hint, createdAt, revokedAt }) => ({ keyId, orgId, hint, createdAt, revokedAt }));
};

/** Revoke by key id. Answers false when the org has no such key. */
export const revokeApiKey = async (records: Records, clock: Clock, orgId: string, keyId: string): Promise<boolean> => {
  const listing = await records.get<KeyItem>(recordKeys.orgApiKey(orgId, keyId));
  if (!listing) return false;
  const revokedAt = clock.now().toISOString();
  // The item auth reads goes first, so the key stops working even if the second write fails.
  await records.update(recordKeys.apiKeyByHash(listing.hash), { revokedAt });
  await records.update(recordKeys.orgApiKey(orgId, keyId), { revokedAt });
  return true;
};
