/**
 * Status changes of a session: each one updates the record (optimistically, by version) and appends a `status`
 * event. A session that has ended never comes back: later transitions are ignored.
 */
import { ConditionFailedError } from '../../ports/records.js';
import { appendEvent } from './events.js';
import type { SessionDeps } from './deps.js';
import { isLive, type EndReason, type SessionItem, type SessionStatus } from './model.js';
import { getSession } from './queries.js';
import { liveSessionsIndex } from '../shared/record-keys.js';

/** Ended sessions stay listable for 30 days. */
export const ENDED_RETENTION_SECONDS = 30 * 24 * 3600;

type Change = Partial<Pick<SessionItem, 'status' | 'endedAt' | 'endReason' | 'errorMessage' | 'hostId'>> &
  Record<string, unknown>;

/** Apply `change` to the session when `allowed(session)` holds; retries on a concurrent write. */
const changeSession = async (
  deps: SessionDeps,
  orgId: string,
  sessionId: string,
  allowed: (session: SessionItem) => boolean,
  change: (session: SessionItem) => Change,
  known?: SessionItem,
): Promise<SessionItem | undefined> => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // A caller that holds the session as it last wrote it saves the first read; a conflict reads it afresh.
    const session = attempt === 0 && known ? known : await getSession(deps.records, orgId, sessionId);
    if (!session || !allowed(session)) return undefined;
    try {
      return (await deps.records.update({ pk: session.pk, sk: session.sk }, change(session), {
        expectVersion: session.version ?? 0,
      })) as SessionItem;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
    }
  }
  throw new Error(`session ${sessionId} kept changing under a status update`);
};

const statusEvent = (deps: SessionDeps, session: SessionItem) =>
  appendEvent(deps, session.orgId, session.id, {
    event: 'status',
    id: session.id,
    status: session.status,
    ...sessionFailure(session),
  });

/** The ends that are failures (`error`), with the code clients see for each; any other failure is a crash. */
const FAILURE_CODES: Partial<Record<EndReason, string>> = {
  crashed: 'browser_crashed',
  failedToStart: 'session_start_failed',
  storageLimit: 'session_storage_limit',
};

/** Why a session is in `error`, as the events and the session's answer carry it (`error: {code, message}`). */
export const sessionFailure = (session: SessionItem): { error?: { code: string; message: string } } =>
  session.status === 'error'
    ? {
        error: {
          code: (session.endReason && FAILURE_CODES[session.endReason]) ?? 'browser_crashed',
          message: session.errorMessage ?? 'the session browser ended unexpectedly',
        },
      }
    : {};

/**
 * Move a live session forward (awaitingCapacity → initializing → running). A running session stays running until
 * it ends: on AWS the host that took the start marks it running while the API function that created it may still
 * report, late, that it had to wait.
 */
export const advanceSession = async (
  deps: SessionDeps,
  orgId: string,
  sessionId: string,
  status: SessionStatus,
  extra: Change = {},
  known?: SessionItem,
): Promise<SessionItem | undefined> => {
  const updated = await changeSession(
    deps,
    orgId,
    sessionId,
    (s) => isLive(s.status) && s.status !== status && s.status !== 'running',
    () => ({ status, ...extra }),
    known,
  );
  if (updated) await statusEvent(deps, updated);
  return updated;
};

/** End a live session; `error` for a browser that died, did not start or outgrew its disk, `ended` otherwise. Answers the ended session, if it was live. */
export const finishSession = async (
  deps: SessionDeps,
  orgId: string,
  sessionId: string,
  outcome: { reason: EndReason; message?: string },
): Promise<SessionItem | undefined> => {
  const now = deps.clock.now();
  const failed = FAILURE_CODES[outcome.reason] !== undefined;
  const updated = await changeSession(
    deps,
    orgId,
    sessionId,
    (s) => isLive(s.status),
    () => ({
      status: failed ? 'error' : 'ended',
      endedAt: now.toISOString(),
      endReason: outcome.reason,
      errorMessage: outcome.message,
      // Leaves the live-sessions index, and expires with the retention.
      gsi1pk: undefined,
      gsi1sk: undefined,
      expiresAt: Math.floor(now.getTime() / 1000) + ENDED_RETENTION_SECONDS,
    }),
  );
  if (updated) await statusEvent(deps, updated);
  return updated;
};

export const markRunning = (deps: SessionDeps, orgId: string, sessionId: string, hostId: string, known?: SessionItem) =>
  advanceSession(
    deps,
    orgId,
    sessionId,
    'running',
    { hostId, gsi1pk: liveSessionsIndex(hostId), gsi1sk: sessionId },
    known,
  );
