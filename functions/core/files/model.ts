/** A file as stored: the record behind the files API; its bytes live in the blob store under `blobKey`. */
import type { RecordItem } from '../../ports/records.js';

export type FileType = 'browser_download' | 'screenshot' | 'recording' | 'customer_upload';
export type FileStatus = 'available' | 'uploading' | 'upload_failed' | 'deleted';

export interface StoredFile {
  id: string;
  orgId: string;
  fileName: string;
  fileType: FileType;
  status: FileStatus;
  fileBytes: number;
  uploadStartTime: string;
  uploadCompleteTime?: string;
  /** When the file is deleted automatically (48 h after upload). */
  expiryTime: string;
  sessionIds: string[];
  blobKey: string;
  /** Uploads: after this, a file with no bytes yet has failed (its upload URL no longer works). */
  uploadUrlExpiresAt?: string;
  /** Why the upload failed, for `upload_failed` files. */
  failureReason?: string;
  /**
   * What the file holds of its org's stored-bytes limit (core/orgs/stored-bytes.ts), and the hour it stops counting:
   * an upload holds room for its largest size until its bytes are measured, then their size.
   */
  heldBytes?: number;
  heldHour?: number;
}

export type FileItem = RecordItem & StoredFile;

/** Files live 48 hours after upload (the bucket's lifecycle rule on `files/` removes the bytes after 2 days). */
export const FILE_RETENTION_SECONDS = 48 * 3600;
/** Pre-signed URLs handed to clients stay valid this long. */
export const SIGNED_URL_SECONDS = 3600;

/**
 * The largest file the service keeps: 100 MiB. A pre-signed PUT cannot carry a size limit (only a POST policy can),
 * so an upload is measured when it is completed and one over the limit is deleted and marked `upload_failed`.
 */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

/**
 * Records outlive `expiryTime` by this much, so the service itself sees an expired file (and removes its bytes)
 * before the store's TTL drops the record; reads answer an expired file as gone either way.
 */
export const RECORD_GRACE_SECONDS = 24 * 3600;

export const fileKeys = {
  partition: (orgId: string): string => `ORG#${orgId}#FILES`,
  file: (orgId: string, fileId: string) => ({ pk: `ORG#${orgId}#FILES`, sk: fileId }),
  /**
   * Bytes live under ids only, never under the client's name: a name is up to 255 characters of any script, and a
   * store that keeps objects as files (the embedded S3) cannot take that in one path segment. The name travels in
   * the record and in each download's Content-Disposition instead.
   */
  blob: (orgId: string, fileId: string): string => `files/${orgId}/${fileId}`,
};
