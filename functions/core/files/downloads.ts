/**
 * Downloads in a session's browser become `browser_download` files of its org, associated with the session. The
 * session's events stream tells each one as `file_status` events: `uploading` when the download begins, then
 * `available` with `fileId` and a `downloadUrl` that works without the API key (or `upload_failed` with
 * `eventData.error`).
 */
import type { BrowserDownload } from '../../ports/browser.js';
import { MAX_FILE_BYTES, type FileItem } from './model.js';
import { announceFileStatus, beginSessionFile, storeSessionFileBytes, type SessionFileDeps } from './session-files.js';
import { markFailed, tooLargeReason } from './uploads.js';

const begin = (deps: SessionFileDeps, download: BrowserDownload): Promise<FileItem> =>
  beginSessionFile(deps, download.orgId, download.sessionId, {
    fileName: download.fileName,
    fileType: 'browser_download',
  });

const finish = async (
  deps: SessionFileDeps,
  file: FileItem,
  download: Extract<BrowserDownload, { state: 'completed' | 'failed' }>,
): Promise<void> => {
  let settled: FileItem;
  if (download.state === 'failed') settled = await markFailed(deps, file, download.error);
  else if (download.bytes > MAX_FILE_BYTES) settled = await markFailed(deps, file, tooLargeReason(download.bytes));
  else {
    // The browser may have named it `name (1).ext` beside an earlier download: that is its name in the session.
    // A download its org has no room for is not kept, but stays in the session's folder like any other.
    settled = await storeSessionFileBytes(deps, file, await download.read(), {
      extra: { fileName: download.fileName },
    });
  }
  await announceFileStatus(deps, settled, download.sessionId);
};

/**
 * The listener the runtime gives the fleet. Reports of one download arrive in order but are handled concurrently,
 * so the end of a download waits for its beginning to be recorded.
 */
export const recordBrowserDownloads = (deps: SessionFileDeps) => {
  const begun = new Map<string, Promise<FileItem>>();
  return async (download: BrowserDownload): Promise<void> => {
    const key = `${download.sessionId}/${download.downloadId}`;
    if (download.state === 'started') {
      const recorded = begin(deps, download);
      begun.set(key, recorded);
      await recorded;
      return;
    }
    const recorded = begun.get(key);
    begun.delete(key);
    const file = (await recorded?.catch(() => undefined)) ?? (await begin(deps, download));
    try {
      await finish(deps, file, download);
    } catch (error) {
      // The session's events always say how the download ended: a client waiting on the stream for this file
      // would otherwise wait for ever. The record is marked when the store lets it be; the event says so anyway.
      const reason = `the download could not be stored: ${(error as Error).message}`;
      const failed = await markFailed(deps, file, reason).catch(() => undefined);
      await announceFileStatus(
        deps,
        failed?.status === 'upload_failed' ? failed : { ...file, status: 'upload_failed', failureReason: reason },
        download.sessionId,
      ).catch(() => undefined);
      throw error;
    }
  };
};
