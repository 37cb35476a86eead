/** The browser of a caller's running session, for window operations. Any use counts as session activity. */
import type { SessionBrowser } from '../../ports/browser.js';
import { touchSession } from '../sessions/activity.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { SessionItem } from '../sessions/model.js';
import { getSession } from '../sessions/queries.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';

export const runningSession = async (deps: SessionDeps, orgId: string, sessionId: string): Promise<SessionItem> => {
  const session = await getSession(deps.records, orgId, sessionId);
  if (!session) throw new NotFoundError('session', sessionId);
  if (session.status !== 'running') {
    throw new ConflictError(
      session.status === 'awaitingCapacity' || session.status === 'initializing'
        ? `session ${sessionId} is ${session.status}: wait until it is running (its events stream says when)`
        : `session ${sessionId} is ${session.status} and has no browser any more`,
    );
  }
  return session;
};

export const sessionBrowser = async (deps: SessionDeps, orgId: string, sessionId: string): Promise<{ session: SessionItem; browser: SessionBrowser }> => {
  const session = await runningSession(deps, orgId, sessionId);
  await touchSession(deps, session);
  return { session, browser: await deps.fleet.open(sessionId) };
};

export const requireWindow = async (browser: SessionBrowser, windowId: string) => {
  const window = await browser.window(windowId);
  if (!window) throw new NotFoundError('window', windowId);
  return window;
};
