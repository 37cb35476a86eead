/**
 * The console in real Chromium against the running local service: sign in with the API key, find the live session
 * in the list, open it and watch its window through the live view, follow its events, then replay its recording
 * once it ended. Screenshots at 1280×720 and on a phone viewport are written under the test's tmp folder (and,
 * when CONSOLE_SHOTS_DIR is set, copied there for review). Every request the console makes goes to the service,
 * its blob store or the recorded page's own server: nothing else.
 */
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/build-site.mjs';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';
import { launchViewerBrowser, type ViewerBrowser } from '../support/viewer-browser.js';

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

let dir: string;
let shots: string;
let svc: TestService;
let fixtures: FixtureServer;
let viewer: ViewerBrowser;
let page: Page;
const foreignRequests: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'console-'));
  shots = join(dir, 'shots');
  await mkdir(shots, { recursive: true });
  const siteDir = await buildSite(join(dir, 'site'));
  [svc, fixtures, viewer] = await Promise.all([
    startTestService({ warmPoolSize: 1, hostCapacity: 4 }, { siteDir }),
    startFixtureServer(),
    launchViewerBrowser(),
  ]);
  page = await viewer.browser.newPage();
  const allowed = [new URL(svc.url).origin, new URL(svc.deps.config.s3Endpoint!).origin, new URL(fixtures.url).origin];
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob|about):/.test(url)) return;
    if (!allowed.includes(new URL(url).origin)) foreignRequests.push(url);
  });
});
afterAll(async () => {
  await viewer?.close();
  await svc?.stop();
  await fixtures?.close();
  if (process.env.CONSOLE_SHOTS_DIR && shots) {
    await mkdir(process.env.CONSOLE_SHOTS_DIR, { recursive: true });
    for (const name of await readdir(shots).catch(() => []))
      await copyFile(join(shots, name), join(process.env.CONSOLE_SHOTS_DIR, name));
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

const shot = (name: string, fullPage = false) =>
  page.screenshot({ path: join(shots, `${name}.png`) as `${string}.png`, fullPage });
const text = (selector: string) => page.$eval(selector, (element) => element.textContent ?? '');
/** The event lines listed once the stream has sent the past events and the present status. */
const eventLines = async (until = 'new ones appear as they happen') => {
  await page.waitForFunction(
    (wanted) => document.querySelector('#events-heading + p')?.textContent?.includes(wanted),
    {},
    until,
  );
  return page.$$eval('.events li', (items) => items.map((item) => item.textContent ?? ''));
};
/** The session's status is shown once, as its status; only stored events are listed, each once. */
const expectStatusNotListedAsEvent = async (status: string, until?: string) => {
  const lines = await eventLines(until);
  expect(await text('.session-status')).toBe(status);
  expect(
    lines.filter((line) => /status=running\b/.test(line)),
    lines.join('\n'),
  ).toHaveLength(1);
  return lines;
};

describe('the console', () => {
  it('signs in, shows the live session, watches its window live, and replays its recording', async () => {
    const { id: sessionId } = await createRunningSession(svc, svc.auth, { record: true });
    const opened = await svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${sessionId}/windows`,
      headers: svc.auth,
      body: { url: `${fixtures.url}/form.html` },
    });
    expect(opened.statusCode, JSON.stringify(opened.json)).toBe(201);

    // Sign in: the key field has focus, a wrong key is refused in words, the right one lands on the sessions list.
    await page.setViewport(DESKTOP);
    await page.goto(`${svc.url}/console`);
    await page.waitForSelector('#api-key');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('api-key');
    // Signed out, the sections are not offered.
    expect(await page.$eval('#nav', (nav) => getComputedStyle(nav).display)).toBe('none');
    await page.keyboard.type('not-a-key');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.message-error');
    expect(await text('.message-error')).toContain('not accepted');
    await shot('01-sign-in-refused-1280');
    await page.$eval('#api-key', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('#api-key', svc.key);
    await page.keyboard.press('Enter');
    const link = `a[href="#/sessions/${sessionId}"]`;
    await page.waitForSelector(link);
    expect(page.url()).not.toContain(svc.key);
    expect(await page.$eval('#nav', (nav) => getComputedStyle(nav).display)).not.toBe('none');
    expect(await page.evaluate(() => Object.values(sessionStorage))).toContain(svc.key);
    const row = await page.$eval(link, (a) => [...a.closest('tr')!.querySelectorAll('td')].map((td) => td.textContent));
    expect(row[1]).toBe('running');
    const windows = await svc.app.inject({
      method: 'GET',
      path: `/v1/sessions/${sessionId}/windows`,
      headers: svc.auth,
    });
    expect(row[3]).toBe(String(windows.json.data.windows.length));
    await shot('02-sessions-1280');

    // By keyboard: focus the session's link and press Enter.
    await page.focus(link);
    await page.keyboard.press('Enter');
    const windowId: string = opened.json.data.windowId;
    await page.waitForSelector(`::-p-text(${windowId})`);
    // Each window is named by its page's title and address; the blank window every session starts with comes last.
    const listed = await page.$$eval('.windows li', (items) =>
      items.map((item) => ({
        title: item.querySelector('.window-title')?.textContent,
        url: item.querySelector('.window-url')?.textContent,
        button: item.querySelector('button')?.getAttribute('aria-label'),
        text: item.textContent ?? '',
      })),
    );
    expect(listed.length).toBe(windows.json.data.windows.length);
    expect(listed[0]).toMatchObject({
      title: 'Fixture Form',
      url: `${fixtures.url}/form.html`,
      button: 'Watch live: Fixture Form',
    });
    expect(listed[0]!.text).toContain(windowId);
    for (const other of listed.slice(1)) expect(other).toMatchObject({ title: 'Blank page', url: 'about:blank' });
    const firstLines = await expectStatusNotListedAsEvent('running');
    await shot('03-session-1280', true);
    await page.$$eval(
      '.windows li',
      (items, wanted) =>
        (
          items.find((item) => item.textContent?.includes(wanted))!.querySelector('button') as HTMLButtonElement
        ).focus(),
      windowId,
    );
    await page.keyboard.press('Enter');
    const frameHandle = await page.waitForSelector('iframe.live-view');
    const frame = (await frameHandle!.contentFrame())!;
    // The live view shows its first frame: the status line clears and the canvas has the window's size.
    await frame.waitForFunction(
      () =>
        document.getElementById('status')?.textContent === '' &&
        (document.getElementById('screen') as HTMLCanvasElement).width > 100,
      { timeout: 30_000 },
    );
    expect(await frame.$eval('#address', (input) => (input as HTMLInputElement).value)).toContain('/form.html');
    expect(await text('.watching')).toBe('Watching Fixture Form');
    await shot('03-session-live-1280', true);

    // A mobile viewport reloads the page (the key survives in session storage); the window is opened again.
    await page.setViewport(PHONE);
    await page.waitForSelector(`::-p-text(${windowId})`);
    // Opened again, the page lists the same events: reading the current status added none.
    expect(await expectStatusNotListedAsEvent('running')).toEqual(firstLines);
    await page.$$eval(
      '.windows li',
      (items, wanted) =>
        (
          items.find((item) => item.textContent?.includes(wanted))!.querySelector('button') as HTMLButtonElement
        ).click(),
      windowId,
    );
    const phoneFrame = (await (await page.waitForSelector('iframe.live-view'))!.contentFrame())!;
    await phoneFrame.waitForFunction(
      () =>
        document.getElementById('status')?.textContent === '' &&
        (document.getElementById('screen') as HTMLCanvasElement).width > 100,
      { timeout: 30_000 },
    );
    await shot('04-session-live-phone', true);
    await page.goto(`${svc.url}/console/#/sessions`);
    await page.waitForSelector(link);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the page itself does not scroll sideways on a phone').toBeLessThanOrEqual(0);
    await shot('05-sessions-phone');

    // The session ends; its recording is stored and replays in the console.
    expect(
      (await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${sessionId}`, headers: svc.auth })).statusCode,
    ).toBe(200);
    const files = await waitFor(
      () => svc.app.inject({ method: 'GET', path: `/v1/files?sessionIds=${sessionId}`, headers: svc.auth }),
      (res) =>
        (res.json.data.files ?? []).some(
          (file: { fileType: string; status: string }) => file.fileType === 'recording' && file.status === 'available',
        ),
      60_000,
    );
    const recording = files.json.data.files.find((file: { fileType: string }) => file.fileType === 'recording');
    await page.setViewport(DESKTOP);
    await page.goto(`${svc.url}/console/#/sessions/${sessionId}`);
    const replayLink = await page.waitForSelector(`a[href="#/recordings/${recording.id}"]`);
    // Ended, its final status is shown as its status and listed once, as the stored event it is.
    const ended = (await svc.app.inject({ method: 'GET', path: `/v1/sessions/${sessionId}`, headers: svc.auth })).json
      .data.status;
    const endedLines = await expectStatusNotListedAsEvent(ended, 'The event stream ended.');
    expect(endedLines.filter((line) => line.includes(`status=${ended}`))).toHaveLength(1);
    await shot('06-session-ended-1280');
    await replayLink!.click();
    await page.waitForSelector('.rr-player .replayer-wrapper iframe');
    // The replayed page is the recorded one: its form field is rebuilt inside the player.
    await page.waitForFunction(
      () =>
        Boolean(
          (
            document.querySelector('.replayer-wrapper iframe') as HTMLIFrameElement | null
          )?.contentDocument?.querySelector('#name'),
        ),
      { timeout: 30_000 },
    );
    await shot('07-replay-1280');
    await page.setViewport(PHONE);
    await page.reload();
    await page.waitForSelector('.rr-player .replayer-wrapper iframe');
    await shot('08-replay-phone');

    for (const [path, heading] of [
      ['files', 'Files'],
      ['requests', 'Async requests'],
      ['usage', 'Credits'],
      ['automations', 'Automations'],
    ]) {
      await page.setViewport(DESKTOP);
      await page.goto(`${svc.url}/console/#/${path}`);
      await page.waitForFunction(
        (expected) => document.querySelector('h1')?.textContent === expected && !document.querySelector('.loading'),
        {},
        heading,
      );
      expect(await page.$('.message-error'), path).toBeNull();
      await shot(`09-${path}-1280`);
    }
    expect(foreignRequests).toEqual([]);
  }, 240_000);
});
