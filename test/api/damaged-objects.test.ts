/**
 * Start-up on a data dir whose embedded S3 holds damaged objects (metadata that does not parse, a name too long for
 * the files the store keeps beside it, as an earlier version could leave) moves them aside under `quarantine/` and
 * reports them; the service starts and serves everything else, a listing of the bucket included.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';

const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-damaged-'));
let svc: TestService | undefined;
afterAll(async () => {
  await svc?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = async (service: TestService, fileName: string, body: string) => {
  const created = await service.app.inject({
    method: 'POST',
    path: '/v1/files',
    headers: service.auth,
    body: { fileName },
  });
  expect((await fetch(created.json.data.uploadUrl, { method: 'PUT', body })).status).toBe(200);
  const got = await service.app.inject({
    method: 'GET',
    path: `/v1/files/${created.json.data.id}`,
    headers: service.auth,
  });
  expect(got.json.data.status).toBe('available');
  return created.json.data.id as string;
};

describe('start-up with damaged objects', { timeout: 120_000 }, () => {
  it('quarantines them, says so, and serves the rest', async () => {
    svc = await startTestService({ dataDir });
    const good = await upload(svc, 'good.txt', 'good bytes');
    const broken = await upload(svc, 'broken.txt', 'broken bytes');
    const { key, auth } = svc;
    const bucketDir = join(dataDir, 's3', svc.deps.config.bucketName);
    const orgId = (await svc.app.inject({ method: 'GET', path: `/v1/files/${good}`, headers: auth })).json.data
      .orgId as string;
    await svc.stop();

    // Metadata that does not parse, and an object named as a long file name once made it (no room for its .md5).
    await writeFile(join(bucketDir, 'files', orgId, `${broken}._S3rver_metadata.json`), '{"content-type": ');
    const longName = join(bucketDir, 'files', orgId, 'legacy-id', `${'n'.repeat(240)}._S3rver_object`);
    await mkdir(dirname(longName), { recursive: true });
    await writeFile(longName, 'left by an overlong name');

    svc = await startTestService({ dataDir, apiKey: key });
    const quarantined = svc.embeddedStores!.quarantined.map((entry) => entry.object).sort();
    expect(quarantined).toEqual(
      [
        `${svc.deps.config.bucketName}/files/${orgId}/${broken}`,
        `${svc.deps.config.bucketName}/files/${orgId}/legacy-id/${'n'.repeat(240)}`,
      ].sort(),
    );
    const [moment] = await readdir(join(dataDir, 'quarantine'));
    expect(moment).toBeDefined();

    const kept = await svc.app.inject({ method: 'GET', path: `/v1/files/${good}`, headers: auth });
    expect(await (await fetch(kept.json.data.downloadUrl)).text()).toBe('good bytes');
    // The damaged one answers as a file whose bytes are gone, not as a server error.
    const lost = await svc.app.inject({ method: 'GET', path: `/v1/files/${broken}`, headers: auth });
    expect(lost.statusCode).toBe(200);
    expect((await fetch(lost.json.data.downloadUrl)).status).toBe(404);
    // A listing of the whole prefix (what removing an org's files does) no longer trips over them.
    expect(await svc.deps.blobs.deletePrefix(`files/${orgId}/`)).toBe(1);
  });
});
