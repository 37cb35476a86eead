/**
 * Session events: stored first (so `all=true` and `lastEventId` can replay them), then published to open streams.
 * Ids are numbers that grow with time (microseconds), so no shared counter has to be updated per event.
 */
import type { Clock } from '../../ports/clock.js';
import type { EventBus, SessionEventRecord } from '../../ports/event-bus.js';
import { ConditionFailedError, type RecordItem, type Records } from '../../ports/records.js';
import { eventKeys } from '../shared/record-keys.js';

/** Events are kept a week: long enough for any client to replay a session's history. */
export const EVENT_RETENTION_SECONDS = 7 * 24 * 3600;

let lastIssued = 0;
const nextEventId = (clock: Clock): number => {
  lastIssued = Math.max(clock.now().getTime() * 1000, lastIssued + 1);
  return lastIssued;
};

export const sessionChannel = (orgId: string, sessionId: string): string => `${orgId}/${sessionId}`;

export const appendEvent = async (
  deps: { records: Records; clock: Clock; bus: EventBus },
  orgId: string,
  sessionId: string,
  fields: { event: string } & Record<string, unknown>,
): Promise<SessionEventRecord> => {
  const now = deps.clock.now();
  for (let attempt = 0; ; attempt += 1) {
    const eventId = nextEventId(deps.clock);
    const event: SessionEventRecord = { ...fields, eventId, eventTime: now.toISOString() };
    try {
      await deps.records.put(
        {
          ...eventKeys.event(orgId, sessionId, eventId),
          expiresAt: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS,
          payload: event,
        },
        { ifAbsent: true },
      );
      deps.bus.publish(sessionChannel(orgId, sessionId), event);
      return event;
    } catch (error) {
      // Another writer took this id in the same microsecond: take the next one.
      if (!(error instanceof ConditionFailedError) || attempt >= 5) throw error;
    }
  }
};

/**
 * Stored events after `afterEventId` (all of them when undefined), oldest first, one store read per page of at most
 * `pageSize`. `read` runs each store read, so a caller can make reads take turns (see replay.ts).
 */
export async function* storedEventPages(
  records: Records,
  orgId: string,
  sessionId: string,
  afterEventId: number | undefined,
  options: { pageSize: number; read?: <T>(work: () => Promise<T>) => Promise<T> },
): AsyncGenerator<SessionEventRecord[]> {
  const read = options.read ?? ((work) => work());
  let cursor: string | undefined;
  do {
    const page = await read(() =>
      records.query<RecordItem & { payload: SessionEventRecord }>(eventKeys.partition(orgId, sessionId), {
        cursor,
        limit: options.pageSize,
        ...(afterEventId === undefined ? {} : { skAfter: eventKeys.event(orgId, sessionId, afterEventId).sk }),
      }),
    );
    cursor = page.cursor;
    if (page.items.length > 0) yield page.items.map((item) => item.payload);
  } while (cursor);
}

/** Stored events after `afterEventId`, all in one array: for the few new events a poll finds, not for replays. */
export const storedEvents = async (
  records: Records,
  orgId: string,
  sessionId: string,
  afterEventId?: number,
): Promise<SessionEventRecord[]> => {
  const events: SessionEventRecord[] = [];
  for await (const page of storedEventPages(records, orgId, sessionId, afterEventId, { pageSize: 500 }))
    events.push(...page);
  return events;
};
