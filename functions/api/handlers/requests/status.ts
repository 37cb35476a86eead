import { requestStatus } from '../../../core/requests/status.js';
import { defineOperation } from '../../operation.js';

export const operation = defineOperation('getRequestStatus', async (input) =>
  requestStatus(input.deps, input.principal.orgId, input.params.requestId),
);
