/**
 * Client uploads: a record in `uploading` and a pre-signed PUT URL; the bytes go straight to the blob store.
 *
 * Completion is noticed when the file is next used (read, listed, pushed or put into a file input): a HEAD of its
 * object tells whether bytes arrived and how many. That needs no bucket notifications (which the local S3 stand-in
 * lacks) and costs one HEAD per use of a file still `uploading`. The first use after the PUT moves the file to
 * `available`, or to `upload_failed` when it is over MAX_FILE_BYTES (the object is deleted: a pre-signed PUT
 * cannot refuse a size) or when its upload URL expired with nothing uploaded.
 */
import type { Blobs } from '../../ports/blobs.js';
import { ConditionFailedError } from '../../ports/records.js';
import { getSession } from '../sessions/queries.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { uuidv7 } from '../shared/ids.js';
import {
  FILE_RETENTION_SECONDS,
  fileKeys,
  MAX_FILE_BYTES,
  RECORD_GRACE_SECONDS,
  SIGNED_URL_SECONDS,
  type FileItem,
  type FileType,
} from './model.js';
import type { FileDeps } from './store.js';

export interface CreateFileRequest {
  fileName: string;
  fileType?: FileType;
  /** Client-chosen; unique within the org. */
  id?: string;
  sessionIds?: string[];
}

const isoAfter = (from: Date, seconds: number): string => new Date(from.getTime() + seconds * 1000).toISOString();
const epoch = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Past its `expiryTime` a file is gone for clients, whether or not its record and bytes are removed yet. */
export const isExpired = (file: FileItem, now: Date): boolean => Date.parse(file.expiryTime) <= now.getTime();

export const tooLargeReason = (bytes: number): string =>
  `the file is ${bytes} bytes, over the limit of ${MAX_FILE_BYTES} bytes (${MAX_FILE_BYTES / 1024 / 1024} MiB); it was not kept`;

/** A new file record in `uploading`, for bytes that arrive later (a client's PUT or a browser download). */
export const newFileRecord = (
  orgId: string,
  id: string,
  file: { fileName: string; fileType: FileType; sessionIds: string[] },
  now: Date,
): FileItem => {
  const expiryTime = isoAfter(now, FILE_RETENTION_SECONDS);
  return {
    ...fileKeys.file(orgId, id),
    id,
    orgId,
    fileName: file.fileName,
    fileType: file.fileType,
    status: 'uploading',
    fileBytes: 0,
    uploadStartTime: now.toISOString(),
    expiryTime,
    sessionIds: [...new Set(file.sessionIds)],
    blobKey: fileKeys.blob(orgId, id),
    uploadUrlExpiresAt: isoAfter(now, SIGNED_URL_SECONDS),
    expiresAt: epoch(expiryTime) + RECORD_GRACE_SECONDS,
    version: 1,
  };
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
  const file = newFileRecord(
    orgId,
    request.id ?? uuidv7(now.getTime()),
    { fileName: request.fileName, fileType: request.fileType ?? 'customer_upload', sessionIds },
    now,
  );
  for (let attempt = 0; ; attempt += 1) {
    try {
      await deps.records.put(file, { ifAbsent: true });
      break;
    } catch (error) {
      if (!(error instanceof ConditionFailedError)) throw error;
      // An expired file still held for clean-up does not keep its id taken.
      const held = await deps.records.get<FileItem>(fileKeys.file(orgId, file.id));
      if (attempt > 0 || !held || !isExpired(held, now))
        throw new ConflictError(
          `a file with id ${file.id} already exists in this organization: choose another id or leave it out`,
        );
      await removeFile(deps, held);
    }
  }
  // No content type is signed: clients PUT with whatever Content-Type they like (the official client sends octet-stream).
  return { file, uploadUrl: await deps.blobs.presignPut(file.blobKey, SIGNED_URL_SECONDS) };
};

const update = async (deps: FileDeps, file: FileItem, changes: Partial<FileItem>): Promise<FileItem> => {
  await deps.records.update(fileKeys.file(file.orgId, file.id), changes);
  return { ...file, ...changes };
};

export const markAvailable = (
  deps: FileDeps,
  file: FileItem,
  fileBytes: number,
  extra: Partial<FileItem> = {},
): Promise<FileItem> => {
  const now = deps.clock.now();
  const expiryTime = isoAfter(now, FILE_RETENTION_SECONDS);
  return update(deps, file, {
    ...extra,
    status: 'available',
    fileBytes,
    uploadCompleteTime: now.toISOString(),
    expiryTime,
    expiresAt: epoch(expiryTime) + RECORD_GRACE_SECONDS,
  });
};

export const markFailed = (deps: FileDeps, file: FileItem, reason: string): Promise<FileItem> =>
  update(deps, file, { status: 'upload_failed', failureReason: reason });

/** Moves an `uploading` file on when its bytes arrived (or can no longer arrive); any other file is returned as is. */
export const settleUpload = async (deps: FileDeps, file: FileItem): Promise<FileItem> => {
  if (file.status !== 'uploading') return file;
  const head = await deps.blobs.head(file.blobKey);
  if (!head) {
    const due = file.uploadUrlExpiresAt ? Date.parse(file.uploadUrlExpiresAt) : Number.POSITIVE_INFINITY;
    return due <= deps.clock.now().getTime()
      ? markFailed(deps, file, 'no bytes were uploaded before the upload URL expired')
      : file;
  }
  if (head.size > MAX_FILE_BYTES) {
    await deps.blobs.delete(file.blobKey);
    return markFailed(deps, file, tooLargeReason(head.size));
  }
  return markAvailable(deps, file, head.size);
};

/** The record goes last, so a removal that fails midway leaves a record to retry it from. */
export const removeFile = async (
  deps: { records: FileDeps['records']; blobs: Blobs },
  file: FileItem,
): Promise<void> => {
  await deps.blobs.delete(file.blobKey);
  await deps.records.delete(fileKeys.file(file.orgId, file.id));
};
