/**
 * What a client of the events stream receives: the replay when asked (`all`, or everything after `lastEventId`),
 * then the current status (at once when no replay is asked: the official client waits for `running` that way), then
 * every new event live. The stream ends after the session's final status.
 *
 * The replay is read a page at a time (replay.ts). Live events that arrive while the client is still taking the
 * replay (or reads slowly) wait in memory, at most MAX_WAITING_LIVE_EVENTS of them: past that the watch ends with
 * StreamBehindError rather than hold an unbounded queue for a client that does not keep up; it can reconnect with
 * `lastEventId` and lose nothing, since every event is stored.
 */
import type { SessionEventRecord } from '../../ports/event-bus.js';
import type { SessionDeps } from './deps.js';
import { sessionChannel } from './events.js';
import { isLive, type SessionItem } from './model.js';
import { replayEvents } from './replay.js';

export const MAX_WAITING_LIVE_EVENTS = 1_000;

/** The client fell too far behind the live events; the stream tells it so (`code`) and ends. */
export class StreamBehindError extends Error {
  readonly code = 'stream_behind';
  constructor(lastEventId: number | undefined) {
    const resume = lastEventId ? `lastEventId=${lastEventId}` : 'lastEventId set to the last event id received';
    super(
      `more than ${MAX_WAITING_LIVE_EVENTS} events were waiting for this stream's client; reconnect with ${resume}`,
    );
    this.name = 'StreamBehindError';
  }
}

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
  let overflowed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = deps.bus.subscribe(sessionChannel(session.orgId, session.id), (event) => {
    if (pending.length >= MAX_WAITING_LIVE_EVENTS) overflowed = true;
    else pending.push(event);
    wake?.();
  });
  const onAbort = () => wake?.();
  options.signal.addEventListener('abort', onAbort);
  try {
    let lastSent = 0;
    if (options.all || options.lastEventId !== undefined) {
      const after = options.all ? undefined : options.lastEventId;
      for await (const event of replayEvents(deps.records, session.orgId, session.id, after, options.signal)) {
        yield event;
        lastSent = event.eventId;
      }
    }
    const current = await statusNow(deps, session);
    // Not a stored event, so it carries no event id: a client resuming from its last id never skips or repeats one.
    yield { event: 'status', eventTime: deps.clock.now().toISOString(), id: session.id, status: current.status };
    if (!isLive(current.status)) return;

    while (!options.signal.aborted) {
      if (pending.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      if (overflowed) throw new StreamBehindError(lastSent || options.lastEventId);
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
