/**
 * Client uploads and the files a session makes: a record in `uploading` and, for clients, a pre-signed PUT URL
 * (create.ts); the bytes go straight to the blob store.
 *
 * Completion is noticed when the file is next used (read, listed, pushed or put into a file input): a HEAD of its
 * object tells whether bytes arrived and how many. That needs no bucket notifications (which the local S3 stand-in
 * lacks) and costs one HEAD per use of a file still `uploading`. The first use after the PUT moves the file to
 * `available`, or to `upload_failed` when it is over MAX_FILE_BYTES or does not fit its org's stored-bytes limit
 * (the object is deleted: a pre-signed PUT cannot refuse a size) or when its upload URL expired with nothing
 * uploaded. Each move gives back or corrects the room the upload held (held.ts).
 */
import { StorageLimitError } from '../shared/errors.js';
import {
  FILE_RETENTION_SECONDS,
  fileKeys,
  MAX_FILE_BYTES,
  RECORD_GRACE_SECONDS,
  SIGNED_URL_SECONDS,
  type FileItem,
  type FileType,
} from './model.js';
import { heldBy, heldUntil, moveHeld } from './held.js';
import { getStoredFile, type FileDeps } from './store.js';

const isoAfter = (from: Date, seconds: number): string => new Date(from.getTime() + seconds * 1000).toISOString();
const epoch = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Past its `expiryTime` a file is gone for clients, whether or not its record and bytes are removed yet. */
export const isExpired = (file: FileItem, now: Date): boolean => Date.parse(file.expiryTime) <= now.getTime();

export const tooLargeReason = (bytes: number): string =>
  `the file is ${bytes} bytes, over the limit of ${MAX_FILE_BYTES} bytes (${MAX_FILE_BYTES / 1024 / 1024} MiB); it was not kept`;

/** Why a file did not fit its org's stored-bytes limit. */
export const notKeptReason = (error: StorageLimitError): string => `the file was not kept since ${error.message}`;

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

/** The fields of a file that became available at `now` with `fileBytes` bytes: it lives 48 hours from then. */
export const availableChanges = (
  now: Date,
  fileBytes: number,
): Required<Pick<FileItem, 'status' | 'fileBytes' | 'uploadCompleteTime' | 'expiryTime'>> & { expiresAt: number } => {
  const expiryTime = isoAfter(now, FILE_RETENTION_SECONDS);
  return {
    status: 'available',
    fileBytes,
    uploadCompleteTime: now.toISOString(),
    expiryTime,
    expiresAt: epoch(expiryTime) + RECORD_GRACE_SECONDS,
  };
};

/** The file as stored now (after another writer changed it); the one given when it is gone meanwhile. */
const reread = async (deps: FileDeps, file: FileItem): Promise<FileItem> =>
  (await getStoredFile(deps.records, file.orgId, file.id)) ?? file;

/** Marks the file failed and gives back what it held, unless another writer settled it first (then answers that). */
export const markFailed = async (deps: FileDeps, file: FileItem, reason: string): Promise<FileItem> =>
  (await moveHeld(deps, file, undefined, { status: 'upload_failed', failureReason: reason })) ?? reread(deps, file);

/**
 * The upload's bytes arrived: it holds their size from now on, or fails when they do not fit its org's limit. The
 * bytes are deleted only once this writer has marked it failed: another one settling it at the same moment (whose
 * hold may be what left no room) may have made it available first.
 */
const completeUpload = async (deps: FileDeps, file: FileItem, bytes: number): Promise<FileItem> => {
  const changes = availableChanges(deps.clock.now(), bytes);
  try {
    return (await moveHeld(deps, file, heldUntil(bytes, changes.expiresAt), changes)) ?? (await reread(deps, file));
  } catch (error) {
    if (!(error instanceof StorageLimitError)) throw error;
    const failed = await moveHeld(deps, file, undefined, {
      status: 'upload_failed',
      failureReason: notKeptReason(error),
    });
    if (!failed) return reread(deps, file);
    await deps.blobs.delete(file.blobKey);
    return failed;
  }
};

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
  return completeUpload(deps, file, head.size);
};

/**
 * Bytes first, then what the file held (under the record's version, so two removals give it back once), then the
 * record: a removal that fails midway leaves a record to retry it from.
 */
export const removeFile = async (deps: FileDeps, file: FileItem): Promise<void> => {
  await deps.blobs.delete(file.blobKey);
  if (heldBy(file) && !(await moveHeld(deps, file, undefined, {}))) {
    const fresh = await getStoredFile(deps.records, file.orgId, file.id);
    // Another writer removed it, or changed it first: remove it as it is now.
    if (fresh) await removeFile(deps, fresh);
    return;
  }
  await deps.records.delete(fileKeys.file(file.orgId, file.id));
};
