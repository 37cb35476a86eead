/**
 * A recorded session's events become one `recording` file of its org, linked to the session, when the session
 * ends. Like a browser download, it is told in the session's events as `file_status`: `uploading` when it begins,
 * then `available` with `fileId` and a `downloadUrl` that works without the API key (or `upload_failed`).
 */
import type { BrowserEnding } from '../../ports/browser.js';
import type { EventBus } from '../../ports/event-bus.js';
import { MAX_FILE_BYTES, type FileItem } from '../files/model.js';
import { viewOf } from '../files/queries.js';
import type { FileDeps } from '../files/store.js';
import { markAvailable, markFailed, newFileRecord, tooLargeReason } from '../files/uploads.js';
import { appendEvent } from '../sessions/events.js';
import { uuidv7 } from '../shared/ids.js';
import { recordingDocument } from './format.js';

type RecordingDeps = FileDeps & { bus: EventBus };

const announce = async (
  deps: RecordingDeps,
  file: FileItem,
  sessionId: string,
  extra: Record<string, unknown> = {},
) => {
  const { downloadUrl } = await viewOf(deps, file);
  await appendEvent(deps, file.orgId, sessionId, {
    event: 'file_status',
    fileId: file.id,
    fileName: file.fileName,
    status: file.status,
    downloadUrl,
    ...extra,
  });
};

/** Answers the stored file, or undefined when the session was not recorded. */
export const storeRecordingAtEnd = async (
  deps: RecordingDeps,
  ending: BrowserEnding,
): Promise<FileItem | undefined> => {
  const { recording, orgId, sessionId } = ending;
  if (!recording) return undefined;
  const now = deps.clock.now();
  let file = newFileRecord(
    orgId,
    uuidv7(now.getTime()),
    { fileName: `recording-${sessionId}.json`, fileType: 'recording', sessionIds: [sessionId] },
    now,
  );
  await deps.records.put(file);
  await announce(deps, file, sessionId);
  try {
    const bytes = recordingDocument(sessionId, recording, now);
    if (bytes.length > MAX_FILE_BYTES) file = await markFailed(deps, file, tooLargeReason(bytes.length));
    else {
      await deps.blobs.put(file.blobKey, bytes, { contentType: 'application/json', contentLength: bytes.length });
      file = await markAvailable(deps, file, bytes.length);
    }
  } catch (error) {
    file = await markFailed(deps, file, `the recording could not be stored: ${(error as Error).message}`);
  }
  await announce(
    deps,
    file,
    sessionId,
    file.status === 'upload_failed' ? { eventData: { error: file.failureReason, filePath: file.fileName } } : {},
  );
  return file;
};
