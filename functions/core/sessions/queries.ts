/** Reading sessions: always within the caller's org, so another org's id is simply not found. */
import type { Records } from '../../ports/records.js';
import { recordKeys } from '../shared/record-keys.js';
import { offsetPage, type Page } from '../shared/pagination.js';
import type { SessionItem, SessionStatus } from './model.js';

export type SessionListStatus = SessionStatus | 'completed' | 'cancelled' | 'all';

export interface ListSessionsRequest {
  sessionIds?: string[];
  status?: SessionListStatus;
  offset?: number;
  limit?: number;
}

export const getSession = (records: Records, orgId: string, sessionId: string): Promise<SessionItem | undefined> =>
  records.get<SessionItem>(recordKeys.session(orgId, sessionId));

const statusFilter = (status: SessionListStatus | undefined): Record<string, string | string[]> => {
  switch (status) {
    case undefined:
    case 'all':
      return {};
    case 'completed':
      return { status: 'ended', endReason: ['idle', 'shutdown'] };
    case 'cancelled':
      return { status: 'ended', endReason: 'terminated' };
    default:
      return { status };
  }
};

const matches = (session: SessionItem, filter: Record<string, string | string[]>): boolean =>
  Object.entries(filter).every(([key, wanted]) => {
    const actual = (session as unknown as Record<string, unknown>)[key];
    return Array.isArray(wanted) ? wanted.includes(actual as string) : actual === wanted;
  });

/** Newest first. `offset` -1 (the default) means from the start. */
export const listSessions = async (
  records: Records,
  orgId: string,
  request: ListSessionsRequest,
): Promise<Page<SessionItem>> => {
  const filter = statusFilter(request.status);
  if (request.sessionIds && request.sessionIds.length > 0) {
    const found = await Promise.all([...new Set(request.sessionIds)].map((id) => getSession(records, orgId, id)));
    const all = found
      .filter((s): s is SessionItem => s !== undefined && matches(s, filter))
      .sort((a, b) => b.id.localeCompare(a.id));
    return offsetPage({
      offset: request.offset,
      limit: request.limit,
      load: async (wanted) => ({ items: all.slice(0, wanted), total: all.length }),
    });
  }
  return offsetPage({
    offset: request.offset,
    limit: request.limit,
    load: async (wanted) => {
      const page = await records.query<SessionItem>(recordKeys.sessions(orgId), {
        ascending: false,
        limit: wanted,
        where: filter,
      });
      // One read answers small orgs; only when more items follow is a count needed for the total.
      const total = page.cursor
        ? await records.count(recordKeys.sessions(orgId), { where: filter })
        : page.items.length;
      return { items: page.items, total };
    },
  });
};
