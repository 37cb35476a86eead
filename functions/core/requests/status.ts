/** Reading an async request: only within the caller's org, so another org's id is simply not found. */
import { NotFoundError } from '../shared/errors.js';
import { recordKeys } from '../shared/record-keys.js';
import type { Records } from '../../ports/records.js';
import { statusBody, type RequestItem } from './model.js';

export const getRequest = async (records: Records, orgId: string, requestId: string): Promise<RequestItem> => {
  const item = await records.get<RequestItem>(recordKeys.request(orgId, requestId));
  if (!item) throw new NotFoundError('request', requestId);
  return item;
};

/** The status body, plus the webhook delivery (target, state, every attempt) when the request named one. */
export const requestStatus = async (records: Records, orgId: string, requestId: string) => {
  const item = await getRequest(records, orgId, requestId);
  return { ...statusBody(item), ...(item.webhook ? { webhook: item.webhook } : {}) };
};
