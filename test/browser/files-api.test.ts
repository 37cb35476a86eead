/**
 * The files API through the test service (test/support/files-bed.ts): uploads by pre-signed URL, reading, listing
 * and deleting, keeping files to their org, client-chosen ids, and uploads refused for their size or their age.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fileKeys, MAX_FILE_BYTES } from '../../functions/core/files/model.js';
import { call, myOrg, sha256, upload, useFilesBed } from '../support/files-bed.js';
import { createRunningSession } from '../support/session-client.js';

const bed = useFilesBed();

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
    const org = await bed.svc.newOrg('files-list');
    const [a, b] = await Promise.all([
      createRunningSession(bed.svc, org.auth),
      createRunningSession(bed.svc, org.auth),
    ]);
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
    const { blobKey } = (await bed.svc.deps.records.get<{ blobKey: string } & { pk: string; sk: string }>(
      fileKeys.file(myOrg(), id),
    ))!;
    expect((await call('DELETE', `/v1/files/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/files/${id}`)).statusCode).toBe(404);
    expect(await bed.svc.deps.blobs.head(blobKey)).toBeUndefined();
    expect((await call('DELETE', `/v1/files/${id}`)).statusCode).toBe(404);
  });

  it("keeps files to their org: another org's id is not found, not listed, not pushable", async () => {
    const { id } = await upload(Buffer.from('mine'));
    const other = await bed.svc.newOrg('files-other');
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
    const other = await bed.svc.newOrg('files-ids');
    expect((await call('POST', '/v1/files', { fileName: 'a.txt', id }, other.auth)).statusCode).toBe(200);
    const theirs = await createRunningSession(bed.svc, other.auth);
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
    const created = await call('POST', '/v1/files', { fileName: 'big.bin' });
    const { id, uploadUrl } = created.json.data as { id: string; uploadUrl: string };
    const oversize = Buffer.alloc(MAX_FILE_BYTES + 1, 1);
    // The embedded store refuses it at the PUT, naming the limit, and keeps nothing.
    const refused = await fetch(uploadUrl, { method: 'PUT', body: new Uint8Array(oversize) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/EntityTooLarge[\s\S]*over the limit of 104857600 bytes/);
    expect((await call('GET', `/v1/files/${id}`)).json.data).toMatchObject({ status: 'uploading', fileBytes: 0 });
    // S3 cannot refuse a pre-signed PUT by its size: bytes that arrived there fail the file when it is next used.
    const stored = (await bed.svc.deps.records.get<{ blobKey: string; pk: string; sk: string }>(
      fileKeys.file(myOrg(), id),
    ))!;
    await bed.svc.deps.blobs.put(stored.blobKey, oversize);
    const got = await call('GET', `/v1/files/${id}`);
    expect(got.json.data).toMatchObject({ status: 'upload_failed', downloadUrl: '' });
    expect(got.json.errors[0]).toMatchObject({ code: 'upload_failed' });
    expect(got.json.errors[0].message).toMatch(/over the limit of 104857600 bytes/);
    const { blobKey } = (await bed.svc.deps.records.get<{ blobKey: string; pk: string; sk: string }>(
      fileKeys.file(myOrg(), id),
    ))!;
    expect(await bed.svc.deps.blobs.head(blobKey)).toBeUndefined();
  });

  it('fails an upload whose URL expired with no bytes, and answers an expired file as gone, removing it', async () => {
    const created = await call('POST', '/v1/files', { fileName: 'never.bin' });
    await bed.svc.deps.records.update(fileKeys.file(myOrg(), created.json.data.id), {
      uploadUrlExpiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await call('GET', `/v1/files/${created.json.data.id}`)).json.data.status).toBe('upload_failed');

    const { id } = await upload(Buffer.from('old'));
    const key = fileKeys.file(myOrg(), id);
    const { blobKey } = (await bed.svc.deps.records.get<{ blobKey: string; pk: string; sk: string }>(key))!;
    await bed.svc.deps.records.update(key, { expiryTime: new Date(Date.now() - 1000).toISOString() });
    expect((await call('GET', `/v1/files/${id}`)).statusCode).toBe(404);
    expect(await bed.svc.deps.records.get(key)).toBeUndefined();
    expect(await bed.svc.deps.blobs.head(blobKey)).toBeUndefined();
  });
});
