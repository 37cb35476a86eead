/**
 * Saving a session's profile when its browser ends, for whatever reason (terminate, idle timeout, crash, host
 * shutdown), if the session asked for it with `save-profile-on-termination`. The outcome is told in the session's
 * events as `profile_status`: `saved` with the size, or `failed` with why (a crashed browser may leave a profile
 * that cannot be read). A session ended for taking more disk than a session may is not saved: its profile would
 * end the next session that starts from it, and costs the most to archive and restore.
 */
import type { BrowserEnding } from '../../ports/browser.js';
import type { EventBus } from '../../ports/event-bus.js';
import { appendEvent } from '../sessions/events.js';
import { getSession } from '../sessions/queries.js';
import { saveProfile, type ProfileDeps } from './store.js';

export const saveProfileAtEnd = async (deps: ProfileDeps & { bus: EventBus }, ending: BrowserEnding): Promise<void> => {
  const { orgId, sessionId } = ending;
  const session = await getSession(deps.records, orgId, sessionId);
  const profileName = session?.saveProfileAs;
  if (!profileName) return;
  try {
    if (ending.reason === 'storageLimit')
      throw new Error("the session's browser storage passed its cap on the host's disk (SESSION_STORAGE_BYTES)");
    const archive = await ending.archiveProfile();
    await saveProfile(deps, orgId, profileName, archive, sessionId);
    // A crashed browser did not write out what it held in memory: the profile may lack its last changes.
    const fromCrash =
      ending.reason === 'crashed'
        ? {
            partial: true,
            note: 'saved from what the crashed browser left on disk: its last changes (recent cookies, local storage) may be missing',
          }
        : {};
    await appendEvent(deps, orgId, sessionId, {
      event: 'profile_status',
      id: sessionId,
      eventData: { profileName, status: 'saved', bytes: archive.length, ...fromCrash },
    });
  } catch (error) {
    const message = `the profile ${profileName} was not saved: ${(error as Error).message}`;
    await appendEvent(deps, orgId, sessionId, {
      event: 'profile_status',
      id: sessionId,
      eventData: { profileName, status: 'failed' },
      error: { code: 'profile_not_saved', message },
    });
    throw error;
  }
};
