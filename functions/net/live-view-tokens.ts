/**
 * Live view URLs carry no API key: a short-lived token, signed with the service's secret, names the one session
 * and window it opens, and its options.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ViewGrant {
  sessionId: string;
  windowId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

export const VIEW_TOKEN_TTL_SECONDS = 3600;

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export const signViewToken = (secret: string, grant: ViewGrant): string => {
  const payload = Buffer.from(JSON.stringify([grant.sessionId, grant.windowId, grant.expiresAt])).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
};

/** The grant in a valid, unexpired token; undefined otherwise. */
export const verifyViewToken = (secret: string, token: string, nowSeconds: number): ViewGrant | undefined => {
  // Exactly `payload.signature`, both base64url: anything more (`….junk`) or other characters is not a token this
  // service issued, even when its first two parts would verify.
  const parts = token.split('.');
  if (parts.length !== 2 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return undefined;
  const [payload, signature] = parts as [string, string];
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const grant: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(grant) || grant.length !== 3) return undefined;
    const [sessionId, windowId, expiresAt] = grant as unknown[];
    if (typeof sessionId !== 'string' || typeof windowId !== 'string' || typeof expiresAt !== 'number')
      return undefined;
    return expiresAt > nowSeconds ? { sessionId, windowId, expiresAt } : undefined;
  } catch {
    return undefined;
  }
};
