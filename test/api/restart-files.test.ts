/**
 * Signed file URLs outlive a restart of the local service: the embedded S3 comes back on the port the URLs name,
 * so an upload link handed out before the restart still takes the file, and a download link still serves it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';

const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-restart-files-'));
let svc: TestService | undefined;
afterAll(async () => {
  await svc?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('file URLs across a restart', { timeout: 120_000 }, () => {
  it('accepts an upload on a link made before the restart, and serves it on a download link made before the next', async () => {
    svc = await startTestService({ dataDir });
    const created = await svc.app.inject({
      method: 'POST',
      path: '/v1/files',
      headers: svc.auth,
      body: { fileName: 'kept.txt', fileType: 'customer_upload' },
    });
    expect(created.statusCode).toBe(200);
    const { id, uploadUrl } = created.json.data as { id: string; uploadUrl: string };
    const { key, auth } = svc;
    await svc.stop();

    svc = await startTestService({ dataDir, apiKey: key });
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: 'still here',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.status).toBe(200);
    const file = await svc.app.inject({ method: 'GET', path: `/v1/files/${id}`, headers: auth });
    expect(file.json.data.status).toBe('available');
    const { downloadUrl } = file.json.data as { downloadUrl: string };
    await svc.stop();

    svc = await startTestService({ dataDir, apiKey: key });
    expect(await (await fetch(downloadUrl)).text()).toBe('still here');
  });
});
