/** Deleting a file: its bytes and its record go; afterwards the id is not found (and may be chosen again). */
import { NotFoundError } from '../shared/errors.js';
import { getStoredFile, type FileDeps } from './store.js';
import { isExpired, removeFile } from './uploads.js';

export const deleteFile = async (deps: FileDeps, orgId: string, fileId: string): Promise<void> => {
  const file = await getStoredFile(deps.records, orgId, fileId);
  if (!file) throw new NotFoundError('file', fileId);
  // Copies already placed on session machines stay until their sessions end: a file input may be using them.
  await removeFile(deps, file);
  // An expired file was already gone for clients: removing it is clean-up, not a deletion they asked for.
  if (isExpired(file, deps.clock.now())) throw new NotFoundError('file', fileId);
};
