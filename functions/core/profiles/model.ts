/** A saved browser profile: its record (what the service knows of it) and the rules for its name. */
import type { RecordItem } from '../../ports/records.js';
import { ValidationError } from '../shared/errors.js';

export interface Profile {
  orgId: string;
  name: string;
  /** Size of the stored archive (tar + gzip of the user-data-dir without caches). */
  bytes: number;
  updatedAt: string;
  /** The session whose end saved it last. */
  savedFrom: string;
  blobKey: string;
  /** What the archive holds of its org's stored-bytes limit (absent for profiles saved before it was counted). */
  heldBytes?: number;
}

export type ProfileItem = RecordItem & Profile;

/** Names as the official client's tooling validates them: letters, digits and dashes. */
export const PROFILE_NAME = /^[a-zA-Z0-9-]{1,64}$/;

/** Every name must be a valid profile name; otherwise a 422 naming the field and each bad value. */
export const checkProfileNames = (names: string[], field: string): void => {
  const bad = names.filter((name) => !PROFILE_NAME.test(name));
  if (bad.length === 0) return;
  throw new ValidationError(
    bad.map((value) => ({
      location: field,
      message: 'a profile name has letters, digits and dashes only, 1 to 64 characters',
      value,
    })),
  );
};
