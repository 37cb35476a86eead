/**
 * Each org's webhook signing secret. Rotation keeps the previous secret for a grace period, during which
 * deliveries carry a signature from each, so receivers can switch secrets without dropping a message.
 */
import type { Clock } from '../../ports/clock.js';
import { ConditionFailedError, type RecordItem, type Records } from '../../ports/records.js';
import { recordKeys } from '../shared/record-keys.js';
import { generateWebhookSecret } from './signing.js';

interface WebhookSecretItem extends RecordItem {
  secret: string;
  createdAt: string;
  previousSecret?: string;
  /** ISO time until which the previous secret still signs. */
  previousUntil?: string;
}

export interface WebhookSecretInfo {
  secret: string;
  createdAt: string;
  previousUntil?: string;
}

export const DEFAULT_ROTATION_GRACE_HOURS = 24;

const create = async (records: Records, clock: Clock, orgId: string): Promise<WebhookSecretItem> => {
  const item: WebhookSecretItem = {
    ...recordKeys.webhookSecret(orgId),
    secret: generateWebhookSecret(),
    createdAt: clock.now().toISOString(),
    version: 0,
  };
  try {
    await records.put(item, { ifAbsent: true });
    return item;
  } catch (error) {
    // Another delivery created it first: use theirs, so every signature of the org comes from one secret.
    if (!(error instanceof ConditionFailedError)) throw error;
    return (await records.get<WebhookSecretItem>(recordKeys.webhookSecret(orgId)))!;
  }
};

/** The org's secret, created on first use. */
export const ensureWebhookSecret = async (
  records: Records,
  clock: Clock,
  orgId: string,
): Promise<WebhookSecretInfo> => {
  const item =
    (await records.get<WebhookSecretItem>(recordKeys.webhookSecret(orgId))) ?? (await create(records, clock, orgId));
  return { secret: item.secret, createdAt: item.createdAt, previousUntil: item.previousUntil };
};

/** The secrets that sign a delivery now: the current one, and the previous one while its grace period lasts. */
export const signingSecrets = async (records: Records, clock: Clock, orgId: string): Promise<string[]> => {
  const item =
    (await records.get<WebhookSecretItem>(recordKeys.webhookSecret(orgId))) ?? (await create(records, clock, orgId));
  const graceLasts =
    item.previousSecret && item.previousUntil && Date.parse(item.previousUntil) > clock.now().getTime();
  return graceLasts ? [item.secret, item.previousSecret!] : [item.secret];
};

/** A new current secret; the old one keeps signing for `graceHours` (0: retired at once). */
export const rotateWebhookSecret = async (
  records: Records,
  clock: Clock,
  orgId: string,
  graceHours = DEFAULT_ROTATION_GRACE_HOURS,
): Promise<WebhookSecretInfo> => {
  const old = await records.get<WebhookSecretItem>(recordKeys.webhookSecret(orgId));
  if (!old) return ensureWebhookSecret(records, clock, orgId);
  const now = clock.now();
  const previousUntil = new Date(now.getTime() + graceHours * 3_600_000).toISOString();
  const next: WebhookSecretItem = {
    ...recordKeys.webhookSecret(orgId),
    secret: generateWebhookSecret(),
    createdAt: now.toISOString(),
    ...(graceHours > 0 ? { previousSecret: old.secret, previousUntil } : {}),
  };
  // Conditional on the version read, so two rotations at once cannot both keep a stale previous secret.
  await records.put(next, { expectVersion: old.version ?? 0 });
  return { secret: next.secret, createdAt: next.createdAt, previousUntil: next.previousUntil };
};
