/**
 * Activity on a session (any API call on it) resets its idle timer on the host at once; the record's
 * `lastActivity` is written at most every 15 s, so a busy session does not become a write per request.
 */
import type { SessionDeps } from './deps.js';
import type { SessionItem } from './model.js';

const WRITE_EVERY_MS = 15_000;

export const touchSession = async (deps: SessionDeps, session: SessionItem): Promise<void> => {
  deps.fleet.touch(session.id);
  const now = deps.clock.now();
  if (now.getTime() - Date.parse(session.lastActivity) < WRITE_EVERY_MS) return;
  await deps.records.update({ pk: session.pk, sk: session.sk }, { lastActivity: now.toISOString() }).catch(() => undefined);
};
