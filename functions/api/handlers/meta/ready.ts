import { defineOperation } from '../../operation.js';
import { reply } from '../../reply.js';

/** Ready: every dependency answered its probe; otherwise 503 with the same body, naming the failing checks. */
export const operation = defineOperation('getReadiness', async ({ deps }) => {
  const report = await deps.readiness();
  return report.status === 'ready' ? report : reply(report, { status: 503, headers: { 'cache-control': 'no-store' } });
});
