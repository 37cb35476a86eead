import { listRequests, requestSummary } from '../../../core/requests/list.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('listRequests', async (input) => {
  const page = await listRequests(input.deps.records, input.principal.orgId, input.query);
  return {
    data: { requests: page.items.map(requestSummary), pagination: page.pagination },
    meta: { requestId: input.requestId },
  };
});
