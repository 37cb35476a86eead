/** Storing files the service makes itself (screenshots, downloads, recordings) and handing out download URLs. */
import type { Blobs } from '../../ports/blobs.js';
import type { Clock } from '../../ports/clock.js';
import type { Records } from '../../ports/records.js';
import { uuidv7 } from '../shared/ids.js';
import {
  FILE_RETENTION_SECONDS,
  fileKeys,
  SIGNED_URL_SECONDS,
  type FileItem,
  type FileType,
  type StoredFile,
} from './model.js';

export interface FileDeps {
  records: Records;
  blobs: Blobs;
  clock: Clock;
}

/** Writes the bytes, then the record (`available`): a listed file always has its bytes. */
export const storeGeneratedFile = async (
  deps: FileDeps,
  orgId: string,
  file: { fileName: string; fileType: FileType; bytes: Buffer; contentType?: string; sessionIds?: string[] },
): Promise<StoredFile> => {
  const now = deps.clock.now();
  const id = uuidv7(now.getTime());
  const blobKey = fileKeys.blob(orgId, id);
  await deps.blobs.put(blobKey, file.bytes, { contentType: file.contentType, contentLength: file.bytes.length });
  const expiresAt = Math.floor(now.getTime() / 1000) + FILE_RETENTION_SECONDS;
  const stored: StoredFile = {
    id,
    orgId,
    fileName: file.fileName,
    fileType: file.fileType,
    status: 'available',
    fileBytes: file.bytes.length,
    uploadStartTime: now.toISOString(),
    uploadCompleteTime: now.toISOString(),
    expiryTime: new Date(expiresAt * 1000).toISOString(),
    sessionIds: file.sessionIds ?? [],
    blobKey,
  };
  await deps.records.put({ ...fileKeys.file(orgId, id), ...stored, expiresAt, version: 1 });
  return stored;
};

export const getStoredFile = (records: Records, orgId: string, fileId: string): Promise<FileItem | undefined> =>
  records.get<FileItem>(fileKeys.file(orgId, fileId));

/** A URL that downloads the file without the API key, and when it stops working. */
export const signedDownload = async (deps: FileDeps, file: StoredFile): Promise<{ url: string; expiresAt: string }> => {
  const url = await deps.blobs.presignGet(file.blobKey, SIGNED_URL_SECONDS, { fileName: file.fileName });
  return { url, expiresAt: new Date(deps.clock.now().getTime() + SIGNED_URL_SECONDS * 1000).toISOString() };
};
