/**
 * What browsers do on their own, recorded where the browser runs: a browser that ended (idle timeout, crash,
 * shutdown) ends its session; a session's profile and recording are stored as it ends; downloads become files.
 * The local service and every AWS browser host wire their fleet the same way.
 */
import { recordBrowserDownloads } from '../core/files/downloads.js';
import { saveProfileAtEnd } from '../core/profiles/save.js';
import { storeRecordingAtEnd } from '../core/recordings/store.js';
import { onBrowserEnded } from '../core/sessions/terminate.js';
import type { BrowserFleet } from '../ports/browser.js';
import type { Deps } from '../api/deps.js';

export interface BrowserEventRecorder {
  /** Resolves once every record started so far is written (a draining host waits for it before it exits). */
  settled(): Promise<void>;
}

export const recordBrowserEvents = (
  fleet: BrowserFleet & Required<Pick<BrowserFleet, 'onEnding'>>,
  deps: Deps,
): BrowserEventRecorder => {
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  fleet.onEnded((ended) => {
    track(
      onBrowserEnded(deps, ended).catch((error: unknown) =>
        deps.log.error('could not record a session end', { ...ended, error: String(error) }),
      ),
    );
  });
  fleet.onEnding(async (ending) => {
    const { sessionId, orgId, reason } = ending;
    // Each is independent: a recording that cannot be stored does not cost the profile, and the reverse.
    await Promise.all([
      saveProfileAtEnd(deps, ending).catch((error: unknown) =>
        deps.log.error('could not save a profile', { sessionId, orgId, reason, error: String(error) }),
      ),
      storeRecordingAtEnd(deps, ending).catch((error: unknown) =>
        deps.log.error('could not store a recording', { sessionId, orgId, error: String(error) }),
      ),
    ]);
  });
  const recordDownload = recordBrowserDownloads(deps);
  fleet.onDownload((download) => {
    const { sessionId, downloadId, state } = download;
    track(
      recordDownload(download).catch((error: unknown) =>
        deps.log.error('could not record a browser download', { sessionId, downloadId, state, error: String(error) }),
      ),
    );
  });
  return { settled: async () => void (await Promise.all([...inFlight])) };
};
