/**
 * A client's upload begins: a record in `uploading` and a pre-signed PUT URL (uploads.ts settles it later).
 *
 * A pre-signed PUT cannot refuse a size, so the upload holds room in its org's stored-bytes limit for the largest
 * file it may become (MAX_FILE_BYTES, or what room is left when less) from the start; settling it corrects that to
 * its size. Without that, an org could create any number of uploads and PUT into each while holding nothing.
 */
import { holdUpTo, hourOf, releaseHeld } from '../orgs/stored-bytes.js';
import { getSession } from '../sessions/queries.js';
import { ConditionFailedError } from '../../ports/records.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { uuidv7 } from '../shared/ids.js';
import { heldFields } from './held.js';
import { fileKeys, MAX_FILE_BYTES, SIGNED_URL_SECONDS, type FileItem, type FileType } from './model.js';
import { withRoom } from './room.js';
import type { FileDeps } from './store.js';
import { isExpired, newFileRecord, removeFile } from './uploads.js';

export interface CreateFileRequest {
  fileName: string;
  fileType?: FileType;
  /** Client-chosen; unique within the org. */
  id?: string;
  sessionIds?: string[];
}

/** Writes the new record; an expired file still held for clean-up does not keep its id taken. */
const putNew = async (deps: FileDeps, file: FileItem): Promise<void> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await deps.records.put(file, { ifAbsent: true });
      return;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      const held = await deps.records.get<FileItem>(fileKeys.file(file.orgId, file.id));
      if (attempt > 0 || !held || !isExpired(held, deps.clock.now()))
        throw new ConflictError(
          `a file with id ${file.id} already exists in this organization: choose another id or leave it out`,
        );
      await removeFile(deps, held);
    }
  }
};

export const createFile = async (
  deps: FileDeps,
  orgId: string,
  request: CreateFileRequest,
): Promise<{ file: FileItem; uploadUrl: string }> => {
  const sessionIds = [...new Set(request.sessionIds ?? [])];
  const sessions = await Promise.all(sessionIds.map((id) => getSession(deps.records, orgId, id)));
  const unknown = sessions.findIndex((session) => session === undefined);
  if (unknown >= 0)
    throw new NotFoundError(
      'session',
      sessionIds[unknown],
      `body.sessionIds.${(request.sessionIds ?? []).indexOf(sessionIds[unknown]!)}`,
    );

  const now = deps.clock.now();
  const record = newFileRecord(
    orgId,
    request.id ?? uuidv7(now.getTime()),
    { fileName: request.fileName, fileType: request.fileType ?? 'customer_upload', sessionIds },
    now,
  );
  const hour = hourOf(record.expiresAt as number);
  const held = await withRoom(deps, orgId, () => holdUpTo(deps, orgId, MAX_FILE_BYTES, hour));
  const file: FileItem = { ...record, ...heldFields(held) };
  try {
    await putNew(deps, file);
  } catch (error) {
    await releaseHeld(deps, orgId, held).catch(() => undefined);
    throw error;
  }
  // No content type is signed: clients PUT with whatever Content-Type they like (the official client sends octet-stream).
  return { file, uploadUrl: await deps.blobs.presignPut(file.blobKey, SIGNED_URL_SECONDS) };
};
