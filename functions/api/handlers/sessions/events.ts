import { sessionInUse } from '../../../core/sessions/activity.js';
import { watchSession } from '../../../core/sessions/watch.js';
import { defineOperation } from '../../../runtime/operation.js';
import { reply } from '../../../runtime/middleware/types.js';
import { sseStream } from '../../shape/sse.js';

export const operation = defineOperation('sessionEvents', async (input) => {
  const session = await sessionInUse(input.deps, input.principal.orgId, input.params.sessionId);
  const body = sseStream((signal) => watchSession(input.deps, session, { ...input.query, signal }));
  return reply(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' } });
});

export const handler = operation.handler;
