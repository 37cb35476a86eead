/** The browser of a caller's running session, for window operations. Any use counts as session activity. */
import type { SessionBrowser } from '../../ports/browser.js';
import { touchSession } from '../sessions/activity.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { SessionItem } from '../sessions/model.js';
import { getSession } from '../sessions/queries.js';
import { BrowserClosedError, ConflictError, NotFoundError, toAppError } from '../shared/errors.js';

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

/**
 * A failure of the service's own (5xx) while the session stopped running is the session's end seen from inside:
 * a terminate racing the request kills the browser under it, and Chromium answers whatever it answers then ("Target.
 * createTarget: Not supported", a target that never appears, no browser on the host). The client hears 409
 * `browser_closed`, as for any request whose browser closed under it; a failure of a still-running session stays
 * what it is.
 */
export const failedOrEnded = async (
  deps: SessionDeps,
  orgId: string,
  sessionId: string,
  error: unknown,
): Promise<never> => {
  if (!toAppError(error).serviceFault) throw error;
  const now = await getSession(deps.records, orgId, sessionId).catch(() => undefined);
  if (now?.status === 'running') throw error;
  throw new BrowserClosedError(error);
};

/** The browser with every call's failure judged by `failedOrEnded`. */
const judged = (browser: SessionBrowser, onFailure: (error: unknown) => Promise<never>): SessionBrowser =>
  new Proxy(browser, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } catch (error) {
          return onFailure(error);
        }
      };
    },
  });

export const sessionBrowser = async (
  deps: SessionDeps,
  orgId: string,
  sessionId: string,
): Promise<{ session: SessionItem; browser: SessionBrowser }> => {
  const session = await runningSession(deps, orgId, sessionId);
  await touchSession(deps, session);
  const onFailure = (error: unknown) => failedOrEnded(deps, orgId, sessionId, error);
  const browser = await deps.fleet.open(sessionId).catch(onFailure);
  return { session, browser: judged(browser, onFailure) };
};

export const requireWindow = async (browser: SessionBrowser, windowId: string) => {
  const window = await browser.window(windowId);
  if (!window) throw new NotFoundError('window', windowId);
  return window;
};
