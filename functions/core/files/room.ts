/**
 * Room in an org's stored-bytes limit. When a write does not fit, the org's files are looked over once before it
 * is refused: expired files still held are removed, and uploads whose URL has expired are settled, which gives
 * back the room they held for bytes that can no longer arrive. Saved profiles are recounted from their records.
 * At most one look per org a minute (claimReclaim): the look lists the org's files.
 */
import { claimReclaim, recountKept } from '../orgs/stored-bytes.js';
import { StorageLimitError } from '../shared/errors.js';
import { profileKeys } from '../shared/record-keys.js';
import { heldBy } from './held.js';
import { orgFiles } from './queries.js';
import type { FileDeps } from './store.js';
import { settleUpload } from './uploads.js';

/** What the org's saved profiles hold, as their records say (profiles/store.ts writes `heldBytes`). */
const heldByProfiles = async (deps: FileDeps, orgId: string): Promise<number> => {
  let total = 0;
  let cursor: string | undefined;
  do {
    const page = await deps.records.query<{ pk: string; sk: string; heldBytes?: number }>(
      profileKeys.partition(orgId),
      { cursor, limit: 500 },
    );
    for (const item of page.items) total += item.heldBytes ?? 0;
    cursor = page.cursor;
  } while (cursor);
  return total;
};

const reclaim = async (deps: FileDeps, orgId: string): Promise<void> => {
  const now = deps.clock.now().getTime();
  // Listing removes the expired files it finds, giving back what they held.
  const files = await orgFiles(deps, orgId);
  const abandoned = files.filter(
    (file) =>
      file.status === 'uploading' &&
      heldBy(file) &&
      file.uploadUrlExpiresAt !== undefined &&
      Date.parse(file.uploadUrlExpiresAt) <= now,
  );
  await Promise.all(abandoned.map((file) => settleUpload(deps, file).catch(() => undefined)));
  await recountKept(deps, orgId, () => heldByProfiles(deps, orgId));
};

/** Runs `hold` (a write to the org's count); when it does not fit, looks for room once and runs it again. */
export const withRoom = async <T>(deps: FileDeps, orgId: string, hold: () => Promise<T>): Promise<T> => {
  try {
    return await hold();
  } catch (error) {
    if (!(error instanceof StorageLimitError) || !(await claimReclaim(deps, orgId))) throw error;
    await reclaim(deps, orgId);
    return hold();
  }
};
