/**
 * A host that restarts has lost the browsers it ran: its sessions (and, on one machine, sessions it had not
 * started yet) are ended with reason `shutdown`, so clients see a final status instead of a session stuck running.
 */
import type { RecordItem } from '../../ports/records.js';
import { liveSessionsIndex } from '../shared/record-keys.js';
import type { SessionDeps } from './deps.js';
import { finishSession } from './lifecycle.js';

export const endOrphanedSessions = async (
  deps: SessionDeps,
  hostIds: string[],
  message = 'the service restarted and its browser is gone',
): Promise<number> => {
  let ended = 0;
  for (const hostId of hostIds) {
    let cursor: string | undefined;
    do {
      const page = await deps.records.query<RecordItem & { id: string; orgId: string }>(liveSessionsIndex(hostId), {
        index: 'gsi1',
        cursor,
        limit: 100,
      });
      for (const item of page.items) {
        if (await finishSession(deps, item.orgId, item.id, { reason: 'shutdown', message })) ended += 1;
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return ended;
};
