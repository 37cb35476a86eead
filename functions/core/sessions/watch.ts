/**
 * What a client of the events stream receives: the replay when asked (`all`, or everything after `lastEventId`),
 * then the current status (at once when no replay is asked: the official client waits for `running` that way), then
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

/** A stored event, or the current status as read on connect (which has no event id). */
export interface StreamedEvent {
  event: string;
  eventId?: number;
  eventTime: string;
  [field: string]: unknown;
}

export async function* watchSession(
  deps: SessionDeps,
  session: SessionItem,
  options: WatchOptions,
): AsyncGenerator<StreamedEvent> {
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
    const replay =
      options.all || options.lastEventId !== undefined
        ? await storedEvents(deps.records, session.orgId, session.id, options.all ? undefined : options.lastEventId)
        : [];
    let lastSent = 0;
    for (const event of replay) {
      yield event;
      lastSent = event.eventId;
    }
    const current = await statusNow(deps, session);
    // Not a stored event, so it carries no event id: a client resuming from its last id never skips or repeats one.
    yield { event: 'status', eventTime: deps.clock.now().toISOString(), id: session.id, status: current.status };
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
