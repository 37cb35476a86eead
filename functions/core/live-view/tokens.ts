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
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const [sessionId, windowId, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, string, number];
    return expiresAt > nowSeconds ? { sessionId, windowId, expiresAt } : undefined;
  } catch {
    return undefined;
  }
};
