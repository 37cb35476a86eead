/**
 * Captures every download of a session's browser. The download behaviour is set once for the whole browser on a
 * browser-level CDP session, so downloads from any window, including pages opened by CDP clients, land in the
 * session's folder and report their progress here (a client that sets its own behaviour takes over its downloads).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserDownload } from '../../ports/browser.js';
import type { CdpConnection } from '../../cdp/connection.js';
import type { SessionFolder } from './session-folder.js';

/** A download as this browser reports it; the fleet adds which session it belongs to. */
type WithoutOwner<T> = T extends unknown ? Omit<T, 'sessionId' | 'orgId'> : never;
export type DownloadReport = WithoutOwner<BrowserDownload>;

/**
 * `maxBytes`: a download that grows past it (or announces a size past it) is cancelled in the browser at once, since
 * the file could never be kept and a page streaming without end would otherwise fill the host's disk for every
 * session on it.
 */
export const captureDownloads = async (
  cdp: CdpConnection,
  folder: SessionFolder,
  report: (download: DownloadReport) => void,
  maxBytes: number,
): Promise<void> => {
  // guid → suggested name, for the downloads under way.
  const underWay = new Map<string, string>();

  const stopOversized = (guid: string, bytes: number): void => {
    const suggested = underWay.get(guid);
    if (suggested === undefined) return;
    underWay.delete(guid);
    // The browser removes its partial file on cancel; the 'canceled' progress that follows finds no entry.
    cdp.send('Browser.cancelDownload', { guid }).catch(() => undefined);
    void folder.discard(join(folder.downloadingDir, guid));
    report({
      state: 'failed',
      downloadId: guid,
      fileName: suggested,
      error: `the download reached ${bytes} bytes, over the limit of ${maxBytes} bytes (${maxBytes / 1024 / 1024} MiB); it was stopped and not kept`,
    });
  };

  cdp.on('Browser.downloadWillBegin', (event: { guid: string; suggestedFilename: string; url: string }) => {
    underWay.set(event.guid, event.suggestedFilename);
    report({ state: 'started', downloadId: event.guid, fileName: event.suggestedFilename, url: event.url });
  });

  type Progress = {
    guid: string;
    state: 'inProgress' | 'completed' | 'canceled';
    receivedBytes: number;
    totalBytes: number;
  };
  cdp.on('Browser.downloadProgress', (event: Progress) => {
    const bytes = Math.max(event.receivedBytes ?? 0, event.totalBytes ?? 0);
    if (event.state !== 'canceled' && bytes > maxBytes) return stopOversized(event.guid, bytes);
    if (event.state === 'inProgress') return;
    const suggested = underWay.get(event.guid);
    if (suggested === undefined) return;
    underWay.delete(event.guid);
    const downloaded = join(folder.downloadingDir, event.guid);
    if (event.state === 'canceled') {
      void folder.discard(downloaded);
      report({
        state: 'failed',
        downloadId: event.guid,
        fileName: suggested,
        error: 'the download was cancelled in the browser',
      });
      return;
    }
    folder.adoptDownload(downloaded, suggested).then(
      (kept) =>
        report({
          state: 'completed',
          downloadId: event.guid,
          fileName: kept.fileName,
          bytes: kept.bytes,
          read: () => readFile(kept.path),
        }),
      (error: unknown) =>
        report({
          state: 'failed',
          downloadId: event.guid,
          fileName: suggested,
          error: `the downloaded file could not be kept: ${(error as Error).message}`,
        }),
    );
  });

  await cdp.send('Browser.setDownloadBehavior', {
    behavior: 'allowAndName',
    downloadPath: folder.downloadingDir,
    eventsEnabled: true,
  });
};
