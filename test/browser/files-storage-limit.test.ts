/**
 * A browser download past its org's stored-bytes limit (MAX_STORED_BYTES_PER_ORG), on real Chromium: the file
 * ends `upload_failed` saying the limit was reached, nothing of it is stored, and the session goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKeys } from '../../functions/core/files/model.js';
import { storedBytes } from '../../functions/core/orgs/stored-bytes.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, readEvents } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

const LIMIT = 4096;

let svc: TestService;
let fixtures: FixtureServer;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([
    startTestService({ warmPoolSize: 1, hostCapacity: 2, maxStoredBytesPerOrg: LIMIT }),
    startFixtureServer(),
  ]);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  svc.app.inject({ method, path, headers: svc.auth, body });

describe('a browser download past the org’s stored-bytes limit', () => {
  it('ends upload_failed saying the limit was reached, keeps none of it, and the session goes on', async () => {
    const session = await createRunningSession(svc);
    const settled = readEvents(
      `${svc.url}/v1/sessions/${session.id}/events?all=true`,
      svc.auth,
      (e) => e.event === 'file_status' && e.status !== 'uploading',
      45_000,
    );
    const opened = await call('POST', `/v1/sessions/${session.id}/windows`, {
      url: `${fixtures.url}/download/big.bin?bytes=6000`,
    });
    expect(opened.json.warnings).toEqual([expect.objectContaining({ code: 'download_started' })]);
    const event = (await settled).at(-1) as { status: string; fileId: string; eventData: { error: string } };
    expect(event.status).toBe('upload_failed');
    expect(event.eventData.error).toMatch(
      new RegExp(
        `^the file was not kept since the organization's storage limit was reached \\(MAX_STORED_BYTES_PER_ORG = ${LIMIT} bytes\\)`,
      ),
    );

    const file = await call('GET', `/v1/files/${event.fileId}`);
    expect(file.json.data).toMatchObject({ fileName: 'big.bin', status: 'upload_failed', fileBytes: 0 });
    const orgId = file.json.data.orgId as string;
    const { blobKey } = (await svc.deps.records.get<{ pk: string; sk: string; blobKey: string }>(
      fileKeys.file(orgId, event.fileId),
    ))!;
    expect(await svc.deps.blobs.head(blobKey)).toBeUndefined();
    expect(await storedBytes(svc.deps, orgId)).toBe(0);

    expect((await call('GET', `/v1/sessions/${session.id}`)).json.data.status).toBe('running');
    const next = await call('POST', `/v1/sessions/${session.id}/windows`, {
      url: `${fixtures.url}/files/one-input.html`,
    });
    expect(next.statusCode).toBe(201);
    await call('DELETE', `/v1/sessions/${session.id}`);
  });
});
