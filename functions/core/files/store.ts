/** The ports files live in, and handing out download URLs. */
import type { Blobs } from '../../ports/blobs.js';
import type { Clock } from '../../ports/clock.js';
import type { Records } from '../../ports/records.js';
import { fileKeys, SIGNED_URL_SECONDS, type FileItem, type StoredFile } from './model.js';

export interface FileDeps {
  records: Records;
  blobs: Blobs;
  clock: Clock;
  /** Absent: the default limit (core/orgs/stored-bytes.ts). */
  config?: { maxStoredBytesPerOrg?: number };
}

export const getStoredFile = (records: Records, orgId: string, fileId: string): Promise<FileItem | undefined> =>
  records.get<FileItem>(fileKeys.file(orgId, fileId));

/** A URL that downloads the file without the API key, and when it stops working. */
export const signedDownload = async (deps: FileDeps, file: StoredFile): Promise<{ url: string; expiresAt: string }> => {
  const url = await deps.blobs.presignGet(file.blobKey, SIGNED_URL_SECONDS, { fileName: file.fileName });
  return { url, expiresAt: new Date(deps.clock.now().getTime() + SIGNED_URL_SECONDS * 1000).toISOString() };
};
