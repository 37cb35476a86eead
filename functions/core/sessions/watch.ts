/**
 * What a client of the events stream receives: the current status at once (the official client waits for
 * `running` without asking for a replay), then a replay when asked (`all`, or everything after `lastEventId`), then
 * every new event live. The stream ends after the session's final status.
 */
import type { SessionEventRecord } from '../../ports/event-bus.js';
import type { SessionDeps } from './deps.js';
import { sessionChannel, storedEvents } from './events.js';
import { isLive, type SessionItem } from './model.js';

export interface WatchOptions {
  lastEventId?: number;
  all?: boolean;
  signal: AbortSignal;
}

export async function* watchSession(deps: SessionDeps, session: SessionItem, options: WatchOptions): AsyncGenerator<SessionEventRecord> {
  // Subscribe before reading, so nothing published in between is missed; duplicates are dropped by id.
  const pending: SessionEventRecord[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = deps.bus.subscribe(sessionChannel(session.orgId, session.id), (event) => {
    pending.push(event);
    wake?.();
  });
  const onAbort = () => wake?.();
  options.signal.addEventListener('abort', onAbort);
  try {
    const replay = options.all || options.lastEventId !== undefined ? await storedEvents(deps.records, session.orgId, session.id, options.all ? undefined : options.lastEventId) : [];
    let lastSent = 0;
    for (const event of replay) {
      yield event;
      lastSent = event.eventId;
    }
    const current = await statusNow(deps, session);
    yield { event: 'status', eventId: lastSent || undefined, eventTime: deps.clock.now().toISOString(), id: session.id, status: current.status } as SessionEventRecord;
    if (!isLive(current.status)) return;

    while (!options.signal.aborted) {
      if (pending.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      for (const event of pending.splice(0)) {
        if (event.eventId <= lastSent) continue;
        lastSent = event.eventId;
        yield event;
        if (event.event === 'status' && !isLive(event.status as SessionItem['status'])) return;
      }
    }
  } finally {
    unsubscribe();
    options.signal.removeEventListener('abort', onAbort);
  }
}

const statusNow = async (deps: SessionDeps, session: SessionItem): Promise<SessionItem> =>
  (await deps.records.get<SessionItem>({ pk: session.pk, sk: session.sk })) ?? session;
