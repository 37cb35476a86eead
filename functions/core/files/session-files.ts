/**
 * Files a session's browser makes (downloads, the recording): each is recorded as `uploading` the moment it
 * begins and told in the session's events as `file_status`, with a `downloadUrl` once available and, when its
 * upload failed, why in `eventData`.
 */
import type { EventBus } from '../../ports/event-bus.js';
import { changeHeld, releaseHeld } from '../orgs/stored-bytes.js';
import { appendEvent } from '../sessions/events.js';
import { StorageLimitError } from '../shared/errors.js';
import { uuidv7 } from '../shared/ids.js';
import { heldFields, heldUntil, updateUnlessChanged } from './held.js';
import { MAX_FILE_BYTES, type FileItem, type FileType } from './model.js';
import { viewOf } from './queries.js';
import { withRoom } from './room.js';
import type { FileDeps } from './store.js';
import { availableChanges, markFailed, newFileRecord, notKeptReason, tooLargeReason } from './uploads.js';

export type SessionFileDeps = FileDeps & { bus: EventBus };

/** Tells the session's events the file's status as it is now. */
export const announceFileStatus = async (deps: SessionFileDeps, file: FileItem, sessionId: string) => {
  const { downloadUrl } = await viewOf(deps, file);
  await appendEvent(deps, file.orgId, sessionId, {
    event: 'file_status',
    fileId: file.id,
    fileName: file.fileName,
    status: file.status,
    downloadUrl,
    ...(file.status === 'upload_failed' ? { eventData: { error: file.failureReason, filePath: file.fileName } } : {}),
  });
};

/** Records a new file of the session, `uploading` since `now`, and tells the session's events; answers the record. */
export const beginSessionFile = async (
  deps: SessionFileDeps,
  orgId: string,
  sessionId: string,
  fields: { fileName: string; fileType: FileType },
  now = deps.clock.now(),
): Promise<FileItem> => {
  const file = newFileRecord(orgId, uuidv7(now.getTime()), { ...fields, sessionIds: [sessionId] }, now);
  await deps.records.put(file);
  await announceFileStatus(deps, file, sessionId);
  return file;
};

/**
 * The file's bytes, once it has them all: held against its org's stored-bytes limit, written, and the file made
 * `available` (with `extra` fields). A file over MAX_FILE_BYTES, or one that does not fit the limit, is marked
 * `upload_failed` saying why and nothing is stored; a write that fails gives the room back, removes what was
 * written and throws.
 */
export const storeSessionFileBytes = async (
  deps: FileDeps,
  file: FileItem,
  bytes: Buffer,
  options: { contentType?: string; extra?: Partial<FileItem> } = {},
): Promise<FileItem> => {
  if (bytes.length > MAX_FILE_BYTES) return markFailed(deps, file, tooLargeReason(bytes.length));
  const changes = availableChanges(deps.clock.now(), bytes.length);
  const held = heldUntil(bytes.length, changes.expiresAt);
  try {
    await withRoom(deps, file.orgId, () => changeHeld(deps, file.orgId, { add: held }));
  } catch (error) {
    if (error instanceof StorageLimitError) return markFailed(deps, file, notKeptReason(error));
    throw error;
  }
  try {
    await deps.blobs.put(file.blobKey, bytes, { contentType: options.contentType, contentLength: bytes.length });
    const written = await updateUnlessChanged(deps, file, { ...options.extra, ...changes, ...heldFields(held) });
    if (!written) throw new Error('the file was changed or deleted while its bytes were stored');
    return written;
  } catch (error) {
    await deps.blobs.delete(file.blobKey).catch(() => undefined);
    await releaseHeld(deps, file.orgId, held).catch(() => undefined);
    throw error;
  }
};
