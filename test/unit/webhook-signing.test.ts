/**
 * Standard Webhooks signing: known answers computed here with node:crypto, independently of the signing module,
 * and the rotation rule (both secrets sign during the grace period, only the new one after it).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { rotateWebhookSecret, ensureWebhookSecret, signingSecrets } from '../../functions/core/webhooks/secrets.js';
import { generateWebhookSecret, signPayload, webhookHeaders } from '../../functions/core/webhooks/signing.js';
import type { Clock } from '../../functions/ports/clock.js';

const expected = (secret: string, id: string, ts: number, body: string) =>
  createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${ts}.${body}`)
    .digest('base64');

describe('webhook signing', () => {
  it('signs "id.timestamp.body" with HMAC-SHA256 of the base64-decoded secret', () => {
    // The example secret of the Standard Webhooks specification.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const body = '{"test": 2432232314}';
    const sig = signPayload(secret, id, 1614265330, body);
    expect(sig).toBe(`v1,${expected(secret, id, 1614265330, body)}`);
    expect(sig).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('puts id, timestamp and one signature per secret in the headers', () => {
    const [a, b] = [generateWebhookSecret(), generateWebhookSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const headers = webhookHeaders([a, b], 'msg_1', 1700000000, '{"x":1}');
    expect(headers).toMatchObject({
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1700000000',
      'content-type': 'application/json',
    });
    expect(headers['webhook-signature']).toBe(
      `v1,${expected(a, 'msg_1', 1700000000, '{"x":1}')} v1,${expected(b, 'msg_1', 1700000000, '{"x":1}')}`,
    );
  });

  it('refuses a secret without the whsec_ prefix', () => {
    expect(() => signPayload('plain', 'id', 1, '')).toThrow(/whsec_/);
  });
});

describe('webhook secrets per org', () => {
  let now = new Date('2026-01-01T00:00:00Z');
  const clock: Clock = { now: () => now };

  it('creates one secret per org on first use and keeps it', async () => {
    const records = new MemoryRecords(clock);
    const first = await ensureWebhookSecret(records, clock, 'org-a');
    expect(await signingSecrets(records, clock, 'org-a')).toEqual([first.secret]);
    expect((await ensureWebhookSecret(records, clock, 'org-b')).secret).not.toBe(first.secret);
  });

  it('signs with the new and the old secret during the grace period, then with the new one only', async () => {
    const records = new MemoryRecords(clock);
    const old = await ensureWebhookSecret(records, clock, 'org-a');
    const rotated = await rotateWebhookSecret(records, clock, 'org-a', 2);
    expect(rotated.secret).not.toBe(old.secret);
    expect(await signingSecrets(records, clock, 'org-a')).toEqual([rotated.secret, old.secret]);
    now = new Date(now.getTime() + 2 * 3_600_000 + 1_000);
    expect(await signingSecrets(records, clock, 'org-a')).toEqual([rotated.secret]);
  });
});
