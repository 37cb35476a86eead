/**
 * Files going into sessions on real Chromium (test/support/files-bed.ts): pushing a file onto the browser machine,
 * and the file-input operation setting it on the fixture pages' inputs, by id or name, among hidden, several or
 * unnamed inputs, and what it answers when the file or the input is not there.
 */
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, chosen, openWindow, pageOf, sha256, upload, useFilesBed } from '../support/files-bed.js';
import { createRunningSession, readEvents, waitFor } from '../support/session-client.js';

const bed = useFilesBed();

describe('pushing files into sessions', () => {
  it('places the file on the browser machine and tells file_upload_status uploading, then available', async () => {
    const session = await createRunningSession(bed.svc);
    const bytes = randomBytes(5000);
    const { id } = await upload(bytes, { fileName: 'pushed.bin' });
    const pushed = await call('POST', `/v1/files/${id}/push`, { sessionIds: [session.id] });
    expect(pushed.statusCode).toBe(200);
    const events = await readEvents(
      `${bed.svc.url}/v1/sessions/${session.id}/events?all=true`,
      bed.svc.auth,
      (e) => e.event === 'file_upload_status' && e.status === 'available',
    );
    const statuses = events.filter((e) => e.event === 'file_upload_status').map((e) => [e.status, e.fileId]);
    expect(statuses).toEqual([
      ['uploading', id],
      ['available', id],
    ]);
    const placed = await bed.svc.deps.fleet.sessionFile(session.id, 'pushed.bin');
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
    const session = await createRunningSession(bed.svc);
    const empty = await call('POST', '/v1/files', { fileName: 'empty.bin' });
    const early = await call('POST', `/v1/files/${empty.json.data.id}/push`, { sessionIds: [session.id] });
    expect(early.statusCode).toBe(409);
    expect(early.json.detail).toMatch(/PUT them to its uploadUrl/);
    await call('DELETE', `/v1/sessions/${session.id}`);
    expect((await call('POST', `/v1/files/${id}/push`, { sessionIds: [session.id] })).statusCode).toBe(409);
  });
});

describe('pushing a file to its own sessions (no sessionIds)', () => {
  it('goes to those still running and passes over the ended ones; with none running it says so (409)', async () => {
    const [ended, running] = [await createRunningSession(bed.svc), await createRunningSession(bed.svc)];
    const { id } = await upload(Buffer.from('again'), { fileName: 'again.txt' });
    expect((await call('POST', `/v1/files/${id}/push`, { sessionIds: [ended.id, running.id] })).statusCode).toBe(200);
    await call('DELETE', `/v1/sessions/${ended.id}`);
    const again = await call('POST', `/v1/files/${id}/push`, {});
    expect(again.statusCode, JSON.stringify(again.json)).toBe(200);
    expect(await bed.svc.deps.fleet.sessionFile(running.id, 'again.txt')).toBeDefined();
    await call('DELETE', `/v1/sessions/${running.id}`);
    const none = await call('POST', `/v1/files/${id}/push`, {});
    expect(none.statusCode).toBe(409);
    expect(none.json.detail).toMatch(/none of the sessions .* is running any more/);
  });
});

describe('file-input', () => {
  let sessionId: string;
  beforeAll(async () => {
    sessionId = (await createRunningSession(bed.svc)).id;
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

  it('sets a file whose name is not ASCII under its own name, in a disguised browser on a host without that locale', async () => {
    const bytes = Buffer.from('Lebenslauf');
    const { id } = await upload(bytes, { fileName: 'résumé ünï 🎉.pdf' });
    const windowId = await openWindow(sessionId, '/files/one-input.html');
    const res = await fileInput(windowId, { fileId: id });
    expect(res.json.meta.status).toBe('success');
    expect(await chosen(await pageOf(sessionId, windowId))).toMatchObject({
      name: 'résumé ünï 🎉.pdf',
      size: bytes.length,
      sha256: sha256(bytes),
    });
  });

  it('fails with file_not_set when the input holds no file afterwards (a page that clears it on change)', async () => {
    const { id } = await upload(Buffer.from('not an image'), { fileName: 'notes.txt' });
    const windowId = await openWindow(sessionId, '/files/refusing-input.html');
    const res = await fileInput(windowId, { fileId: id });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'file_not_set' });
    expect(res.json.errors[0].message).toMatch(/holds no file after "notes.txt" was set on it/);
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
      // Advice any door's caller can follow: an MCP agent has the fileId, not the push route.
      if ('fileName' in body) expect(res.json.errors[0].message).toContain("give an uploaded file's fileId instead");
    }
    const { id } = await upload(Buffer.from('x'), { fileName: 'x.txt' });
    const bare = await openWindow(sessionId, '/index.html');
    expect((await fileInput(bare, { fileId: id })).json.errors[0]).toMatchObject({
      code: 'file_input_not_found',
      message: 'the page has no file input',
    });
  });
});
