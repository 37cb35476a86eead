/**
 * Credits spent by an org, kept as one small record per operation that spent any, in a partition of the org sorted
 * by day. Appending (instead of adding to a daily counter) needs no read-modify-write, so concurrent operations of
 * one org never contend; reading a day range sums the records.
 */
import type { Clock } from '../../ports/clock.js';
import type { Records } from '../../ports/records.js';
import { uuidv7 } from '../shared/ids.js';

/** Usage records outlive the longest range a caller may ask for (366 days), then expire. */
const KEEP_SECONDS = 400 * 24 * 3600;

const partition = (orgId: string): string => `ORG#${orgId}#USAGE`;
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

export interface CreditCharge {
  orgId: string;
  sessionId: string;
  credits: number;
}

/** Stores one charge; nothing is stored for an operation that spent no credits. */
export const recordCredits = async (deps: { records: Records; clock: Clock }, charge: CreditCharge): Promise<void> => {
  if (!(charge.credits > 0)) return;
  const now = deps.clock.now();
  await deps.records.put({
    pk: partition(charge.orgId),
    sk: `${dayOf(now)}#${uuidv7(now.getTime())}`,
    sessionId: charge.sessionId,
    credits: charge.credits,
    at: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  });
};

export interface UsageSummary {
  /** Every day of the range, oldest first, including days with nothing spent. */
  days: { date: string; credits: number; operations: number }[];
  /** Sessions that spent credits in the range, most credits first. */
  sessions: { sessionId: string; credits: number }[];
}

/** The org's credits per day over the last `days` days (today included, UTC). */
export const usageByDay = async (
  deps: { records: Records; clock: Clock },
  orgId: string,
  days: number,
): Promise<UsageSummary> => {
  const today = deps.clock.now();
  const dates = Array.from({ length: days }, (_, index) =>
    dayOf(new Date(today.getTime() - (days - 1 - index) * 86_400_000)),
  );
  const byDay = new Map(dates.map((date) => [date, { date, credits: 0, operations: 0 }]));
  const bySession = new Map<string, number>();
  let cursor: string | undefined;
  do {
    // Sort keys start with the day ("2026-01-31#…"), which sorts after the bare first day of the range.
    const page = await deps.records.query<{ pk: string; sk: string; sessionId: string; credits: number }>(
      partition(orgId),
      { skAfter: dates[0], cursor },
    );
    for (const item of page.items) {
      const day = byDay.get(item.sk.slice(0, 10));
      if (!day) continue;
      day.credits += item.credits;
      day.operations += 1;
      bySession.set(item.sessionId, (bySession.get(item.sessionId) ?? 0) + item.credits);
    }
    cursor = page.cursor;
  } while (cursor);
  return {
    days: [...byDay.values()],
    sessions: [...bySession]
      .map(([sessionId, credits]) => ({ sessionId, credits }))
      .sort((a, b) => b.credits - a.credits),
  };
};
