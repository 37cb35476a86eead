/**
 * Saved profiles of an org: the archive in the blob store under `profiles/{org}/{name}.tar.gz`, and a record
 * beside the org's other records. Saving a name again replaces both; every lookup is by the caller's org, so
 * another org's profile of the same name is simply not there. Archives count against the org's stored-bytes limit
 * for as long as they are kept (they do not expire).
 */
import type { Blobs } from '../../ports/blobs.js';
import type { Clock } from '../../ports/clock.js';
import type { Records } from '../../ports/records.js';
import { withRoom } from '../files/room.js';
import { changeHeld, releaseHeld, type Held } from '../orgs/stored-bytes.js';
import { profileKeys } from '../shared/record-keys.js';
import { checkProfileNames, type ProfileItem } from './model.js';

export interface ProfileDeps {
  records: Records;
  blobs: Blobs;
  clock: Clock;
  /** Absent: the default limit (core/orgs/stored-bytes.ts). */
  config?: { maxStoredBytesPerOrg?: number };
}

const heldBy = (item: ProfileItem | undefined): Held | undefined =>
  item?.heldBytes ? { bytes: item.heldBytes } : undefined;

/**
 * The new archive is held in place of the old one (StorageLimitError when the difference does not fit), then
 * written, then its record: a record always points at bytes. A write that fails holds the old archive again.
 */
export const saveProfile = async (
  deps: ProfileDeps,
  orgId: string,
  name: string,
  archive: Buffer,
  sessionId: string,
): Promise<ProfileItem> => {
  const key = profileKeys.profile(orgId, name);
  const old = heldBy(await deps.records.get<ProfileItem>(key));
  const held: Held = { bytes: archive.length };
  await withRoom(deps, orgId, () => changeHeld(deps, orgId, { add: held, release: old }));
  const blobKey = profileKeys.blob(orgId, name);
  const item: ProfileItem = {
    ...key,
    orgId,
    name,
    bytes: archive.length,
    updatedAt: deps.clock.now().toISOString(),
    savedFrom: sessionId,
    blobKey,
    heldBytes: held.bytes,
  };
  try {
    await deps.blobs.put(blobKey, archive, { contentType: 'application/gzip', contentLength: archive.length });
    await deps.records.put(item);
  } catch (error) {
    await changeHeld(deps, orgId, { add: old, release: held }, { unchecked: true }).catch(() => undefined);
    throw error;
  }
  return item;
};

/** The profile's archive, or undefined when the org has no profile of that name. */
export const loadProfile = async (deps: ProfileDeps, orgId: string, name: string): Promise<Buffer | undefined> => {
  const item = await deps.records.get<ProfileItem>(profileKeys.profile(orgId, name));
  if (!item) return undefined;
  return deps.blobs.get(item.blobKey);
};

/** Deletes the named profiles of the org (names it does not have are ignored). Answers the names deleted. */
export const deleteProfiles = async (
  deps: ProfileDeps,
  orgId: string,
  names: string[],
  field = 'profileNames',
): Promise<string[]> => {
  checkProfileNames(names, field);
  const deleted: string[] = [];
  for (const name of new Set(names)) {
    const key = profileKeys.profile(orgId, name);
    const item = await deps.records.get<ProfileItem>(key);
    // The bytes go first, so a delete that fails midway leaves a record to retry it from.
    await deps.blobs.delete(item?.blobKey ?? profileKeys.blob(orgId, name));
    if (item) {
      await deps.records.delete(key);
      await releaseHeld(deps, orgId, heldBy(item));
      deleted.push(name);
    }
  }
  return deleted;
};
