/**
 * Saved profiles of an org: the archive in the blob store under `profiles/{org}/{name}.tar.gz`, and a record
 * beside the org's other records. Saving a name again replaces both; every lookup is by the caller's org, so
 * another org's profile of the same name is simply not there.
 */
import type { Blobs } from '../../ports/blobs.js';
import type { Clock } from '../../ports/clock.js';
import type { Records } from '../../ports/records.js';
import { profileKeys } from '../shared/record-keys.js';
import { checkProfileNames, type ProfileItem } from './model.js';

export interface ProfileDeps {
  records: Records;
  blobs: Blobs;
  clock: Clock;
}

/** The archive goes first: a record always points at bytes. */
export const saveProfile = async (
  deps: ProfileDeps,
  orgId: string,
  name: string,
  archive: Buffer,
  sessionId: string,
): Promise<ProfileItem> => {
  const blobKey = profileKeys.blob(orgId, name);
  await deps.blobs.put(blobKey, archive, { contentType: 'application/gzip', contentLength: archive.length });
  const item: ProfileItem = {
    ...profileKeys.profile(orgId, name),
    orgId,
    name,
    bytes: archive.length,
    updatedAt: deps.clock.now().toISOString(),
    savedFrom: sessionId,
    blobKey,
  };
  await deps.records.put(item);
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
      deleted.push(name);
    }
  }
  return deleted;
};
