/**
 * A recorded session's events become one `recording` file of its org, linked to the session, when the session
 * ends. Like a browser download, it is told in the session's events as `file_status`: `uploading` when it begins,
 * then `available` with `fileId` and a `downloadUrl` that works without the API key (or `upload_failed`).
 */
import type { BrowserEnding } from '../../ports/browser.js';
import type { FileItem } from '../files/model.js';
import {
  announceFileStatus,
  beginSessionFile,
  storeSessionFileBytes,
  type SessionFileDeps,
} from '../files/session-files.js';
import { markFailed } from '../files/uploads.js';
import { recordingDocument } from './format.js';

/** Answers the stored file, or undefined when the session was not recorded. */
export const storeRecordingAtEnd = async (
  deps: SessionFileDeps,
  ending: BrowserEnding,
): Promise<FileItem | undefined> => {
  const { recording, orgId, sessionId } = ending;
  if (!recording) return undefined;
  const now = deps.clock.now();
  let file = await beginSessionFile(
    deps,
    orgId,
    sessionId,
    { fileName: `recording-${sessionId}.json`, fileType: 'recording' },
    now,
  );
  try {
    const bytes = recordingDocument(sessionId, recording, now);
    file = await storeSessionFileBytes(deps, file, bytes, { contentType: 'application/json' });
  } catch (error) {
    file = await markFailed(deps, file, `the recording could not be stored: ${(error as Error).message}`);
  }
  await announceFileStatus(deps, file, sessionId);
  return file;
};
