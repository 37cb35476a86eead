/**
 * Sessions on a fleet of browser hosts (AWS). The API function that creates a session only records it and queues
 * a start; a host with room takes the start, launches the browser, writes the session's placement (which host, at
 * which private address) and marks the session running. Everything that later drives the session from another
 * process (API functions, other hosts relaying client traffic) finds the owner through the placement, by session
 * id alone: the start message and the CDP paths carry no org.
 */
import type { Blobs } from '../../ports/blobs.js';
import type { RecordItem, RecordKey, Records } from '../../ports/records.js';
import { loadProfile } from '../profiles/store.js';
import type { SessionDeps } from './deps.js';
import { browserDisguise } from './disguise.js';
import { advanceSession, finishSession, markRunning } from './lifecycle.js';
import { isLive } from './model.js';
import { proxySettings, type ProxyConfig } from './proxy.js';
import { getSession } from './queries.js';

export interface Placement {
  sessionId: string;
  orgId: string;
  hostId: string;
  /** `http://<private address>:<port>`: the owner's internal API, CDP proxy and live view. */
  address: string;
}

/** What the start queue carries: the rest (proxy, profile, recording) is read from the session's record. */
export interface SessionStart {
  sessionId: string;
  orgId: string;
}

/** A session still waiting after this long is failed rather than started: its client has long given up. */
export const MAX_CAPACITY_WAIT_MS = 10 * 60_000;
/** A start that failed on this many hosts in turn fails the session instead of being tried again. */
export const MAX_START_ATTEMPTS = 3;
/** Placements outlive any session (24 h is the longest idle timeout); ended ones are deleted at once. */
const PLACEMENT_TTL_SECONDS = 25 * 3600;

const placementKey = (sessionId: string): RecordKey => ({ pk: `PLACEMENT#${sessionId}`, sk: 'PLACEMENT' });

export const findPlacement = async (records: Records, sessionId: string): Promise<Placement | undefined> => {
  const item = (await records.get(placementKey(sessionId))) as (RecordItem & Placement) | undefined;
  return item ? { sessionId, orgId: item.orgId, hostId: item.hostId, address: item.address } : undefined;
};

export const removePlacement = (records: Records, sessionId: string): Promise<void> =>
  records.delete(placementKey(sessionId));

export const parseSessionStart = (body: string): SessionStart | undefined => {
  try {
    const value = JSON.parse(body) as Partial<SessionStart>;
    return typeof value.sessionId === 'string' && typeof value.orgId === 'string'
      ? { sessionId: value.sessionId, orgId: value.orgId }
      : undefined;
  } catch {
    return undefined;
  }
};

export type StartOutcome = 'started' | 'dropped' | 'failed';

/** A start is queued while its session's record is still being written: a host that is quicker waits for it. */
const RECORD_WAIT_MS = 3_000;

const sessionWhenWritten = async (deps: SessionDeps, start: SessionStart) => {
  const deadline = Date.now() + RECORD_WAIT_MS;
  for (;;) {
    const session = await getSession(deps.records, start.orgId, start.sessionId);
    // Not there in time: its write failed, and the client was told so.
    if (session || Date.now() > deadline) return session;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * A host takes one queued start: the session's browser is launched here, placed, and the session marked running.
 * A session that ended while queued, or one that waited past `MAX_CAPACITY_WAIT_MS`, is not started. A launch that
 * fails throws (the start goes back to the queue for another host) until `attempt` reaches `MAX_START_ATTEMPTS`,
 * when the session fails with the reason.
 */
export const takeSessionStart = async (
  deps: SessionDeps & { blobs: Blobs },
  start: SessionStart,
  host: { hostId: string; address: string; attempt: number },
): Promise<StartOutcome> => {
  const { orgId, sessionId } = start;
  const session = await sessionWhenWritten(deps, start);
  if (!session || !isLive(session.status) || session.status === 'running') return 'dropped';
  const waitedMs = deps.clock.now().getTime() - Date.parse(session.createdAt);
  if (waitedMs > MAX_CAPACITY_WAIT_MS) {
    const minutes = Math.round(MAX_CAPACITY_WAIT_MS / 60_000);
    await finishSession(deps, orgId, sessionId, {
      reason: 'failedToStart',
      message: `no browser host had room within ${minutes} minutes`,
    });
    return 'failed';
  }
  const { configuration } = session;
  const profile = configuration.profileName ? await loadProfile(deps, orgId, configuration.profileName) : undefined;
  if (session.status === 'awaitingCapacity') await advanceSession(deps, orgId, sessionId, 'initializing');
  const disguise = browserDisguise(configuration);
  try {
    await deps.fleet.start({
      sessionId,
      orgId,
      idleTimeoutMs: configuration.timeoutMinutes * 60_000,
      // Stored as the client sent it, and validated then.
      proxy: proxySettings(configuration.proxy as ProxyConfig | undefined).proxy,
      ...(profile ? { profile } : {}),
      ...(configuration.record ? { record: true } : {}),
      ...(disguise !== undefined ? { disguise } : {}),
    });
  } catch (error) {
    if (host.attempt < MAX_START_ATTEMPTS) throw error;
    await finishSession(deps, orgId, sessionId, { reason: 'failedToStart', message: (error as Error).message });
    return 'failed';
  }
  const placement: Placement = { sessionId, orgId, hostId: host.hostId, address: host.address };
  await deps.records.put({
    ...placementKey(sessionId),
    ...placement,
    expiresAt: Math.floor(deps.clock.now().getTime() / 1000) + PLACEMENT_TTL_SECONDS,
  });
  // The function that created the session may mark it running first, as soon as it sees the placement.
  const running =
    (await markRunning(deps, orgId, sessionId, host.hostId)) ?? (await getSession(deps.records, orgId, sessionId));
  if (running?.status === 'running') return 'started';
  // Terminated while its browser launched: nobody will use it.
  await deps.fleet.stop(sessionId).catch(() => undefined);
  return 'dropped';
};
