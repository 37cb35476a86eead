/** Listing an org's async requests, newest first, with their webhook deliveries: for people watching the service. */
import type { Records } from '../../ports/records.js';
import { offsetPage, type Page } from '../shared/pagination.js';
import { recordKeys } from '../shared/record-keys.js';
import type { RequestItem, RequestStatus } from './model.js';

export interface ListRequestsRequest {
  status?: RequestStatus;
  sessionId?: string;
  offset?: number;
  limit?: number;
}

/** The org's requests partition (the same one `recordKeys.request` writes into). */
const partitionOf = (orgId: string): string => recordKeys.request(orgId, '').pk;

export const listRequests = (
  records: Records,
  orgId: string,
  request: ListRequestsRequest,
): Promise<Page<RequestItem>> => {
  const where = {
    ...(request.status ? { status: request.status } : {}),
    ...(request.sessionId ? { sessionId: request.sessionId } : {}),
  };
  return offsetPage({
    offset: request.offset,
    limit: request.limit,
    load: async (wanted) => {
      const page = await records.query<RequestItem>(partitionOf(orgId), { ascending: false, limit: wanted, where });
      const total = page.cursor ? await records.count(partitionOf(orgId), { where }) : page.items.length;
      return { items: page.items, total };
    },
  });
};

/** What the list shows of one request: its state and webhook, not its body or response (they may be large). */
export const requestSummary = (item: RequestItem) => ({
  requestId: item.requestId,
  operation: item.operation,
  sessionId: item.sessionId,
  windowId: item.windowId,
  status: item.status,
  createdAt: item.createdAt,
  ...(item.completedAt ? { completedAt: item.completedAt } : {}),
  ...(item.error !== undefined ? { error: item.error } : {}),
  ...(item.clientRequestId ? { clientRequestId: item.clientRequestId } : {}),
  ...(item.webhook ? { webhook: item.webhook } : {}),
});
