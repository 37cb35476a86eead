/** Session record → the wire's ExternalSessionWithConnectionInfo. */
import type { z } from 'zod';
import { isLive, usageMinutes, type Session } from '../../core/sessions/model.js';
import type { ExternalSession } from '../schemas/sessions.js';

/**
 * `webdriver`: the fleet's browsers have a matching chromedriver (ports/browser.ts BrowserFeatures); without one,
 * sessions carry no `chromedriverUrl` (docs/behaviour.md).
 */
export const sessionToWire = (session: Session, baseUrl: string, now: Date, webdriver = false): z.input<typeof ExternalSession> => {
  const ws = baseUrl.replace(/^http/, 'ws');
  const live = isLive(session.status);
  return {
    id: session.id,
    status: session.status,
    configuration: { timeoutMinutes: session.configuration.timeoutMinutes, persistProfile: session.saveProfileAs !== undefined },
    ...(live ? { cdpUrl: `${baseUrl}/cdp/${session.id}`, cdpWsUrl: `${ws}/cdp/${session.id}` } : {}),
    ...(live && webdriver ? { chromedriverUrl: `${baseUrl}/webdriver/${session.id}` } : {}),
    currentUsage: usageMinutes(session, now),
    dateCreated: session.createdAt,
    lastActivity: session.lastActivity,
  };
};
