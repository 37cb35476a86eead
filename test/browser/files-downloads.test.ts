/**
 * The browser's downloads on real Chromium (test/support/files-bed.ts): a download becomes a file of its session,
 * one that grows past the size limit is stopped, and a URL that answers with a file loads as a download started
 * rather than a failed navigation.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../functions/core/files/model.js';
import { call, chosen, openWindow, pageOf, sha256, useFilesBed } from '../support/files-bed.js';
import { createRunningSession, readEvents } from '../support/session-client.js';

const bed = useFilesBed();

describe('browser downloads', () => {
  it('stores a download as a browser_download file of the session, told by file_status uploading then available', async () => {
    const session = await createRunningSession(bed.svc);
    const windowId = await openWindow(session.id, '/files/download.html?name=report.bin&bytes=6000');
    const stream = readEvents(
      `${bed.svc.url}/v1/sessions/${session.id}/events?all=true`,
      bed.svc.auth,
      (e) => e.event === 'file_status' && e.status === 'available',
      20_000,
    );
    await (await pageOf(session.id, windowId)).click('#download');
    const events = (await stream).filter((e) => e.event === 'file_status');
    expect(events.map((e) => e.status)).toEqual(['uploading', 'available']);
    const { fileId, downloadUrl } = events[1] as { fileId: string; downloadUrl: string };
    expect(events[0].fileId).toBe(fileId);
    expect(Date.parse(events[1].eventTime as string)).not.toBeNaN();

    const expected = Buffer.from(Array.from({ length: 6000 }, (_, i) => i % 251));
    expect(sha256(new Uint8Array(await (await fetch(downloadUrl)).arrayBuffer()))).toBe(sha256(expected));
    const listed = await call('GET', `/v1/files?sessionIds=${session.id}`);
    expect(listed.json.data.files).toEqual([
      expect.objectContaining({
        id: fileId,
        fileName: 'report.bin',
        fileType: 'browser_download',
        fileBytes: 6000,
        sessionIds: [session.id],
      }),
    ]);

    // The download is also a file of the session by name, for a file input.
    const form = await openWindow(session.id, '/files/one-input.html');
    const res = await call('POST', `/v1/sessions/${session.id}/windows/${form}/file-input`, { fileName: 'report.bin' });
    expect(res.json.meta.status).toBe('success');
    expect((await chosen(await pageOf(session.id, form))).sha256).toBe(sha256(expected));
    await call('DELETE', `/v1/sessions/${session.id}`);
  });

  it('keeps the name of a download that is not ASCII', async () => {
    const session = await createRunningSession(bed.svc);
    const windowId = await openWindow(
      session.id,
      `/files/download.html?name=${encodeURIComponent('résumé ü.bin')}&bytes=100`,
    );
    const stream = readEvents(
      `${bed.svc.url}/v1/sessions/${session.id}/events?all=true`,
      bed.svc.auth,
      (e) => e.event === 'file_status' && e.status === 'available',
      20_000,
    );
    await (await pageOf(session.id, windowId)).click('#download');
    await stream;
    const listed = await call('GET', `/v1/files?sessionIds=${session.id}`);
    expect(listed.json.data.files.map((f: { fileName: string }) => f.fileName)).toEqual(['résumé ü.bin']);
    await call('DELETE', `/v1/sessions/${session.id}`);
  });

  it('stops a download that grows past the largest file a session may keep, instead of filling the disk first', async () => {
    const session = await createRunningSession(bed.svc);
    const failed = readEvents(
      `${bed.svc.url}/v1/sessions/${session.id}/events?all=true`,
      bed.svc.auth,
      (e) => e.event === 'file_status' && e.status === 'upload_failed',
      120_000,
    );
    // Sent without a Content-Length, as a page streaming without end sends it: only the bytes received tell.
    const url = `${bed.fixtures.url}/download/endless.bin?stream=1&bytes=${4 * MAX_FILE_BYTES}`;
    const opened = await call('POST', `/v1/sessions/${session.id}/windows`, { url });
    expect(opened.json.warnings).toEqual([expect.objectContaining({ code: 'download_started' })]);
    const { fileId } = (await failed).at(-1) as { fileId: string };
    const file = await call('GET', `/v1/files/${fileId}`);
    expect(file.json.data).toMatchObject({ fileName: 'endless.bin', status: 'upload_failed', fileBytes: 0 });
    // Stopped as it passed the limit, not read to its end and refused then.
    expect(file.json.errors[0].message).toMatch(
      new RegExp(`^the download reached \\d+ bytes, over the limit of ${MAX_FILE_BYTES} bytes .*stopped`),
    );
    await call('DELETE', `/v1/sessions/${session.id}`);
  });

  describe('a URL that answers with a file', () => {
    let sessionId: string;
    beforeAll(async () => {
      sessionId = (await createRunningSession(bed.svc)).id;
    });
    afterAll(() => call('DELETE', `/v1/sessions/${sessionId}`));
    const availableFile = (fileName: string) =>
      readEvents(
        `${bed.svc.url}/v1/sessions/${sessionId}/events?all=true`,
        bed.svc.auth,
        (e) => e.event === 'file_status' && e.status === 'available' && e.fileName === fileName,
        20_000,
      );
    const listedWindow = async (windowId: string) =>
      (
        (await call('GET', `/v1/sessions/${sessionId}/windows`)).json.data.windows as {
          windowId: string;
          url: string;
          title: string;
        }[]
      ).find((w) => w.windowId === windowId);

    it('loads as a success that says a download started: the file arrives and the window stays on its page', async () => {
      const windowId = await openWindow(sessionId, '/index.html');
      const arrived = availableFile('invoice.bin');
      const res = await call('POST', `/v1/sessions/${sessionId}/windows/${windowId}`, {
        url: `${bed.fixtures.url}/download/invoice.bin?bytes=4000`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toEqual({ success: true });
      expect(res.json.errors).toBeUndefined();
      expect(res.json.warnings).toEqual([
        expect.objectContaining({
          code: 'download_started',
          details: { fileName: 'invoice.bin', url: `${bed.fixtures.url}/download/invoice.bin?bytes=4000` },
        }),
      ]);
      const available = (await arrived).filter((e) => e.event === 'file_status' && e.fileName === 'invoice.bin');
      expect(available.map((e) => e.status)).toEqual(['uploading', 'available']);
      expect(await listedWindow(windowId)).toMatchObject({
        url: `${bed.fixtures.url}/index.html`,
        title: 'Fixture Index',
      });
    });

    it('opens a window on a file the browser cannot show (no attachment header): created, still blank, download said', async () => {
      const arrived = availableFile('export.dat');
      const res = await call('POST', `/v1/sessions/${sessionId}/windows`, {
        url: `${bed.fixtures.url}/windows/export.dat`,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json.data).toMatchObject({ url: 'about:blank' });
      expect(res.json.errors).toBeUndefined();
      expect(res.json.warnings).toEqual([
        expect.objectContaining({
          code: 'download_started',
          details: expect.objectContaining({ fileName: 'export.dat' }),
        }),
      ]);
      const { downloadUrl } = (await arrived).find(
        (e) => e.event === 'file_status' && e.status === 'available' && e.fileName === 'export.dat',
      ) as { downloadUrl: string };
      expect(await (await fetch(downloadUrl)).text()).toBe(
        await readFile(new URL('../fixtures/pages/windows/export.dat', import.meta.url), 'utf8'),
      );
      expect(await listedWindow(res.json.data.windowId)).toMatchObject({ url: 'about:blank' });
    });

    it('still fails a navigation the browser aborts without a download (a 204 answer)', async () => {
      const windowId = await openWindow(sessionId, '/index.html');
      const res = await call('POST', `/v1/sessions/${sessionId}/windows/${windowId}`, {
        url: `${bed.fixtures.url}/status/204`,
      });
      expect(res.json.data).toEqual({ success: false });
      expect(res.json.errors).toEqual([
        expect.objectContaining({ code: 'navigation_failed', reason: 'net::ERR_ABORTED' }),
      ]);
      expect(res.json.warnings).toBeUndefined();
      expect(await listedWindow(windowId)).toMatchObject({ url: `${bed.fixtures.url}/index.html` });
    });
  });
});
