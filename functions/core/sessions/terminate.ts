/**
 * Ending sessions: by the client, or because the browser ended on its own (idle timeout, crash, shutdown, or its
 * host ended it for taking too much disk).
 */
import type { BrowserEndReason } from '../../ports/browser.js';
import type { SessionDeps } from './deps.js';
import { finishSession } from './lifecycle.js';
import type { EndReason } from './model.js';
import { getSession } from './queries.js';

/** Ends the caller's session. An unknown id, or one of another org, is ignored (the interface's rule). */
export const terminateSession = async (deps: SessionDeps, orgId: string, sessionId: string): Promise<void> => {
  const session = await getSession(deps.records, orgId, sessionId);
  if (!session) return;
  const ended = await finishSession(deps, orgId, sessionId, { reason: 'terminated' });
  if (ended) await deps.fleet.stop(sessionId).catch(() => undefined);
};

const REASONS: Record<BrowserEndReason, EndReason | undefined> = {
  // The service itself released it (terminate): the session was already ended.
  released: undefined,
  idle: 'idle',
  crashed: 'crashed',
  shutdown: 'shutdown',
  storageLimit: 'storageLimit',
};

const MESSAGES: Partial<Record<EndReason, string>> = {
  crashed: 'the browser process exited unexpectedly',
  storageLimit:
    "the session's pages stored more on its host's disk than a session may hold (SESSION_STORAGE_BYTES: IndexedDB, " +
    'the origin private file system, Cache Storage, caches and the rest of its browser profile); the session was ended',
};

export const onBrowserEnded = async (
  deps: SessionDeps,
  ended: { sessionId: string; orgId: string; reason: BrowserEndReason },
): Promise<void> => {
  const reason = REASONS[ended.reason];
  if (!reason) return;
  await finishSession(deps, ended.orgId, ended.sessionId, { reason, message: MESSAGES[reason] });
};
