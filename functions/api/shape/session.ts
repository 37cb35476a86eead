/** Session record → the wire's ExternalSessionWithConnectionInfo. */
import type { z } from 'zod';
import { CDP_TOKEN_TTL_SECONDS, signCdpToken } from '../../core/sessions/cdp-token.js';
import { isLive, usageMinutes, type Session } from '../../core/sessions/model.js';
import type { ExternalSession } from '../schemas/sessions.js';

/** The CDP socket URL with a short-lived token bound to this session and its org, for clients that cannot set headers. */
const signedCdpWsUrl = (session: Session, ws: string, secret: string, now: Date): string => {
  const token = signCdpToken(secret, {
    sessionId: session.id,
    orgId: session.orgId,
    expiresAt: Math.floor(now.getTime() / 1000) + CDP_TOKEN_TTL_SECONDS,
  });
  return `${ws}/cdp/${session.id}?token=${token}`;
};

/**
 * `webdriver`: the fleet's browsers have a matching chromedriver (ports/browser.ts BrowserFeatures); without one,
 * sessions carry no `chromedriverUrl` (docs/behaviour.md).
 */
export const sessionToWire = (
  session: Session,
  baseUrl: string,
  now: Date,
  signingSecret: string,
  webdriver = false,
): z.input<typeof ExternalSession> => {
  const ws = baseUrl.replace(/^http/, 'ws');
  const live = isLive(session.status);
  return {
    id: session.id,
    status: session.status,
    configuration: {
      timeoutMinutes: session.configuration.timeoutMinutes,
      persistProfile: session.saveProfileAs !== undefined,
    },
    ...(live
      ? {
          cdpUrl: `${baseUrl}/cdp/${session.id}`,
          cdpWsUrl: `${ws}/cdp/${session.id}`,
          signedCdpWsUrl: signedCdpWsUrl(session, ws, signingSecret, now),
        }
      : {}),
    ...(live && webdriver ? { chromedriverUrl: `${baseUrl}/webdriver/${session.id}` } : {}),
    currentUsage: usageMinutes(session, now),
    dateCreated: session.createdAt,
    lastActivity: session.lastActivity,
  };
};
