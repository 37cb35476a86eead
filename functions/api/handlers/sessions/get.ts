import { sessionInUse } from '../../../core/sessions/activity.js';
import { sessionFailure } from '../../../core/sessions/lifecycle.js';
import { defineOperation } from '../../operation.js';
import { hostBaseUrl } from '../../shape/base-url.js';
import { sessionToWire } from '../../shape/session.js';

export const operation = defineOperation('getSessionInfo', async (input) => {
  const session = await sessionInUse(input.deps, input.principal.orgId, input.params.sessionId);
  const { error } = sessionFailure(session);
  return {
    data: sessionToWire(
      session,
      hostBaseUrl(input),
      input.deps.clock.now(),
      input.deps.signingSecret,
      (await input.deps.fleet.features?.())?.webdriver,
    ),
    meta: { requestId: input.requestId },
    ...(error ? { errors: [error] } : {}),
  };
});
