/**
 * Session recording on real Chromium: a session created with `record: true` is recorded in every window (opened
 * before or after, through every navigation) and, once terminated, has one `recording` file: announced by
 * `file_status` events, downloadable without the API key, holding rrweb full snapshots and the clicks and typing.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayPage } from '../../bin/replay.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, readEvents, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1, hostCapacity: 4 }), startFixtureServer()]);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

type Auth = { authorization: string };
const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, auth: Auth = svc.auth) =>
  svc.app.inject({ method, path, headers: auth, body });

/** rrweb event types and incremental sources this test looks for. */
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const META = 4;
const MOUSE_INTERACTION = 2;
const INPUT = 5;

interface RecordingFile {
  format: string;
  sessionId: string;
  truncated: boolean;
  windows: {
    windowId: string;
    startedAt: string;
    pages: { url: string; at: string }[];
    events: { type: number; timestamp: number; data: any }[];
  }[];
}

const openWindow = async (sessionId: string, path: string): Promise<{ windowId: string; page: Page }> => {
  const res = await call('POST', `/v1/sessions/${sessionId}/windows`, { url: `${fixtures.url}${path}` });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  return { windowId: res.json.data.windowId, page: await browser.page(res.json.data.windowId) };
};

const recordingFiles = async (sessionId: string) => {
  const res = await call('GET', `/v1/files?sessionIds=${sessionId}`);
  expect(res.statusCode).toBe(200);
  return (res.json.data.files ?? []).filter((file: { fileType: string }) => file.fileType === 'recording') as {
    id: string;
    status: string;
    fileBytes: number;
  }[];
};

describe('session recording', () => {
  it('stores every window of a recorded session as one recording file when it ends', async () => {
    const { id, created } = await createRunningSession(svc, svc.auth, { record: true });
    expect((created.warnings ?? []).map((w: { code: string }) => w.code)).not.toContain('recording_not_supported');

    const first = await openWindow(id, '/form.html');
    await first.page.waitForSelector('#name');
    await first.page.click('#name');
    await first.page.type('#name', 'Ada Lovelace');
    await first.page.click('#submit');
    await first.page.waitForFunction(() => document.getElementById('result')?.textContent === 'Hello, Ada Lovelace');
    // A navigation in the same window starts a new document, recorded as well.
    await Promise.all([first.page.waitForNavigation(), first.page.click('#home-link')]);
    // A window opened later is recorded from its first document.
    const second = await openWindow(id, '/login/index.html');
    await second.page.waitForSelector('body[data-ready="true"]');
    await second.page.type('#user', 'grace');
    // Ended right after the last keystroke: the service takes in what the pages sent before it closes the browser.

    expect(await recordingFiles(id)).toEqual([]);
    const terminated = await call('DELETE', `/v1/sessions/${id}`);
    expect(terminated.statusCode).toBe(200);

    const files = await waitFor(
      () => recordingFiles(id),
      (found) => found.length === 1 && found[0].status === 'available',
      15_000,
    );
    expect(files).toHaveLength(1);
    expect(files[0].fileBytes).toBeGreaterThan(1000);

    // Stored when the browser has closed, so after the session's final status: a replay (`all=true`) has them.
    const events = await readEvents(
      `${svc.url}/v1/sessions/${id}/events?all=true`,
      svc.auth,
      (event) => event.event === 'file_status' && event.status === 'available',
    );
    const statuses = events.filter((event) => event.event === 'file_status' && event.fileId === files[0].id);
    expect(statuses.map((event) => event.status)).toEqual(['uploading', 'available']);
    const downloadUrl = statuses[1].downloadUrl as string;
    expect(downloadUrl).toMatch(/^http/);

    // The download URL works without the API key.
    const download = await fetch(downloadUrl);
    expect(download.status).toBe(200);
    const recording = (await download.json()) as RecordingFile;
    expect(recording).toMatchObject({ format: 'sessionhost-recording', sessionId: id, truncated: false });

    const byWindow = new Map(recording.windows.map((window) => [window.windowId, window]));
    const formWindow = byWindow.get(first.windowId)!;
    const loginWindow = byWindow.get(second.windowId)!;
    expect(formWindow).toBeDefined();
    expect(loginWindow).toBeDefined();

    expect(formWindow.pages.map((page) => new URL(page.url).pathname)).toEqual(['/form.html', '/index.html']);
    expect(formWindow.events.filter((event) => event.type === META)).toHaveLength(2);
    expect(formWindow.events.filter((event) => event.type === FULL_SNAPSHOT)).toHaveLength(2);
    const incremental = formWindow.events.filter((event) => event.type === INCREMENTAL);
    expect(incremental.some((event) => event.data.source === MOUSE_INTERACTION)).toBe(true);
    const typed = incremental.filter((event) => event.data.source === INPUT).map((event) => event.data.text);
    expect(typed).toContain('Ada Lovelace');
    // Timestamps are real and in order.
    const stamps = formWindow.events.map((event) => event.timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(Math.abs(stamps[0] - Date.now())).toBeLessThan(120_000);

    expect(loginWindow.pages.map((page) => new URL(page.url).pathname)).toEqual(['/login/index.html']);
    expect(loginWindow.events.some((event) => event.type === FULL_SNAPSHOT)).toBe(true);
    expect(
      loginWindow.events.some(
        (event) => event.type === INCREMENTAL && event.data.source === INPUT && event.data.text === 'grace',
      ),
    ).toBe(true);

    // The replay page rebuilds the recorded form in its player.
    const { id: viewer } = await createRunningSession(svc);
    const player = await openWindow(viewer, '/index.html');
    const errors: string[] = [];
    player.page.on('pageerror', (error) => errors.push(String(error)));
    await player.page.setContent(replayPage(recording as Parameters<typeof replayPage>[0]));
    await player.page.waitForSelector('.rr-player .replayer-wrapper iframe', { timeout: 10_000 });
    const frame = await (await player.page.$('.replayer-wrapper iframe'))!.contentFrame();
    await frame.waitForSelector('#name', { timeout: 10_000 });
    expect(await player.page.$$eval('#window option', (options) => options.length)).toBe(2);
    expect(errors).toEqual([]);
    await call('DELETE', `/v1/sessions/${viewer}`);
  });

  it('records the windows a page opens itself, by script and by link', async () => {
    const { id } = await createRunningSession(svc, svc.auth, { record: true });
    const opener = await openWindow(id, '/recording/opener.html');
    await opener.page.click('#open-script');
    // A full Chromium, like Chrome, shows the opened window's tab and hides the opener's, which then paints no frames:
    // a click there waits for one. Back to the opener's tab, as a person clicking its second link would.
    await opener.page.bringToFront();
    await opener.page.click('#open-link');

    // Both windows appear in the session's window list, each on its own page.
    const byPath = await waitFor(
      async () => {
        const res = await call('GET', `/v1/sessions/${id}/windows`);
        const windows = (res.json.data.windows ?? []) as { windowId: string; url?: string }[];
        return new Map(
          windows.filter((w) => w.url?.startsWith('http')).map((w) => [new URL(w.url!).pathname, w.windowId]),
        );
      },
      (found) => found.has('/recording/popup-script.html') && found.has('/recording/popup-link.html'),
    );
    const browser = (await svc.deps.fleet.open(id)) as unknown as { page(id: string): Promise<Page> };
    const popups = { '/recording/popup-script.html': 'by script', '/recording/popup-link.html': 'by link' };
    for (const [path, note] of Object.entries(popups)) {
      const page = await browser.page(byPath.get(path)!);
      await page.waitForSelector('#note');
      await page.type('#note', note);
    }

    expect((await call('DELETE', `/v1/sessions/${id}`)).statusCode).toBe(200);
    const files = await waitFor(
      () => recordingFiles(id),
      (found) => found.length === 1 && found[0].status === 'available',
      15_000,
    );
    const download = await call('GET', `/v1/files/${files[0].id}`);
    const recording = (await (await fetch(download.json.data.downloadUrl as string)).json()) as RecordingFile;

    const byWindow = new Map(recording.windows.map((window) => [window.windowId, window]));
    expect(byWindow.get(opener.windowId)?.pages.map((page) => new URL(page.url).pathname)).toEqual([
      '/recording/opener.html',
    ]);
    for (const [path, note] of Object.entries(popups)) {
      const popup = byWindow.get(byPath.get(path)!);
      expect(popup, `the window opened ${note}`).toBeDefined();
      // Its own page, from its first document: the empty one a new window starts on is not recorded.
      expect(popup!.pages.map((page) => new URL(page.url).pathname)).toEqual([path]);
      expect(popup!.events.filter((event) => event.type === FULL_SNAPSHOT)).toHaveLength(1);
      const typed = popup!.events
        .filter((event) => event.type === INCREMENTAL && event.data.source === INPUT)
        .map((event) => event.data.text);
      expect(typed).toContain(note);
    }
  });

  it('records nothing for a session that did not ask', async () => {
    const { id } = await createRunningSession(svc);
    const window = await openWindow(id, '/form.html');
    await window.page.type('#name', 'not recorded');
    const recorder = await window.page.evaluate(() =>
      Object.keys(window).filter((key) => key.startsWith('__sessionhost')),
    );
    expect(recorder).toEqual([]);
    await call('DELETE', `/v1/sessions/${id}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await recordingFiles(id)).toEqual([]);
  });

  it('leaves no recorder handle on the page it records', async () => {
    const { id } = await createRunningSession(svc, svc.auth, { record: true });
    const window = await openWindow(id, '/form.html');
    const visible = await window.page.evaluate(() =>
      Object.keys(window).filter((key) => key.startsWith('__sessionhostRecord') || key === 'rrwebRecord'),
    );
    expect(visible).toEqual([]);
    await call('DELETE', `/v1/sessions/${id}`);
  });
});
