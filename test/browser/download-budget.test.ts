/**
 * The session's download budget on real Chromium: downloads each under the largest file a session may keep can
 * still not fill the host's disk together, whether they run side by side or one after another.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, readEvents, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

const MIB = 1024 * 1024;
const BUDGET = 8 * MIB;

let svc: TestService;
let fixtures: FixtureServer;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([
    startTestService({ warmPoolSize: 1, hostCapacity: 3, sessionDownloadBytes: BUDGET }),
    startFixtureServer(),
  ]);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  svc.app.inject({ method, path, headers: svc.auth, body });

const download = async (sessionId: string, query: string, name: string) => {
  const url = `${fixtures.url}/download/${name}?${query}`;
  const opened = await call('POST', `/v1/sessions/${sessionId}/windows`, { url });
  expect(opened.json.warnings).toEqual([expect.objectContaining({ code: 'download_started' })]);
};

type FileEvent = { event: string; status: string; fileId: string; fileName: string };
const fileEvents = (sessionId: string, until: (e: FileEvent) => boolean) =>
  readEvents(
    `${svc.url}/v1/sessions/${sessionId}/events?all=true`,
    svc.auth,
    (e) => e.event === 'file_status' && until(e as FileEvent),
    45_000,
  ) as Promise<FileEvent[]>;

const failedFile = async (events: FileEvent[]) => {
  const failed = events.filter((e) => e.status === 'upload_failed');
  expect(failed, JSON.stringify(events)).toHaveLength(1);
  return (await call('GET', `/v1/files/${failed[0]!.fileId}`)).json;
};

const budgetReason = new RegExp(`over the session's download budget of ${BUDGET} bytes .*stopped and not kept$`);

/** Bytes of downloads in progress on the browsers' disk (every session's `downloading/` folder). */
const bytesDownloading = async (): Promise<number> => {
  const root = join(svc.dataDir, 'browsers');
  let total = 0;
  for (const entry of await readdir(root, { recursive: true })) {
    if (!/(^|\/)downloading\/[^/]+$/.test(entry)) continue;
    total += (await stat(join(root, entry)).catch(() => undefined))?.size ?? 0;
  }
  return total;
};

describe('the session download budget', () => {
  it('stops the download that takes downloads in progress side by side past the budget, and removes its bytes', async () => {
    const session = await createRunningSession(svc);
    const failed = fileEvents(session.id, (e) => e.status === 'upload_failed');
    // Each stays in progress at 5 MiB (under the 100 MiB file limit and under the budget alone); together 10 MiB.
    await download(session.id, `stream=1&hold=1&bytes=${5 * MIB}`, 'first.bin');
    await download(session.id, `stream=1&hold=1&bytes=${5 * MIB}`, 'second.bin');
    const file = await failedFile(await failed);
    expect(file.data).toMatchObject({ status: 'upload_failed', fileBytes: 0 });
    expect(file.errors[0].message).toMatch(budgetReason);

    // The other one is still under way, and the stopped one's partial file is gone from the disk.
    const files = (await call('GET', `/v1/files?sessionIds=${session.id}`)).json.data.files as {
      fileName: string;
      status: string;
    }[];
    expect(files.map((f) => f.status).sort()).toEqual(['upload_failed', 'uploading']);
    expect(await waitFor(bytesDownloading, (bytes) => bytes <= 5 * MIB, 20_000)).toBeLessThanOrEqual(5 * MIB);
    await call('DELETE', `/v1/sessions/${session.id}`);
  });

  it('counts finished downloads kept in the session, so one download after another cannot pass it either', async () => {
    const session = await createRunningSession(svc);
    const kept = fileEvents(session.id, (e) => e.status === 'available' && e.fileName === 'kept.bin');
    await download(session.id, `bytes=${5 * MIB}`, 'kept.bin');
    await kept;

    const settled = fileEvents(session.id, (e) => e.fileName === 'next.bin' && e.status !== 'uploading');
    await download(session.id, `stream=1&bytes=${5 * MIB}`, 'next.bin');
    const file = await failedFile(await settled);
    expect(file.data).toMatchObject({ fileName: 'next.bin', status: 'upload_failed', fileBytes: 0 });
    expect(file.errors[0].message).toMatch(budgetReason);
    await call('DELETE', `/v1/sessions/${session.id}`);
  });
});
