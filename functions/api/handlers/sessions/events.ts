import { TooManyRequestsError } from '../../../core/shared/errors.js';
import { sessionInUse } from '../../../core/sessions/activity.js';
import { watchSession } from '../../../core/sessions/watch.js';
import { ENV } from '../../../config/env.js';
import { defineOperation } from '../../operation.js';
import { reply } from '../../reply.js';
import { sseStream, type StreamEnd } from '../../shape/sse.js';

export const operation = defineOperation('sessionEvents', async (input) => {
  const { deps, principal } = input;
  const session = await sessionInUse(deps, principal.orgId, input.params.sessionId);
  const release = deps.streams.take(principal.orgId);
  if (!release) {
    throw new TooManyRequestsError(
      `this org has ${deps.streams.limit} event streams open, its limit (${ENV.maxStreamsPerOrg}); close one before opening another`,
    );
  }
  try {
    // A stream outlives the request that opened it: revoking its key ends it (api/key-connections.ts).
    const revoked = new AbortController();
    const body = sseStream((signal) => watchSession(deps, session, { ...input.query, signal }), revoked.signal);
    const forget = deps.keyConnections.hold(principal, () =>
      revoked.abort({
        code: 'api_key_revoked',
        message: 'the API key this stream was opened with was revoked',
      } satisfies StreamEnd),
    );
    // 'close' comes on every way a stream ends: the session's last event, the client going away, a failure, a revoked key.
    body.once('close', () => {
      forget();
      release();
    });
    return reply(body, {
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' },
    });
  } catch (error) {
    release();
    throw error;
  }
});
