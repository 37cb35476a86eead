/** `save-profile-on-termination`: records the name the session's profile is saved under when it ends. */
import { ConflictError } from '../shared/errors.js';
import type { Issue } from '../shared/issues.js';
import type { SessionDeps } from './deps.js';
import { isLive } from './model.js';
import { sessionInUse } from './activity.js';

export const saveProfileOnTermination = async (
  deps: SessionDeps,
  orgId: string,
  sessionId: string,
  profileName: string,
): Promise<{ warnings: Issue[] }> => {
  const session = await sessionInUse(deps, orgId, sessionId);
  if (!isLive(session.status))
    throw new ConflictError(`session ${sessionId} has already ended; its profile can no longer be saved`);
  // Saved when the browser ends (see core/profiles/save.ts); naming another profile later replaces this one.
  await deps.records.update({ pk: session.pk, sk: session.sk }, { saveProfileAs: profileName });
  return { warnings: [] };
};
