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

/** How much a session's downloads may take on its host's disk: each one, and all of them together. */
export interface DownloadLimits {
  /** A download that grows past it (or announces a size past it) is stopped: the file could never be kept. */
  fileBytes: number;
  /**
   * The session's budget: downloads in progress (each counted at the larger of what it received and what it
   * announced) plus finished downloads kept in the session's folder. Kept files stay on disk until the session ends
   * (a file input may take them), so they hold their share until then; a stopped or failed download frees its share
   * as its partial file is removed. The download whose progress passes the budget is the one stopped.
   */
  sessionBytes: number;
}

/**
 * A download past a limit is cancelled in the browser at once, since a page streaming without end, or starting one
 * download after another, would otherwise fill the host's disk for every session on it.
 */
export const captureDownloads = async (
  cdp: CdpConnection,
  folder: SessionFolder,
  report: (download: DownloadReport) => void,
  limits: DownloadLimits,
): Promise<void> => {
  // guid → suggested name and bytes it holds on disk, for the downloads under way.
  const underWay = new Map<string, { name: string; bytes: number }>();
  // Bytes of finished downloads in `files/` (and of those being moved there).
  let kept = 0;
  const onDisk = () => {
    let total = kept;
    for (const download of underWay.values()) total += download.bytes;
    return total;
  };

  const stop = (guid: string, error: string): void => {
    const download = underWay.get(guid);
    if (download === undefined) return;
    underWay.delete(guid);
    // The browser removes its partial file on cancel; the 'canceled' progress that follows finds no entry.
    cdp.send('Browser.cancelDownload', { guid }).catch(() => undefined);
    void folder.discard(join(folder.downloadingDir, guid));
    report({ state: 'failed', downloadId: guid, fileName: download.name, error });
  };
  const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 100) / 100} MiB`;
  /** Stops the download if it passes a limit; answers whether it did. */
  const overLimit = (guid: string, bytes: number): boolean => {
    const download = underWay.get(guid);
    if (download === undefined) return false;
    if (bytes > limits.fileBytes) {
      stop(
        guid,
        `the download reached ${bytes} bytes, over the limit of ${limits.fileBytes} bytes (${mib(limits.fileBytes)}); it was stopped and not kept`,
      );
      return true;
    }
    const others = onDisk() - download.bytes;
    if (others + bytes > limits.sessionBytes) {
      stop(
        guid,
        `the session's downloads came to ${others + bytes} bytes with this one at ${bytes} bytes, over the session's download budget of ${limits.sessionBytes} bytes (${mib(limits.sessionBytes)}); it was stopped and not kept`,
      );
      return true;
    }
    download.bytes = Math.max(download.bytes, bytes);
    return false;
  };

  cdp.on('Browser.downloadWillBegin', (event: { guid: string; suggestedFilename: string; url: string }) => {
    underWay.set(event.guid, { name: event.suggestedFilename, bytes: 0 });
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
    if (event.state !== 'canceled' && overLimit(event.guid, bytes)) return;
    if (event.state === 'inProgress') return;
    const download = underWay.get(event.guid);
    if (download === undefined) return;
    underWay.delete(event.guid);
    const downloaded = join(folder.downloadingDir, event.guid);
    if (event.state === 'canceled') {
      void folder.discard(downloaded);
      report({
        state: 'failed',
        downloadId: event.guid,
        fileName: download.name,
        error: 'the download was cancelled in the browser',
      });
      return;
    }
    // Counted as kept from now on, so a download progressing while this one is moved still sees its bytes.
    kept += download.bytes;
    folder.adoptDownload(downloaded, download.name).then(
      (keptFile) => {
        kept += keptFile.bytes - download.bytes;
        report({
          state: 'completed',
          downloadId: event.guid,
          fileName: keptFile.fileName,
          bytes: keptFile.bytes,
          read: () => readFile(keptFile.path),
        });
      },
      (error: unknown) => {
        kept -= download.bytes;
        void folder.discard(downloaded);
        report({
          state: 'failed',
          downloadId: event.guid,
          fileName: download.name,
          error: `the downloaded file could not be kept: ${(error as Error).message}`,
        });
      },
    );
  });

  await cdp.send('Browser.setDownloadBehavior', {
    behavior: 'allowAndName',
    downloadPath: folder.downloadingDir,
    eventsEnabled: true,
  });
};
