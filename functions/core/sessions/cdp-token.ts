/**
 * CDP URLs for clients that take only a URL and cannot send `Authorization` (several agent frameworks and CDP
 * libraries): a short-lived token in the query, signed like live view tokens, naming one session and its org. It
 * never carries the API key, and a session that is no longer running refuses it whatever its expiry.
 */
import { createHmac } from 'node:crypto';
import { signViewToken, verifyViewToken } from '../../net/live-view-tokens.js';

/** Long enough to hand the URL to a client and connect; the socket then lives as long as the session. */
export const CDP_TOKEN_TTL_SECONDS = 600;

export interface CdpGrant {
  sessionId: string;
  orgId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** A key of its own, derived from the service's secret: a live view token is never a CDP token, nor the reverse. */
const cdpKey = (secret: string) => createHmac('sha256', secret).update('cdp-url-token/v1').digest('base64url');

export const signCdpToken = (secret: string, grant: CdpGrant): string =>
  signViewToken(cdpKey(secret), { sessionId: grant.sessionId, windowId: grant.orgId, expiresAt: grant.expiresAt });

/** The grant in a valid, unexpired token; undefined otherwise. */
export const verifyCdpToken = (secret: string, token: string, nowSeconds: number): CdpGrant | undefined => {
  const grant = verifyViewToken(cdpKey(secret), token, nowSeconds);
  return grant && { sessionId: grant.sessionId, orgId: grant.windowId, expiresAt: grant.expiresAt };
};
