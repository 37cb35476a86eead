/**
 * Files a session's browser makes (downloads, the recording): each is recorded as `uploading` the moment it
 * begins and told in the session's events as `file_status`, with a `downloadUrl` once available and, when its
 * upload failed, why in `eventData`.
 */
import type { EventBus } from '../../ports/event-bus.js';
import { appendEvent } from '../sessions/events.js';
import { uuidv7 } from '../shared/ids.js';
import type { FileItem, FileType } from './model.js';
import { viewOf } from './queries.js';
import type { FileDeps } from './store.js';
import { newFileRecord } from './uploads.js';

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
