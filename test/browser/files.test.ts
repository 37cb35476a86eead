/**
 * Files through the API on real Chromium: uploads by pre-signed URL, reading, listing, deleting, org scoping,
 * pushing into sessions, the file-input operation on fixture pages, and the browser's downloads.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKeys, MAX_FILE_BYTES } from '../../functions/core/files/model.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, readEvents, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 2, hostCapacity: 6 }), startFixtureServer()]);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

type Auth = { authorization: string };
/** The test service pins its key, so its org is known. */
const myOrg = () => (svc.access as { orgId: string }).orgId;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, auth: Auth = svc.auth) =>
  svc.app.inject({ method, path, headers: auth, body });

/** Create a file and PUT its bytes as a client holding only the upload URL would. */
const upload = async (bytes: Buffer, fields: Record<string, unknown> = {}, auth: Auth = svc.auth) => {
  const created = await call('POST', '/v1/files', { fileName: 'upload.bin', ...fields }, auth);
  expect(created.statusCode, JSON.stringify(created.json)).toBe(200);
  const put = await fetch(created.json.data.uploadUrl, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.status).toBe(200);
  return created.json.data as { id: string; fileName: string };
};

const pageOf = async (sessionId: string, windowId: string): Promise<Page> => {
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  return browser.page(windowId);
};

const openWindow = async (sessionId: string, path: string) => {
  const res = await call('POST', `/v1/sessions/${sessionId}/windows`, { url: `${fixtures.url}${path}` });
  expect(res.statusCode).toBe(201);
  return res.json.data.windowId as string;
};

/** What the fixture page's echo script saw of the chosen file. */
const chosen = async (page: Page) => {
  await page.waitForFunction(() => document.getElementById('result')?.textContent !== '', { timeout: 10_000 });
  return JSON.parse((await page.$eval('#result', (el) => el.textContent)) ?? '{}') as {
    input: string;
    name: string;
    size: number;
    sha256: string;
    events: string[];
  };
};

describe('files API', () => {
  it('takes bytes on the upload URL without the API key, then serves them as available with their size', async () => {
    const bytes = randomBytes(70_000);
    const created = await call('POST', '/v1/files', { fileName: 'notes.bin' });
    expect(created.json.data).toMatchObject({
      fileName: 'notes.bin',
      fileType: 'customer_upload',
      status: 'uploading',
      fileBytes: 0,
    });
    const put = await fetch(created.json.data.uploadUrl, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.status).toBe(200);

    const got = await call('GET', `/v1/files/${created.json.data.id}`);
    expect(got.json.data).toMatchObject({
      id: created.json.data.id,
      status: 'available',
      fileBytes: bytes.length,
      orgId: created.json.data.orgId,
    });
    const hours = (Date.parse(got.json.data.expiryTime) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    const download = await fetch(got.json.data.downloadUrl);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('lists newest first with offset and limit, filtering by session ids in both query forms', async () => {
    const org = await svc.newOrg('files-list');
    const [a, b] = await Promise.all([createRunningSession(svc, org.auth), createRunningSession(svc, org.auth)]);
    const ids: string[] = [];
    for (const sessionIds of [[a.id], [a.id], [b.id], [a.id, b.id], []])
      ids.push((await upload(Buffer.from('x'), { sessionIds }, org.auth)).id);

    const first = await call('GET', '/v1/files?limit=2', undefined, org.auth);
    expect(first.json.data.files.map((f: { id: string }) => f.id)).toEqual([ids[4], ids[3]]);
    expect(first.json.data.pagination).toMatchObject({
      totalItems: 5,
      hasMore: true,
      nextOffset: 2,
      numberOfPages: 3,
      currentLimit: 2,
      currentPage: 1,
    });
    expect(first.json.data.files[0]).toMatchObject({
      deleted: false,
      visibleInApi: true,
      visibleInPortal: true,
      status: 'available',
      fileBytes: 1,
    });
    const last = await call('GET', '/v1/files?limit=2&offset=4', undefined, org.auth);
    expect(last.json.data.files.map((f: { id: string }) => f.id)).toEqual([ids[0]]);
    expect(last.json.data.pagination).toMatchObject({ hasMore: false, nextOffset: 5, currentPage: 3 });

    const ofA = await call('GET', `/v1/files?sessionIds=${a.id}`, undefined, org.auth);
    expect(ofA.json.data.files.map((f: { id: string }) => f.id)).toEqual([ids[3], ids[1], ids[0]]);
    for (const query of [`sessionIds=${a.id}&sessionIds=${b.id}`, `sessionIds=${a.id},${b.id}`]) {
      const both = await call('GET', `/v1/files?${query}`, undefined, org.auth);
      expect(both.json.data.files.map((f: { id: string }) => f.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    }
    await Promise.all([a, b].map((s) => call('DELETE', `/v1/sessions/${s.id}`, undefined, org.auth)));
  });

  it('deletes a file: its bytes go and a later GET answers 404', async () => {
    const { id } = await upload(Buffer.from('doomed'));
    const { blobKey } = (await svc.deps.records.get<{ blobKey: string } & { pk: string; sk: string }>(
      fileKeys.file(myOrg(), id),
    ))!;
    expect((await call('DELETE', `/v1/files/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/files/${id}`)).statusCode).toBe(404);
    expect(await svc.deps.blobs.head(blobKey)).toBeUndefined();
    expect((await call('DELETE', `/v1/files/${id}`)).statusCode).toBe(404);
  });

  it("keeps files to their org: another org's id is not found, not listed, not pushable", async () => {
    const { id } = await upload(Buffer.from('mine'));
    const other = await svc.newOrg('files-other');
    expect((await call('GET', `/v1/files/${id}`, undefined, other.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/files/${id}`, undefined, other.auth)).statusCode).toBe(404);
    expect((await call('POST', `/v1/files/${id}/push`, { sessionIds: ['any'] }, other.auth)).statusCode).toBe(404);
    expect((await call('GET', '/v1/files', undefined, other.auth)).json.data.files).toEqual([]);
    expect((await call('GET', `/v1/files/${id}`)).json.data.status).toBe('available');
  });

  it('takes a client-chosen id once per org (409 when taken) and refuses sessions that are not the caller’s', async () => {
    const id = `chosen-${Date.now()}`;
    expect((await call('POST', '/v1/files', { fileName: 'a.txt', id })).json.data.id).toBe(id);
    const taken = await call('POST', '/v1/files', { fileName: 'b.txt', id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json.detail).toContain(id);
    const other = await svc.newOrg('files-ids');
    expect((await call('POST', '/v1/files', { fileName: 'a.txt', id }, other.auth)).statusCode).toBe(200);
    const theirs = await createRunningSession(svc, other.auth);
    const foreign = await call('POST', '/v1/files', { fileName: 'c.txt', sessionIds: [theirs.id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json.detail).toContain(theirs.id);
    const second = await call('POST', '/v1/files', { fileName: 'c.txt', sessionIds: ['nope-1', theirs.id] });
    expect(second.json.errors).toEqual([
      { location: 'body.sessionIds.0', message: 'session nope-1 not found', value: 'nope-1' },
    ]);
    await call('DELETE', `/v1/sessions/${theirs.id}`, undefined, other.auth);
  });

  it(`marks an upload over ${MAX_FILE_BYTES} bytes upload_failed with the reason, and drops its bytes`, async () => {
    const { id } = await upload(Buffer.alloc(MAX_FILE_BYTES + 1, 1));
    const got = await call('GET', `/v1/files/${id}`);
    expect(got.json.data).toMatchObject({ status: 'upload_failed', downloadUrl: '' });
    expect(got.json.errors[0]).toMatchObject({ code: 'upload_failed' });
    expect(got.json.errors[0].message).toMatch(/over the limit of 104857600 bytes/);
    const { blobKey } = (await svc.deps.records.get<{ blobKey: string; pk: string; sk: string }>(
      fileKeys.file(myOrg(), id),
    ))!;
    expect(await svc.deps.blobs.head(blobKey)).toBeUndefined();
  });

  it('fails an upload whose URL expired with no bytes, and answers an expired file as gone, removing it', async () => {
    const created = await call('POST', '/v1/files', { fileName: 'never.bin' });
    await svc.deps.records.update(fileKeys.file(myOrg(), created.json.data.id), {
      uploadUrlExpiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await call('GET', `/v1/files/${created.json.data.id}`)).json.data.status).toBe('upload_failed');

    const { id } = await upload(Buffer.from('old'));
    const key = fileKeys.file(myOrg(), id);
    const { blobKey } = (await svc.deps.records.get<{ blobKey: string; pk: string; sk: string }>(key))!;
    await svc.deps.records.update(key, { expiryTime: new Date(Date.now() - 1000).toISOString() });
    expect((await call('GET', `/v1/files/${id}`)).statusCode).toBe(404);
    expect(await svc.deps.records.get(key)).toBeUndefined();
    expect(await svc.deps.blobs.head(blobKey)).toBeUndefined();
  });
});

describe('pushing files into sessions', () => {
  it('places the file on the browser machine and tells file_upload_status uploading, then available', async () => {
    const session = await createRunningSession(svc);
    const bytes = randomBytes(5000);
    const { id } = await upload(bytes, { fileName: 'pushed.bin' });
    const pushed = await call('POST', `/v1/files/${id}/push`, { sessionIds: [session.id] });
    expect(pushed.statusCode).toBe(200);
    const events = await readEvents(
      `${svc.url}/v1/sessions/${session.id}/events?all=true`,
      svc.auth,
      (e) => e.event === 'file_upload_status' && e.status === 'available',
    );
    const statuses = events.filter((e) => e.event === 'file_upload_status').map((e) => [e.status, e.fileId]);
    expect(statuses).toEqual([
      ['uploading', id],
      ['available', id],
    ]);
    const placed = await svc.deps.fleet.sessionFile(session.id, 'pushed.bin');
    expect(sha256(await readFile(placed!.path))).toBe(sha256(bytes));
    expect((await call('GET', `/v1/files/${id}`)).json.data.sessionIds).toEqual([session.id]);
    // The session's folder goes with its browser.
    await call('DELETE', `/v1/sessions/${session.id}`);
    const present = () =>
      stat(placed!.path).then(
        () => true,
        () => false,
      );
    expect(await waitFor(present, (exists) => !exists)).toBe(false);
  });

  it('refuses unknown or ended sessions and files without bytes yet', async () => {
    const { id } = await upload(Buffer.from('x'));
    expect((await call('POST', `/v1/files/${id}/push`, { sessionIds: ['no-such-session'] })).statusCode).toBe(404);
    expect((await call('POST', `/v1/files/${id}/push`, {})).statusCode).toBe(422);
    const session = await createRunningSession(svc);
    const empty = await call('POST', '/v1/files', { fileName: 'empty.bin' });
    const early = await call('POST', `/v1/files/${empty.json.data.id}/push`, { sessionIds: [session.id] });
    expect(early.statusCode).toBe(409);
    expect(early.json.detail).toMatch(/PUT them to its uploadUrl/);
    await call('DELETE', `/v1/sessions/${session.id}`);
    expect((await call('POST', `/v1/files/${id}/push`, { sessionIds: [session.id] })).statusCode).toBe(409);
  });
});

describe('file-input', () => {
  let sessionId: string;
  beforeAll(async () => {
    sessionId = (await createRunningSession(svc)).id;
  });
  afterAll(() => call('DELETE', `/v1/sessions/${sessionId}`));
  const fileInput = (windowId: string, body: Record<string, unknown>) =>
    call('POST', `/v1/sessions/${sessionId}/windows/${windowId}/file-input`, body);

  it('sets a pushed file on the only input, firing input and change with the real bytes', async () => {
    const bytes = randomBytes(20_000);
    const { id } = await upload(bytes, { fileName: 'resume.pdf' });
    await call('POST', `/v1/files/${id}/push`, { sessionIds: [sessionId] });
    const windowId = await openWindow(sessionId, '/files/one-input.html');
    const res = await fileInput(windowId, { fileId: id, clientRequestId: 'fi-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta).toMatchObject({ status: 'success', clientProvided: { clientRequestId: 'fi-1' } });
    expect(res.json.data.modelResponse).toContain('resume.pdf');
    expect(await chosen(await pageOf(sessionId, windowId))).toEqual({
      input: 'document',
      name: 'resume.pdf',
      size: bytes.length,
      sha256: sha256(bytes),
      events: ['input:document', 'change:document'],
    });
  });

  it('places an uploaded file that was never pushed, and finds a session file by name', async () => {
    const bytes = randomBytes(300);
    const { id } = await upload(bytes, { fileName: 'later.txt' });
    const first = await openWindow(sessionId, '/files/one-input.html');
    expect((await fileInput(first, { fileId: id })).json.meta.status).toBe('success');
    expect((await chosen(await pageOf(sessionId, first))).sha256).toBe(sha256(bytes));
    const second = await openWindow(sessionId, '/files/one-input.html');
    expect((await fileInput(second, { fileName: 'later.txt' })).json.meta.status).toBe('success');
    expect((await chosen(await pageOf(sessionId, second))).name).toBe('later.txt');
  });

  it('uses a hidden input unless includeHiddenElements is false', async () => {
    const { id } = await upload(Buffer.from('hidden'), { fileName: 'hidden.txt' });
    const windowId = await openWindow(sessionId, '/files/hidden-input.html');
    const refused = await fileInput(windowId, { fileId: id, includeHiddenElements: false });
    expect(refused.json.meta.status).toBe('failure');
    expect(refused.json.errors[0]).toMatchObject({ code: 'file_input_not_found' });
    expect(refused.json.errors[0].message).toMatch(/1 hidden file input/);
    expect((await fileInput(windowId, { fileId: id })).json.meta.status).toBe('success');
    expect((await chosen(await pageOf(sessionId, windowId))).input).toBe('attachment');
  });

  it('among several inputs, uses the one a description names and otherwise lists them', async () => {
    const { id } = await upload(Buffer.from('letter'), { fileName: 'letter.txt' });
    const windowId = await openWindow(sessionId, '/files/several-inputs.html');
    const unsaid = await fileInput(windowId, { fileId: id });
    expect(unsaid.json.meta.status).toBe('failure');
    expect(unsaid.json.errors[0].code).toBe('file_input_ambiguous');
    expect(unsaid.json.errors[0].message).toMatch(/3 file inputs.*Resume.*Cover letter.*Profile photo/);
    expect(
      (await fileInput(windowId, { fileId: id, elementDescription: 'the upload field' })).json.errors[0].code,
    ).toBe('file_input_ambiguous');

    const named = await fileInput(windowId, { fileId: id, elementDescription: 'the cover letter upload box' });
    expect(named.json.meta.status).toBe('success');
    expect(named.json.data.modelResponse).toMatch(/names only that one/);
    expect((await chosen(await pageOf(sessionId, windowId))).input).toBe('cover');
  });

  it('among inputs with no names of their own, resolves a description by their place: section heading, order', async () => {
    const { id } = await upload(Buffer.from('bill'), { fileName: 'bill.txt' });
    const windowId = await openWindow(sessionId, '/files/sections.html');
    const bySection = await fileInput(windowId, {
      fileId: id,
      elementDescription: 'the upload under Proof of address',
    });
    expect(bySection.json.meta.status, JSON.stringify(bySection.json)).toBe('success');
    expect(bySection.json.data.modelResponse).toMatch(
      /chosen as the one of the page's file inputs that "the upload under Proof of address" describes/,
    );
    expect((await chosen(await pageOf(sessionId, windowId))).input).toBe('doc2');

    // The page writes its result when its change handler has read the file: clear the previous one first.
    await (await pageOf(sessionId, windowId)).$eval('#result', (el) => (el.textContent = ''));
    const byOrder = await fileInput(windowId, { fileId: id, elementDescription: 'the third file input' });
    expect(byOrder.json.meta.status, JSON.stringify(byOrder.json)).toBe('success');
    expect((await chosen(await pageOf(sessionId, windowId))).input).toBe('doc3');

    const vague = await fileInput(windowId, { fileId: id, elementDescription: 'the upload field' });
    expect(vague.json.meta.status).toBe('failure');
    expect(vague.json.errors[0].code).toBe('file_input_ambiguous');
  });

  it('fails with file_not_found for an unknown file id or name, and says when the page has no file input', async () => {
    const windowId = await openWindow(sessionId, '/files/one-input.html');
    for (const body of [{ fileId: 'no-such-file' }, { fileName: 'no-such-name.txt' }]) {
      const res = await fileInput(windowId, body);
      expect(res.statusCode).toBe(201);
      expect(res.json.meta.status).toBe('failure');
      expect(res.json.errors[0].code).toBe('file_not_found');
    }
    const { id } = await upload(Buffer.from('x'), { fileName: 'x.txt' });
    const bare = await openWindow(sessionId, '/index.html');
    expect((await fileInput(bare, { fileId: id })).json.errors[0]).toMatchObject({
      code: 'file_input_not_found',
      message: 'the page has no file input',
    });
  });
});

describe('browser downloads', () => {
  it('stores a download as a browser_download file of the session, told by file_status uploading then available', async () => {
    const session = await createRunningSession(svc);
    const windowId = await openWindow(session.id, '/files/download.html?name=report.bin&bytes=6000');
    const stream = readEvents(
      `${svc.url}/v1/sessions/${session.id}/events?all=true`,
      svc.auth,
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

  it('stops a download that grows past the largest file a session may keep, instead of filling the disk first', async () => {
    const session = await createRunningSession(svc);
    const failed = readEvents(
      `${svc.url}/v1/sessions/${session.id}/events?all=true`,
      svc.auth,
      (e) => e.event === 'file_status' && e.status === 'upload_failed',
      120_000,
    );
    // Sent without a Content-Length, as a page streaming without end sends it: only the bytes received tell.
    const url = `${fixtures.url}/download/endless.bin?stream=1&bytes=${4 * MAX_FILE_BYTES}`;
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
      sessionId = (await createRunningSession(svc)).id;
    });
    afterAll(() => call('DELETE', `/v1/sessions/${sessionId}`));
    const availableFile = (fileName: string) =>
      readEvents(
        `${svc.url}/v1/sessions/${sessionId}/events?all=true`,
        svc.auth,
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
        url: `${fixtures.url}/download/invoice.bin?bytes=4000`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json.data).toEqual({ success: true });
      expect(res.json.errors).toBeUndefined();
      expect(res.json.warnings).toEqual([
        expect.objectContaining({
          code: 'download_started',
          details: { fileName: 'invoice.bin', url: `${fixtures.url}/download/invoice.bin?bytes=4000` },
        }),
      ]);
      const available = (await arrived).filter((e) => e.event === 'file_status' && e.fileName === 'invoice.bin');
      expect(available.map((e) => e.status)).toEqual(['uploading', 'available']);
      expect(await listedWindow(windowId)).toMatchObject({ url: `${fixtures.url}/index.html`, title: 'Fixture Index' });
    });

    it('opens a window on a file the browser cannot show (no attachment header): created, still blank, download said', async () => {
      const arrived = availableFile('export.dat');
      const res = await call('POST', `/v1/sessions/${sessionId}/windows`, {
        url: `${fixtures.url}/windows/export.dat`,
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
        url: `${fixtures.url}/status/204`,
      });
      expect(res.json.data).toEqual({ success: false });
      expect(res.json.errors).toEqual([
        expect.objectContaining({ code: 'navigation_failed', reason: 'net::ERR_ABORTED' }),
      ]);
      expect(res.json.warnings).toBeUndefined();
      expect(await listedWindow(windowId)).toMatchObject({ url: `${fixtures.url}/index.html` });
    });
  });
});
