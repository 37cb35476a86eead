/**
 * Standard Webhooks signatures: `webhook-signature` holds one `v1,<base64 HMAC-SHA256>` per active secret,
 * space-separated, each over `<webhook-id>.<webhook-timestamp>.<body>`. Secrets are `whsec_<base64 key>`; the key
 * is the decoded bytes. A receiver accepts a message when any listed signature matches one of its secrets, so
 * during a rotation both the old and the new secret verify.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export const generateWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

const keyOf = (secret: string): Buffer => {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
};

export const signPayload = (secret: string, id: string, timestampSeconds: number, body: string): string =>
  `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;

/** The three headers of one delivery attempt, signed with every given secret (current first). */
export const webhookHeaders = (
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> => ({
  'content-type': 'application/json',
  'webhook-id': id,
  'webhook-timestamp': String(timestampSeconds),
  'webhook-signature': secrets.map((secret) => signPayload(secret, id, timestampSeconds, body)).join(' '),
});
