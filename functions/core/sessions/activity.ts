/**
 * Activity on a session (any API call on it) resets its idle timer on the host at once; the record's
 * `lastActivity` is written at most every 15 s, so a busy session does not become a write per request.
 */
import { NotFoundError } from '../shared/errors.js';
import type { SessionDeps } from './deps.js';
import type { SessionItem } from './model.js';
import { getSession } from './queries.js';

const WRITE_EVERY_MS = 15_000;

export const touchSession = async (deps: SessionDeps, session: SessionItem): Promise<void> => {
  await deps.fleet.touch(session.id);
  const now = deps.clock.now();
  if (now.getTime() - Date.parse(session.lastActivity) < WRITE_EVERY_MS) return;
  await deps.records
    .update({ pk: session.pk, sk: session.sk }, { lastActivity: now.toISOString() })
    .catch(() => undefined);
};

/**
 * The caller's session, for a request that names it. Every request on a running session counts as activity, reads
 * included: clients that poll a session's info or follow its events keep it alive as the interface says.
 */
export const sessionInUse = async (deps: SessionDeps, orgId: string, sessionId: string): Promise<SessionItem> => {
  const session = await getSession(deps.records, orgId, sessionId);
  if (!session) throw new NotFoundError('session', sessionId);
  if (session.status === 'running') await touchSession(deps, session);
  return session;
};
