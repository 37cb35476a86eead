/** Reading an async request: only within the caller's org, so another org's id is simply not found. */
import { NotFoundError } from '../shared/errors.js';
import { recordKeys } from '../shared/record-keys.js';
import type { Records } from '../../ports/records.js';
import type { ShapeResult } from './deps.js';
import { statusBody, type RequestItem } from './model.js';

export const getRequest = async (records: Records, orgId: string, requestId: string): Promise<RequestItem> => {
  const item = await records.get<RequestItem>(recordKeys.request(orgId, requestId));
  if (!item) throw new NotFoundError('request', requestId);
  return item;
};

/**
 * The status body, plus the webhook delivery (target, state, every attempt) when the request named one. The stored
 * raw result is shaped here, with the shape the service was given (`asyncRequests.shape`).
 */
export const requestStatus = async (
  deps: { records: Records; asyncRequests: { shape: ShapeResult } },
  orgId: string,
  requestId: string,
) => {
  const item = await getRequest(deps.records, orgId, requestId);
  return { ...statusBody(item, deps.asyncRequests.shape), ...(item.webhook ? { webhook: item.webhook } : {}) };
};
