/**
 * The replay of a session's stored events (`all=true`, `lastEventId`), a page at a time. Read whole, a long history
 * sat in memory once per stream, and an org's hundred streams replaying at once queued a hundred whole-partition
 * reads ahead of every other org's requests on the shared store and event loop. So:
 *
 * - each store read takes at most REPLAY_PAGE_SIZE records;
 * - an org has at most REPLAY_READS_PER_ORG replay reads in flight across all its streams (in this process); the
 *   others wait their turn, so another org's requests wait behind a few pages, never behind the org's whole backlog;
 * - the next page is read only once the stream has taken the last one, so a client that reads slowly slows its own
 *   replay and holds at most a page;
 * - between pages the replay yields to the event loop, so other requests' callbacks run in between.
 */
import { setImmediate as nextTurnOfLoop } from 'node:timers/promises';
import type { SessionEventRecord } from '../../ports/event-bus.js';
import type { Records } from '../../ports/records.js';
import { keyedTurns } from '../shared/turns.js';
import { storedEventPages } from './events.js';

export const REPLAY_PAGE_SIZE = 100;
export const REPLAY_READS_PER_ORG = 2;

const replayReads = keyedTurns(REPLAY_READS_PER_ORG);

export async function* replayEvents(
  records: Records,
  orgId: string,
  sessionId: string,
  afterEventId: number | undefined,
  signal: AbortSignal,
  pageSize = REPLAY_PAGE_SIZE,
): AsyncGenerator<SessionEventRecord> {
  const read = <T>(work: () => Promise<T>) => replayReads(orgId, work, signal);
  for await (const page of storedEventPages(records, orgId, sessionId, afterEventId, { pageSize, read })) {
    yield* page;
    if (signal.aborted) return;
    await nextTurnOfLoop();
  }
}
