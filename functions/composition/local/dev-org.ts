/**
 * First start of the local service: an empty store gets a `development` org and a key, printed once. A pinned key
 * (`--api-key` / API_KEY) is registered for that org instead, so scripts can know the key in advance.
 */
import { createApiKey, hashApiKey, verifyApiKey } from '../../core/orgs/api-keys.js';
import { ensureOrg, listOrgs } from '../../core/orgs/orgs.js';
import type { Clock } from '../../ports/clock.js';
import type { Records } from '../../ports/records.js';

export const DEV_ORG_NAME = 'development';

export type DevKeyOutcome =
  | { kind: 'created'; key: string; orgId: string }
  | { kind: 'pinned'; orgId: string; hint: string }
  | { kind: 'existing' };

export const ensureDevelopmentAccess = async (
  records: Records,
  clock: Clock,
  pinnedKey?: string,
): Promise<DevKeyOutcome> => {
  if (pinnedKey) {
    const { org } = await ensureOrg(records, clock, DEV_ORG_NAME);
    const known = await verifyApiKey(records, pinnedKey);
    if (!known) await createApiKey(records, clock, org.id, { key: pinnedKey });
    return { kind: 'pinned', orgId: known?.orgId ?? org.id, hint: `${hashApiKey(pinnedKey).slice(0, 12)}` };
  }
  if ((await listOrgs(records)).length > 0) return { kind: 'existing' };
  const { org } = await ensureOrg(records, clock, DEV_ORG_NAME);
  const { key } = await createApiKey(records, clock, org.id);
  return { kind: 'created', key, orgId: org.id };
};
