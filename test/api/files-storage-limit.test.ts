/**
 * The per-org limit on stored bytes (MAX_STORED_BYTES_PER_ORG), through the API on the embedded stores, with a
 * limit of a few KB: uploads past it are refused or not kept, deleting gives room back, other orgs are not held up,
 * and an upload that fails or is abandoned gives back the room it held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKeys } from '../../functions/core/files/model.js';
import { changeHeld, storedBytes } from '../../functions/core/orgs/stored-bytes.js';
import { startTestService, type TestService } from '../support/service.js';

const LIMIT = 8192;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ maxStoredBytesPerOrg: LIMIT });
});
afterAll(async () => {
  await svc?.stop();
});

type Org = { orgId: string; auth: { authorization: string } };
let orgs = 0;
const newOrg = (): Promise<Org> => svc.newOrg(`storage-limit-${++orgs}`);

const call = (org: Org, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  svc.app.inject({ method, path, headers: org.auth, body });

const create = (org: Org, fields: Record<string, unknown> = {}) =>
  call(org, 'POST', '/v1/files', { fileName: 'upload.bin', ...fields });

const put = async (uploadUrl: string, bytes: number) => {
  const res = await fetch(uploadUrl, {
    method: 'PUT',
    body: new Uint8Array(Buffer.alloc(bytes, 7)),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(res.status).toBe(200);
};

/** Creates, PUTs and reads a file as the official client's upload does; answers the read. */
const upload = async (org: Org, bytes: number) => {
  const created = await create(org);
  expect(created.statusCode, JSON.stringify(created.json)).toBe(200);
  await put(created.json.data.uploadUrl, bytes);
  return call(org, 'GET', `/v1/files/${created.json.data.id}`);
};

const used = (org: Org) => storedBytes(svc.deps, org.orgId);

/** An org holding exactly its limit in two available files; answers their ids. */
const fullOrg = async (org: Org): Promise<string[]> => {
  const ids: string[] = [];
  for (const bytes of [5000, LIMIT - 5000]) {
    const got = await upload(org, bytes);
    expect(got.json.data).toMatchObject({ status: 'available', fileBytes: bytes });
    ids.push(got.json.data.id);
  }
  expect(await used(org)).toBe(LIMIT);
  return ids;
};

const expectRefused = (res: Awaited<ReturnType<typeof create>>, usedBytes: number) => {
  expect(res.statusCode, JSON.stringify(res.json)).toBe(413);
  expect(res.json).toMatchObject({ status: 413, code: 'storage_limit_reached' });
  expect(res.json.detail).toContain(`MAX_STORED_BYTES_PER_ORG = ${LIMIT} bytes`);
  expect(res.json.detail).toContain(`its stored files hold ${usedBytes} bytes`);
  expect(res.json.detail).toContain('delete files (DELETE /v1/files/{id})');
  expect(res.json.errors[0].value).toMatchObject({
    setting: 'MAX_STORED_BYTES_PER_ORG',
    limitBytes: LIMIT,
    usedBytes,
  });
};

describe('the stored-bytes limit of an org', () => {
  it('refuses a new upload with 413 naming the limit, the setting and the use once the org is full, storing nothing', async () => {
    const org = await newOrg();
    const kept = await fullOrg(org);
    expectRefused(await create(org, { id: 'one-too-many' }), LIMIT);
    expect((await call(org, 'GET', '/v1/files/one-too-many')).statusCode).toBe(404);
    const listed = await call(org, 'GET', '/v1/files');
    expect(listed.json.data.files.map((f: { id: string }) => f.id).sort()).toEqual([...kept].sort());
    expect(await used(org)).toBe(LIMIT);
  });

  it('fails an upload whose bytes do not fit, saying why, and keeps none of them', async () => {
    const org = await newOrg();
    expect((await upload(org, 6000)).json.data.status).toBe('available');
    // The upload holds the 2192 bytes left; 4000 arrive.
    const got = await upload(org, 4000);
    expect(got.json.data).toMatchObject({ status: 'upload_failed', fileBytes: 0, downloadUrl: '' });
    expect(got.json.errors[0].message).toMatch(
      /^the file was not kept since the organization's storage limit was reached \(MAX_STORED_BYTES_PER_ORG = 8192 bytes\)/,
    );
    const { blobKey } = (await svc.deps.records.get<{ pk: string; sk: string; blobKey: string }>(
      fileKeys.file(org.orgId, got.json.data.id),
    ))!;
    expect(await svc.deps.blobs.head(blobKey)).toBeUndefined();
    expect(await used(org)).toBe(6000);
  });

  it('gives a deleted file’s bytes back, so the upload refused before now succeeds', async () => {
    const org = await newOrg();
    const [, small] = await fullOrg(org);
    expectRefused(await create(org), LIMIT);
    expect((await call(org, 'DELETE', `/v1/files/${small}`)).statusCode).toBe(200);
    expect(await used(org)).toBe(5000);
    const got = await upload(org, LIMIT - 5000);
    expect(got.json.data).toMatchObject({ status: 'available', fileBytes: LIMIT - 5000 });
    expect(await used(org)).toBe(LIMIT);
  });

  it('holds up no other org while one is at its limit', async () => {
    const full = await newOrg();
    await fullOrg(full);
    const other = await newOrg();
    const got = await upload(other, 7000);
    expect(got.json.data).toMatchObject({ status: 'available', fileBytes: 7000 });
    expect(await used(other)).toBe(7000);
    expectRefused(await create(full), LIMIT);
  });

  describe('an upload that fails or is given up gives back the room it held', () => {
    it('deleted before its bytes arrive', async () => {
      const org = await newOrg();
      const created = await create(org);
      expect(await used(org)).toBe(LIMIT);
      expect((await call(org, 'DELETE', `/v1/files/${created.json.data.id}`)).statusCode).toBe(200);
      expect(await used(org)).toBe(0);
    });

    it('refused for an id already taken', async () => {
      const org = await newOrg();
      const id = `taken-${Date.now()}`;
      await put((await create(org, { id })).json.data.uploadUrl, 500);
      expect((await call(org, 'GET', `/v1/files/${id}`)).json.data.fileBytes).toBe(500);
      expect((await create(org, { id })).statusCode).toBe(409);
      expect(await used(org)).toBe(500);
    });

    it('whose upload URL expired with no bytes', async () => {
      const org = await newOrg();
      const created = await create(org);
      await svc.deps.records.update(fileKeys.file(org.orgId, created.json.data.id), {
        uploadUrlExpiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      expect((await call(org, 'GET', `/v1/files/${created.json.data.id}`)).json.data.status).toBe('upload_failed');
      expect(await used(org)).toBe(0);
    });

    it('abandoned and never read: found when the org runs out of room, so the next upload is not refused', async () => {
      const org = await newOrg();
      const abandoned = await create(org);
      await svc.deps.records.update(fileKeys.file(org.orgId, abandoned.json.data.id), {
        uploadUrlExpiresAt: new Date(Date.now() - 1000).toISOString(),
      });
      const got = await upload(org, 3000);
      expect(got.json.data).toMatchObject({ status: 'available', fileBytes: 3000 });
      expect(await used(org)).toBe(3000);
    });
  });

  it('lets writers of one org at once hold no more than the limit between them, counted exactly', async () => {
    const org = await newOrg();
    const hour = Math.ceil(Date.now() / 3_600_000) + 2;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => changeHeld(svc.deps, org.orgId, { add: { bytes: 1000, hour } })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(4).fill('storage_limit_reached'),
    );
    expect(await used(org)).toBe(8000);
  });
});
