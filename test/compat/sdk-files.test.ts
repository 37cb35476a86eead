/**
 * The official client, unchanged, with files: upload, push and select in a file input (its own wrapper of the
 * whole flow), download, list and delete; and the browser's downloads through its `waitForDownload` and
 * `downloadNextFile` helpers, with the download started by Puppeteer on the session's CDP URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AirtopClient } from '@airtop/sdk';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
let dir: string;
beforeAll(async () => {
  [svc, fixtures, dir] = await Promise.all([
    startTestService({ warmPoolSize: 1 }),
    startFixtureServer(),
    mkdtemp(join(tmpdir(), 'sdk-files-')),
  ]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** What the fixture server's /download route sends for `bytes=n`. */
const fixtureBytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));

/** A Puppeteer client on the session's CDP URL, on a page of the fixture server. */
const cdpPage = async (cdpWsUrl: string, path: string): Promise<{ browser: Browser; page: Page }> => {
  const browser = await puppeteer.connect({
    browserWSEndpoint: cdpWsUrl,
    headers: { Authorization: `Bearer ${svc.key}` },
  });
  const page = await browser.newPage();
  await page.goto(`${fixtures.url}${path}`);
  return { browser, page };
};

describe('official client: files', () => {
  it('uploads, pushes and selects a file in the page with uploadFileAndSelectInput, then downloads it back', async () => {
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const bytes = randomBytes(40_000);
    const path = join(dir, 'cv.pdf');
    await writeFile(path, bytes);
    const window = await client.windows.create(session.data.id, { url: `${fixtures.url}/files/one-input.html` });

    const { fileId, aiResponse } = await client.windows.uploadFileAndSelectInput(
      session.data.id,
      window.data.windowId,
      { uploadFilePath: path },
    );
    expect(aiResponse.meta.status).toBe('success');
    const { browser, page } = await cdpPage(session.data.cdpWsUrl!, '/index.html');
    try {
      const form = (await browser.pages()).find((p) => p.url().endsWith('/files/one-input.html'))!;
      await form.waitForFunction(() => document.getElementById('result')?.textContent !== '');
      expect(JSON.parse((await form.$eval('#result', (el) => el.textContent)) ?? '{}')).toMatchObject({
        name: 'cv.pdf',
        size: bytes.length,
        sha256: sha256(bytes),
      });
      await page.close();
    } finally {
      await browser.disconnect();
    }

    const file = await client.files.get(fileId);
    expect(file.data).toMatchObject({
      status: 'available',
      fileBytes: bytes.length,
      fileType: 'customer_upload',
      sessionIds: [session.data.id],
    });
    expect(file.data.uploadStartTime).toBeInstanceOf(Date);
    const back = join(dir, 'back.pdf');
    await client.files.download(fileId, back);
    expect(sha256(await readFile(back))).toBe(sha256(bytes));

    const listed = await client.files.list({ sessionIds: [session.data.id] });
    expect(listed.data.files?.map((f) => f.id)).toEqual([fileId]);
    expect(listed.data.pagination).toMatchObject({ totalItems: 1, hasMore: false });
    await client.sessions.terminate(session.data.id);
  });

  it('uploads and pushes with the plain methods, and deletes', async () => {
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const path = join(dir, 'data.csv');
    await writeFile(path, 'a,b\n1,2\n');
    const uploaded = await client.files.upload(path);
    expect(uploaded.data).toMatchObject({ status: 'available', fileBytes: 8, fileName: 'data.csv' });
    await client.files.push(uploaded.data.id, { sessionIds: [session.data.id] });
    const event = await client.sessions.waitForUploadAvailable(session.data.id, uploaded.data.id, 20);
    expect(event).toMatchObject({ event: 'file_upload_status', status: 'available', fileId: uploaded.data.id });

    await client.files.delete(uploaded.data.id);
    await expect(client.files.get(uploaded.data.id)).rejects.toMatchObject({ statusCode: 404 });
    await client.sessions.terminate(session.data.id);
  });
});

describe('official client: browser downloads', () => {
  it('waits for a download clicked through Puppeteer on the CDP URL, and fetches it without the key', async () => {
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const { browser, page } = await cdpPage(session.data.cdpWsUrl!, '/files/download.html?name=export.csv&bytes=12345');
    try {
      const waiting = client.sessions.waitForDownload(session.data.id, {}, { timeoutInSeconds: 20 });
      await page.click('#download');
      const download = await waiting;
      expect(download).not.toBeNull();
      const bytes = new Uint8Array(await (await fetch(download!.downloadUrl)).arrayBuffer());
      expect(sha256(bytes)).toBe(sha256(fixtureBytes(12345)));
      const file = await client.files.get(download!.id);
      expect(file.data).toMatchObject({
        fileName: 'export.csv',
        fileType: 'browser_download',
        status: 'available',
        fileBytes: 12345,
      });

      // The next download, fetched to disk by the client's helper (no lookback: only what comes after).
      const destination = join(dir, 'next.bin');
      const next = client.sessions.downloadNextFile(session.data.id, destination, {
        lookbackSeconds: 0,
        timeoutSeconds: 20,
      });
      await page.goto(`${fixtures.url}/files/download.html?name=second.bin&bytes=777`);
      await page.click('#download');
      await next;
      expect(sha256(await readFile(destination))).toBe(sha256(fixtureBytes(777)));
    } finally {
      await browser.disconnect();
      await client.sessions.terminate(session.data.id);
    }
  });
});
