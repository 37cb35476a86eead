import { sessionInUse } from '../../../core/sessions/activity.js';
import { watchSession } from '../../../core/sessions/watch.js';
import { defineOperation } from '../../operation.js';
import { reply } from '../../reply.js';
import { sseStream, type StreamEnd } from '../../shape/sse.js';

export const operation = defineOperation('sessionEvents', async (input) => {
  const session = await sessionInUse(input.deps, input.principal.orgId, input.params.sessionId);
  // A stream outlives the request that opened it: revoking its key ends it (api/key-connections.ts).
  const revoked = new AbortController();
  const body = sseStream((signal) => watchSession(input.deps, session, { ...input.query, signal }), revoked.signal);
  const forget = input.deps.keyConnections.hold(input.principal, () =>
    revoked.abort({
      code: 'api_key_revoked',
      message: 'the API key this stream was opened with was revoked',
    } satisfies StreamEnd),
  );
  body.once('close', forget);
  return reply(body, {
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
  });
});
