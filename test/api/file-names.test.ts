/**
 * A file name of any length the schema accepts uploads and downloads through the embedded S3, and the download
 * still carries the name: objects are stored under ids, so a long name can no longer overflow the store's file
 * names (which once answered 500, or killed the store thread for every org).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
});

/** Creates, uploads and downloads one file; returns what a client sees. */
const roundTrip = async (fileName: string) => {
  const created = await svc.app.inject({ method: 'POST', path: '/v1/files', headers: svc.auth, body: { fileName } });
  expect(created.statusCode, `create ${fileName.length}`).toBe(200);
  const { id, uploadUrl } = created.json.data as { id: string; uploadUrl: string };
  const body = `bytes of a ${fileName.length}-character name`;
  const put = await fetch(uploadUrl, { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } });
  expect(put.status, `upload ${fileName.length}: ${await put.text()}`).toBe(200);
  const got = await svc.app.inject({ method: 'GET', path: `/v1/files/${id}`, headers: svc.auth });
  expect(got.statusCode).toBe(200);
  expect(got.json.data.status).toBe('available');
  expect(got.json.data.fileName).toBe(fileName);
  const download = await fetch(got.json.data.downloadUrl as string);
  expect(download.status).toBe(200);
  return { body: await download.text(), sent: body, disposition: download.headers.get('content-disposition') ?? '' };
};

describe('file names of every accepted length', { timeout: 300_000 }, () => {
  it('upload and download at each length from 1 to 255 characters, the name in the download', async () => {
    const lengths = Array.from({ length: 255 }, (_, i) => i + 1);
    // A few at a time: the point is every length, not load.
    for (let start = 0; start < lengths.length; start += 8) {
      await Promise.all(
        lengths.slice(start, start + 8).map(async (length) => {
          const name = length > 4 ? `${'n'.repeat(length - 4)}.txt` : 'n'.repeat(length);
          const { body, sent, disposition } = await roundTrip(name);
          expect(body).toBe(sent);
          expect(disposition).toContain(`filename="${name}"`);
        }),
      );
    }
    expect((await svc.app.inject({ method: 'GET', path: '/v1/files', headers: svc.auth })).statusCode).toBe(200);
  });

  it('takes 255 characters of a multi-byte script (765 bytes in UTF-8)', async () => {
    const name = `${'文'.repeat(251)}.txt`;
    const { body, sent, disposition } = await roundTrip(name);
    expect(body).toBe(sent);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
  });

  it('keeps right-to-left and zero-width characters of a name as they are', async () => {
    const name = '\u202egnp.exe\u200b.txt';
    const { body, sent, disposition } = await roundTrip(name);
    expect(body).toBe(sent);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
  });

  it("refuses a name holding half of a UTF-16 pair with a 422 naming fileName; the org's files still list", async () => {
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/files',
      headers: svc.auth,
      body: '{"fileName":"a\\ud800b.txt"}',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json.errors).toEqual([expect.objectContaining({ location: 'body.fileName' })]);
    expect((await svc.app.inject({ method: 'GET', path: '/v1/files', headers: svc.auth })).statusCode).toBe(200);
  });
});
