/**
 * Reading files: always within the caller's org (another org's id is simply not found), expired files answered as
 * gone and removed on sight, and uploads settled on the way (see uploads.ts).
 */
import { NotFoundError } from '../shared/errors.js';
import { offsetPage, type Page } from '../shared/pagination.js';
import { fileKeys, type FileItem } from './model.js';
import { getStoredFile, signedDownload, type FileDeps } from './store.js';
import { isExpired, removeFile, settleUpload } from './uploads.js';

export interface FileView {
  file: FileItem;
  /** Pre-signed, working without the API key; empty until the file is `available`. */
  downloadUrl: string;
}

export interface ListFilesRequest {
  sessionIds?: string[];
  offset?: number;
  limit?: number;
}

/** The file as it stands now, or NotFoundError (also for an expired file, which is removed). */
export const readFile = async (deps: FileDeps, orgId: string, fileId: string): Promise<FileItem> => {
  const file = await getStoredFile(deps.records, orgId, fileId);
  if (!file) throw new NotFoundError('file', fileId);
  if (isExpired(file, deps.clock.now())) {
    await removeFile(deps, file);
    throw new NotFoundError('file', fileId);
  }
  return settleUpload(deps, file);
};

export const viewOf = async (deps: FileDeps, file: FileItem): Promise<FileView> => ({
  file,
  downloadUrl: file.status === 'available' ? (await signedDownload(deps, file)).url : '',
});

/** Every live file of the org; expired ones found on the way are removed. */
export const orgFiles = async (deps: FileDeps, orgId: string): Promise<FileItem[]> => {
  const now = deps.clock.now();
  const live: FileItem[] = [];
  const expired: FileItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.records.query<FileItem>(fileKeys.partition(orgId), { cursor, limit: 500 });
    for (const file of page.items) (isExpired(file, now) ? expired : live).push(file);
    cursor = page.cursor;
  } while (cursor);
  await Promise.all(expired.map((file) => removeFile(deps, file).catch(() => undefined)));
  return live;
};

/**
 * Newest first (client-chosen ids do not sort by time, so the order is by upload start). The files partition holds
 * at most 48 hours of an org's files, so it is read whole and filtered here; only the page returned is settled.
 */
export const listFiles = async (deps: FileDeps, orgId: string, request: ListFilesRequest): Promise<Page<FileView>> => {
  const wanted = new Set(request.sessionIds ?? []);
  const files = (await orgFiles(deps, orgId))
    .filter((file) => wanted.size === 0 || file.sessionIds.some((id) => wanted.has(id)))
    .sort((a, b) => b.uploadStartTime.localeCompare(a.uploadStartTime) || b.id.localeCompare(a.id));
  const page = await offsetPage({
    offset: request.offset,
    limit: request.limit,
    load: async (count) => ({ items: files.slice(0, count), total: files.length }),
  });
  const items = await Promise.all(page.items.map(async (file) => viewOf(deps, await settleUpload(deps, file))));
  return { items, pagination: page.pagination };
};
