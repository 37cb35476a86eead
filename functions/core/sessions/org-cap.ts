/**
 * The cap on an org's live sessions. Without it one org, with one API key, could start sessions until every browser
 * of the hosts is taken, and every other org's sessions would wait in `awaitingCapacity` or fail. A create over the
 * cap is refused before a profile is read, a record written or a browser started, so a refusal costs one read and
 * leaves nothing behind.
 *
 * Live means holding a browser or waiting for one (`awaitingCapacity`, `initializing`, `running`). An `error`
 * session is as final as an `ended` one (its browser is gone); counting it would hold a slot for the 30 days it
 * stays listable.
 *
 * Two creates of one org racing in one process must not both take the last slot, yet neither has a record the
 * other could read until it is written. So each create holds a reservation naming its session's id from before its
 * read until its record is written (or failed to be), and counts the live sessions it reads together with the
 * reservations taken before its own, each id once: a session whose record is written while a later create reads is
 * counted once, whether or not the read saw it. An earlier create that is refused or fails afterwards still counts
 * for the later ones that saw its reservation; that errs towards refusing at the very edge of the cap, never
 * towards one session too many.
 *
 * Reservations live in memory, per process. Under `npm start` that is the whole service, and the cap is exact. On
 * AWS each API function container serves one request at a time, so creates of one org on different containers see
 * only each other's written records: creates racing within the tens of milliseconds between a read and its write
 * can all pass, and the org can go over the cap by at most the number of its creates running at that moment
 * (bounded by the create function's concurrency and the org's request rate). A strict cap across containers would
 * need a conditional write on a shared counter at every start and every end, and a repair for ends that are lost;
 * it is not built.
 */
import type { Records } from '../../ports/records.js';
import { TooManyRequestsError } from '../shared/errors.js';
import { recordKeys } from '../shared/record-keys.js';
import { LIVE_STATUSES, type SessionItem } from './model.js';

export interface OrgSessionCap {
  /** Live sessions an org may hold. */
  readonly limit: number;
  /** The setting the limit comes from, named in a refusal so the client knows what bounds it. */
  readonly setting: string;
  /**
   * A reservation for the org's new session `sessionId`: the sessions of the reservations held before it, and the
   * call that gives it back (safe twice).
   */
  reserve(orgId: string, sessionId: string): { ahead: string[]; release: () => void };
  /** Reservations the org holds now: creates between their read and their record's write. */
  pending(orgId: string): number;
}

export const orgSessionCap = (limit: number, setting: string): OrgSessionCap => {
  // Per org, the session ids of its creates in flight, in the order they reserved.
  const held = new Map<string, Set<string>>();
  return {
    limit,
    setting,
    pending: (orgId) => held.get(orgId)?.size ?? 0,
    reserve(orgId, sessionId) {
      const ids = held.get(orgId) ?? new Set<string>();
      const ahead = [...ids];
      ids.add(sessionId);
      held.set(orgId, ids);
      const release = () => {
        ids.delete(sessionId);
        // An org with no create in flight has no entry, so the map holds only orgs creating right now.
        if (ids.size === 0 && held.get(orgId) === ids) held.delete(orgId);
      };
      return { ahead, release };
    },
  };
};

/**
 * The ids of the org's live sessions, newest first, at most `atMost` of them: read from its own sessions partition,
 * so no other org's records are read. The table has no index by org and status (its one secondary index lists live
 * sessions by host, for restarts), so this is a filtered query, and on DynamoDB a filter applies after the read.
 * Only the live sessions come back, but the reads are paid for what was read: the whole partition, the ended
 * sessions it keeps for 30 days included, unless `atMost` live ones are found first (an org at its cap is read only
 * back to its oldest live session). That is about one read unit per 4 KB of the org's sessions and one round trip
 * per MB, at every create below the cap: an org that started 10,000 sessions in the last 30 days holds some 5 MB
 * there (about 450 bytes a session), 5 round trips and about 1,200 read units.
 */
export const liveSessionIds = async (records: Records, orgId: string, atMost: number): Promise<string[]> => {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await records.query<SessionItem>(recordKeys.sessions(orgId), {
      where: { status: LIVE_STATUSES },
      ascending: false,
      limit: atMost - ids.length,
      cursor,
    });
    ids.push(...page.items.map((session) => session.id));
    cursor = page.cursor;
  } while (cursor && ids.length < atMost);
  return ids;
};

/**
 * Holds a slot for the org's new session `sessionId`, or refuses with `too_many_requests` when its live sessions and
 * the creates ahead of this one fill the cap. The answer gives the slot back: call it once the session's record is
 * written (from then on the record counts) or its write failed. Without a cap every create passes.
 */
export const claimSessionSlot = async (
  records: Records,
  cap: OrgSessionCap | undefined,
  orgId: string,
  sessionId: string,
): Promise<() => void> => {
  if (!cap) return () => undefined;
  const { ahead, release } = cap.reserve(orgId, sessionId);
  try {
    // A flood of creates past the cap is refused on the reservations alone, without reading anything.
    const live = ahead.length >= cap.limit ? [] : await liveSessionIds(records, orgId, cap.limit);
    if (new Set([...ahead, ...live]).size >= cap.limit) {
      throw new TooManyRequestsError(
        `this org has reached its limit of ${cap.limit} live sessions (${cap.setting}); terminate one (DELETE /v1/sessions/{sessionId}) before starting another`,
      );
    }
    return release;
  } catch (error) {
    release();
    throw error;
  }
};
