import { listSessions } from '../../../core/sessions/queries.js';
import { defineOperation } from '../../operation.js';
import { hostBaseUrl } from '../../shape/base-url.js';
import { sessionToWire } from '../../shape/session.js';

export const operation = defineOperation('listSessions', async (input) => {
  const page = await listSessions(input.deps.records, input.principal.orgId, input.query);
  const baseUrl = hostBaseUrl(input);
  const now = input.deps.clock.now();
  const webdriver = (await input.deps.fleet.features?.())?.webdriver;
  return {
    data: {
      pagination: page.pagination,
      sessions: page.items.map((s) => sessionToWire(s, baseUrl, now, input.deps.signingSecret, webdriver)),
    },
    meta: { requestId: input.requestId },
  };
});
