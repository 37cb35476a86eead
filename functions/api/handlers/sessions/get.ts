import { getSession } from '../../../core/sessions/queries.js';
import { NotFoundError } from '../../../core/shared/errors.js';
import { defineOperation } from '../../../runtime/operation.js';
import { hostBaseUrl } from '../../shape/base-url.js';
import { sessionToWire } from '../../shape/session.js';

export const operation = defineOperation('getSessionInfo', async (input) => {
  const session = await getSession(input.deps.records, input.principal.orgId, input.params.sessionId);
  if (!session) throw new NotFoundError('session', input.params.sessionId);
  return { data: sessionToWire(session, hostBaseUrl(input), input.deps.clock.now()), meta: { requestId: input.requestId } };
});

export const handler = operation.handler;
