/** File record → the wire's CreateFileV1, GetFileV1 and ExternalFile. */
import type { z } from 'zod';
import type { StoredFile } from '../../core/files/model.js';
import type { FileView } from '../../core/files/queries.js';
import type { Issue } from '../../core/shared/issues.js';
import type { CreateFileResponse, ExternalFile, GetFileResponse } from '../schemas/resources.js';

const core = (file: StoredFile) => ({
  id: file.id,
  orgId: file.orgId,
  fileName: file.fileName,
  fileBytes: file.fileBytes,
  fileType: file.fileType,
  status: file.status,
  uploadStartTime: file.uploadStartTime,
  sessionIds: file.sessionIds,
});

export const createdFileToWire = (file: StoredFile, uploadUrl: string): z.input<typeof CreateFileResponse>['data'] => ({
  ...core(file),
  uploadUrl,
});

export const fileToWire = ({ file, downloadUrl }: FileView): z.input<typeof GetFileResponse>['data'] => ({
  ...core(file),
  downloadUrl,
  expiryTime: file.expiryTime,
});

export const externalFileToWire = ({ file, downloadUrl }: FileView): z.input<typeof ExternalFile> => ({
  ...core(file),
  deleted: false,
  visibleInApi: true,
  visibleInPortal: true,
  expiryTime: file.expiryTime,
  ...(file.uploadCompleteTime ? { uploadCompleteTime: file.uploadCompleteTime } : {}),
  ...(downloadUrl ? { downloadUrl } : {}),
});

/** A failed upload says why in `errors`, so a client that only reads the envelope (as the official one does) learns it. */
export const fileIssues = (file: StoredFile): Issue[] =>
  file.status === 'upload_failed'
    ? [{ code: 'upload_failed', message: file.failureReason ?? 'the upload failed', details: { fileId: file.id } }]
    : [];
