/** Storing files the service makes itself in one go (screenshots), counted against their org's stored-bytes limit. */
import { changeHeld, releaseHeld } from '../orgs/stored-bytes.js';
import { uuidv7 } from '../shared/ids.js';
import { heldFields, heldUntil } from './held.js';
import { fileKeys, type FileItem, type FileType } from './model.js';
import { withRoom } from './room.js';
import type { FileDeps } from './store.js';
import { availableChanges } from './uploads.js';

/**
 * Holds the bytes (StorageLimitError when they do not fit), writes them, then the record (`available`): a listed
 * file always has its bytes. A write that fails gives the room back and leaves no bytes behind.
 */
export const storeGeneratedFile = async (
  deps: FileDeps,
  orgId: string,
  file: { fileName: string; fileType: FileType; bytes: Buffer; contentType?: string; sessionIds?: string[] },
): Promise<FileItem> => {
  const now = deps.clock.now();
  const id = uuidv7(now.getTime());
  const blobKey = fileKeys.blob(orgId, id);
  const changes = availableChanges(now, file.bytes.length);
  const held = heldUntil(file.bytes.length, changes.expiresAt);
  await withRoom(deps, orgId, () => changeHeld(deps, orgId, { add: held }));
  const stored: FileItem = {
    ...fileKeys.file(orgId, id),
    id,
    orgId,
    fileName: file.fileName,
    fileType: file.fileType,
    uploadStartTime: now.toISOString(),
    sessionIds: file.sessionIds ?? [],
    blobKey,
    ...changes,
    ...heldFields(held),
    version: 1,
  };
  try {
    await deps.blobs.put(blobKey, file.bytes, { contentType: file.contentType, contentLength: file.bytes.length });
    await deps.records.put(stored);
  } catch (error) {
    await deps.blobs.delete(blobKey).catch(() => undefined);
    await releaseHeld(deps, orgId, held).catch(() => undefined);
    throw error;
  }
  return stored;
};
