import { createSession } from '../../../core/sessions/create.js';
import { defineOperation } from '../../operation.js';
import { hostBaseUrl } from '../../shape/base-url.js';
import { envelope } from '../../shape/envelope.js';
import { sessionToWire } from '../../shape/session.js';

export const operation = defineOperation('createSession', async (input) => {
  const { session, warnings } = await createSession(input.deps, input.principal.orgId, input.body.configuration ?? {});
  return envelope(
    sessionToWire(
      session,
      hostBaseUrl(input),
      input.deps.clock.now(),
      input.deps.signingSecret,
      (await input.deps.fleet.features?.())?.webdriver,
    ),
    input.requestId,
    { warnings },
  );
});
