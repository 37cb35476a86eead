/**
 * The live view on real Chromium, as a person uses it: frames, clicks and typing from the viewer, and the
 * navigation bar and messages of the page that frames it (test/support/live-view-bed.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ViewerState } from '../../functions/browser-host/live-view/page.js';
import { waitFor } from '../support/session-client.js';
import { closedPort } from '../support/ports.js';
import { viewerState } from '../support/viewer-browser.js';
import {
  clickCanvas,
  liveViewUrl,
  openEmbedded,
  openWindow,
  received,
  remotePage,
  settled,
  useLiveViewBed,
} from '../support/live-view-bed.js';

const bed = useLiveViewBed();

describe('the live view page', () => {
  it('shows frames and turns a click in the viewer into a click in the page', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId));
    const page = await remotePage(windowId);
    // The viewer fills its 800x600 frame and the window follows it.
    await settled(view, page, [800, 600]);
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([800, 600]);
    const before = (await viewerState(view)).frames;
    await clickCanvas(view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('1');
    // The button changed colour: a new frame reaches the viewer.
    await view.waitForFunction(
      (n: number) => (window as unknown as { liveViewState: ViewerState }).liveViewState.frames > n,
      { timeout: 15_000 },
      before,
    );
    await parent.close();
  });

  it('types text, named keys and pasted text into the page', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId));
    const page = await remotePage(windowId);
    await settled(view, page, [800, 600]);
    await clickCanvas(view, 0.1, 0.6 + 10 / 600);
    await waitFor(
      () => page.evaluate(() => document.activeElement?.id),
      (id) => id === 'typed',
    );
    await view.page().keyboard.type('Hello wor');
    await view.page().keyboard.press('Backspace');
    await view.page().keyboard.type('ld!');
    await waitFor(
      () => page.$eval('#typed', (el) => (el as HTMLInputElement).value),
      (v) => v === 'Hello wold!',
    );
    expect(await page.$eval('#typed', (el) => (el as HTMLInputElement).value)).toBe('Hello wold!');
    // A shortcut with a modifier: select all, then typing replaces it.
    await view.page().keyboard.down('Control');
    await view.page().keyboard.press('a');
    await view.page().keyboard.up('Control');
    await view.page().keyboard.type('X');
    await waitFor(
      () => page.$eval('#typed', (el) => (el as HTMLInputElement).value),
      (v) => v === 'X',
    );
    expect(await page.$eval('#typed', (el) => (el as HTMLInputElement).value)).toBe('X');
    // The viewer's paste event carries clipboard text; it is inserted at the caret.
    await view.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', ' pasted');
      document
        .getElementById('screen')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    });
    await waitFor(
      () => page.$eval('#typed', (el) => (el as HTMLInputElement).value),
      (v) => v === 'X pasted',
    );
    expect(await page.$eval('#typed', (el) => (el as HTMLInputElement).value)).toBe('X pasted');
    await parent.close();
  });
});

describe('the live view and its parent frame', () => {
  it('navigates from its navigation bar, and posts UrlChange to the parent', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId, { includeNavigationBar: 'true' }));
    const page = await remotePage(windowId);
    expect(await view.$eval('#nav', (el) => (el as HTMLElement).hidden)).toBe(false);
    await waitFor(
      () => view.$eval('#address', (el) => (el as HTMLInputElement).value),
      (v) => v.endsWith('/live/target.html'),
    );
    await view.click('#address', { clickCount: 3 });
    await view.page().keyboard.type(`${bed.fixtures.url}/live/other.html`);
    await view.page().keyboard.press('Enter');
    await waitFor(
      () => Promise.resolve(page.url()),
      (url) => url.endsWith('/live/other.html'),
    );
    expect(page.url()).toBe(`${bed.fixtures.url}/live/other.html`);
    await waitFor(
      () => received(parent),
      (messages) => messages.length > 0,
    );
    expect(await received(parent)).toContainEqual({
      eventName: 'UrlChange',
      payload: `${bed.fixtures.url}/live/other.html`,
    });
    // Back returns to the first page.
    await view.click('#back');
    await waitFor(
      () => Promise.resolve(page.url()),
      (url) => url.endsWith('/live/target.html'),
    );
    expect(page.url()).toBe(`${bed.fixtures.url}/live/target.html`);
    await parent.close();
  });

  it('obeys NavigateToUrl, RefreshPage and CloseWindow from the parent', async () => {
    const windowId = await openWindow('/live/target.html');
    const link = await liveViewUrl(windowId);
    const { parent } = await openEmbedded(link);
    const page = await remotePage(windowId);
    await parent.evaluate(
      (url) =>
        (window as unknown as { command(m: unknown): void }).command({ eventName: 'NavigateToUrl', payload: url }),
      `${bed.fixtures.url}/live/other.html`,
    );
    await waitFor(
      () => Promise.resolve(page.url()),
      (url) => url.endsWith('/live/other.html'),
    );
    expect(page.url()).toBe(`${bed.fixtures.url}/live/other.html`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await parent.evaluate(() =>
      (window as unknown as { command(m: unknown): void }).command({ eventName: 'RefreshPage' }),
    );
    await waitFor(
      () => page.evaluate(() => (window as unknown as { marker?: number }).marker).catch(() => 1),
      (marker) => marker === undefined,
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await parent.evaluate(() =>
      (window as unknown as { command(m: unknown): void }).command({ eventName: 'CloseWindow' }),
    );
    await waitFor(
      () => received(parent),
      (messages) => messages.some((m) => (m as { eventName: string }).eventName === 'BrowserDisconnected'),
    );
    expect(await received(parent)).toContainEqual({ eventName: 'BrowserDisconnected' });
    const info = await bed.svc.app.inject({
      method: 'GET',
      path: `/v1/sessions/${bed.sessionId}/windows/${windowId}`,
      headers: bed.svc.auth,
    });
    expect(info.statusCode).toBe(404);
    // The link of a closed window answers like an ended session's: 410, saying so.
    const again = await fetch(link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain('This window was closed.');
    await parent.close();
  });

  it('says why a NavigateToUrl failed, and shows the address that failed rather than an internal one', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent } = await openEmbedded(await liveViewUrl(windowId));
    const navigateTo = (url: string) =>
      parent.evaluate(
        (target) =>
          (window as unknown as { command(m: unknown): void }).command({ eventName: 'NavigateToUrl', payload: target }),
        url,
      );
    // A port Chromium itself refuses to load (X11's): the load fails in the browser, and the viewer is told why.
    const unsafe = 'http://127.0.0.1:6000/';
    await navigateTo(unsafe);
    const messages = await waitFor(
      () => received(parent),
      (list) => list.some((m) => (m as { eventName: string }).eventName === 'Error'),
    );
    expect(messages).toContainEqual({
      eventName: 'Error',
      payload: {
        message: expect.stringMatching(new RegExp(`^could not load ${unsafe.replace(/[.]/g, '\\.')}: net::ERR_`)),
      },
    });
    // A refused connection is answered by the host's network guard, which every browser goes through: the window
    // shows its page at the address asked for.
    const refused = `http://127.0.0.1:${await closedPort()}/`;
    await navigateTo(refused);
    const urls = await waitFor(
      async () =>
        (await received(parent))
          .filter((m) => (m as { eventName: string }).eventName === 'UrlChange')
          .map((m) => (m as { payload: string }).payload),
      (list) => list.includes(refused),
    );
    expect(urls.some((url) => url.startsWith('chrome-error:'))).toBe(false);
    await parent.close();
  });

  it('posts NewWindowOpened with the new window id when the page opens a window', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent } = await openEmbedded(await liveViewUrl(windowId));
    const page = await remotePage(windowId);
    await page.click('#opener');
    const messages = await waitFor(
      () => received(parent),
      (list) => list.some((m) => (m as { eventName: string }).eventName === 'NewWindowOpened'),
    );
    const opened = messages.find((m) => (m as { eventName: string }).eventName === 'NewWindowOpened') as {
      payload: string;
    };
    expect(opened).toBeDefined();
    const info = await waitFor(
      () =>
        bed.svc.app.inject({
          method: 'GET',
          path: `/v1/sessions/${bed.sessionId}/windows/${opened.payload}`,
          headers: bed.svc.auth,
        }),
      (res) => res.statusCode === 201,
      3_000,
    );
    expect(info.statusCode).toBe(201);
    expect(info.json.data.targetId).toBe(opened.payload);
    await parent.close();
  });
});
