/**
 * What a file holds of its org's stored-bytes limit, kept in its record so whoever removes or settles the file
 * knows what to give back. A change of what it holds is written to the org's count first (so growth is checked
 * before anything is stored) and then to the file's record under its version, so of two writers settling or
 * removing the same file only one moves its bytes; the other undoes its change to the count.
 */
import { ConditionFailedError } from '../../ports/records.js';
import { changeHeld, hourOf, type Held } from '../orgs/stored-bytes.js';
import { fileKeys, type FileItem, type StoredFile } from './model.js';
import type { FileDeps } from './store.js';

export const heldBy = (file: StoredFile): Held | undefined =>
  file.heldBytes ? { bytes: file.heldBytes, hour: file.heldHour } : undefined;

/** The record's fields for what it holds (undefined removes them). */
export const heldFields = (held: Held | undefined): Pick<StoredFile, 'heldBytes' | 'heldHour'> => ({
  heldBytes: held?.bytes,
  heldHour: held?.hour,
});

/** Bytes of a file whose record expires at `expiresAt` (epoch seconds): they count as long as the record can. */
export const heldUntil = (bytes: number, expiresAt: number): Held => ({ bytes, hour: hourOf(expiresAt) });

/** Writes the changes unless another writer changed the record since `file` was read; undefined when one did. */
export const updateUnlessChanged = async (
  deps: FileDeps,
  file: FileItem,
  changes: Partial<FileItem>,
): Promise<FileItem | undefined> => {
  const version = file.version ?? 0;
  try {
    await deps.records.update(fileKeys.file(file.orgId, file.id), changes, { expectVersion: version });
  } catch (error) {
    if (error instanceof ConditionFailedError) return undefined;
    throw error;
  }
  return { ...file, ...changes, version: version + 1 };
};

/**
 * Moves the file to `changes`, holding `held` in place of what it held. StorageLimitError when that would grow the
 * org past its limit (nothing is written then). Undefined when another writer changed the file first: the count
 * is put back as it was, and the caller reads the file again.
 */
export const moveHeld = async (
  deps: FileDeps,
  file: FileItem,
  held: Held | undefined,
  changes: Partial<FileItem>,
): Promise<FileItem | undefined> => {
  const before = heldBy(file);
  await changeHeld(deps, file.orgId, { add: held, release: before });
  const undo = () => changeHeld(deps, file.orgId, { add: before, release: held }, { unchecked: true });
  let written: FileItem | undefined;
  try {
    written = await updateUnlessChanged(deps, file, { ...changes, ...heldFields(held) });
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
  if (!written) await undo();
  return written;
};
