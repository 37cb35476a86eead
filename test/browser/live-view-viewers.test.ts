/**
 * The live view with several viewers, fixed and fitted sizes, and viewers that lose their socket or come back
 * after the window stream closed (test/support/live-view-bed.ts).
 */
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { MAX_VIEWERS_PER_WINDOW } from '../../functions/browser-host/live-view/server.js';
import type { ViewerState } from '../../functions/browser-host/live-view/page.js';
import { waitFor } from '../support/session-client.js';
import { openViewerPage, viewerState } from '../support/viewer-browser.js';
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

describe('viewers and sizing', () => {
  it('streams to two viewers at once, and input from either reaches the page', async () => {
    const windowId = await openWindow('/live/target.html');
    const url = await liveViewUrl(windowId);
    const first = await openEmbedded(url);
    const second = await openEmbedded(url);
    const page = await remotePage(windowId);
    await settled(first.view, page, [800, 600]);
    await settled(second.view, page);
    const before = await Promise.all([viewerState(first.view), viewerState(second.view)]);
    await clickCanvas(second.view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    for (const [i, viewer] of [first, second].entries()) {
      await viewer.view.waitForFunction(
        (n: number) => (window as unknown as { liveViewState: ViewerState }).liveViewState.frames > n,
        { timeout: 15_000 },
        before[i]!.frames,
      );
    }
    await clickCanvas(first.view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '2',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('2');
    await Promise.all([first.parent.close(), second.parent.close()]);
  });

  it('holds a window to its most viewers at once: one more is told so and not retried, and a left one frees a place', async () => {
    const windowId = await openWindow('/live/target.html');
    const link = new URL(await liveViewUrl(windowId));
    const socketUrl = `ws://${link.host}${link.pathname}/ws${link.search}`;
    /** A viewer over a raw socket: its text messages, and the close code once it closes. */
    const join = () => {
      const socket = new WebSocket(socketUrl);
      const texts: unknown[] = [];
      socket.on('message', (data, isBinary) => !isBinary && texts.push(JSON.parse(String(data))));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      const opened = new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, texts, closed, opened };
    };
    // All at once, as a flood would come.
    const viewers = Array.from({ length: MAX_VIEWERS_PER_WINDOW + 3 }, join);
    await Promise.all(viewers.map((v) => v.opened));
    const codes = await Promise.all(
      viewers.map((v) => Promise.race([v.closed, new Promise((resolve) => setTimeout(() => resolve('open'), 1500))])),
    );
    expect(codes.filter((c) => c === 'open')).toHaveLength(MAX_VIEWERS_PER_WINDOW);
    expect(codes.filter((c) => c === 4429)).toHaveLength(3);
    const turnedAway = viewers.find((_, i) => codes[i] === 4429)!;
    expect(turnedAway.texts).toContainEqual({ t: 'ended', reason: 'tooManyViewers' });
    // The viewer page says why, and stops there rather than reconnecting.
    const { parent, view } = await openEmbedded(link.href, { waitForFrame: false });
    await view.waitForFunction(() => (window as any).liveViewState?.ended === 'tooManyViewers', { timeout: 10_000 });
    expect(await view.$eval('#status', (el) => el.textContent)).toContain('as many viewers as it may have');
    expect((await viewerState(view)).reconnects).toBe(0);
    await parent.close();
    // One leaves: a new viewer gets in and is greeted with the page's address.
    const staying = viewers.filter((_, i) => codes[i] === 'open');
    staying[0].socket.close();
    await staying[0].closed;
    const admitted = await waitFor(
      async () => {
        const next = join();
        await next.opened;
        const code = await Promise.race([
          next.closed,
          new Promise((resolve) => setTimeout(() => resolve('open'), 500)),
        ]);
        if (code !== 'open') return false;
        const greeted = next.texts.some((t) => (t as { t: string }).t === 'hello');
        next.socket.close();
        return greeted;
      },
      (ok) => ok,
    );
    expect(admitted).toBe(true);
    for (const v of staying) v.socket.terminate();
  });

  it('gives the window back at the size it had once its last viewer has left', async () => {
    const windowId = await openWindow('/live/target.html');
    const page = await remotePage(windowId);
    const before = await page.evaluate(() => [innerWidth, innerHeight]);
    expect(before).toEqual([1280, 720]);
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId));
    await settled(view, page, [800, 600]);
    await parent.close();
    const after = await waitFor(
      () => page.evaluate(() => [innerWidth, innerHeight]),
      (size) => size[0] === 1280 && size[1] === 720,
      15_000,
    );
    expect(after).toEqual(before);
  });

  it('renders at a fixed screenResolution and sizes the window to it', async () => {
    const windowId = await openWindow('/live/target.html');
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId, { screenResolution: '640x400' }));
    const page = await remotePage(windowId);
    await settled(view, page, [640, 400]);
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([640, 400]);
    const box = await (await view.$('#screen'))!.boundingBox();
    expect([box!.width, box!.height]).toEqual([640, 400]);
    // Coordinates still map: the button covers the top-left quarter of the page.
    await clickCanvas(view, 0.2, 0.2);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('1');
    await parent.close();
  });

  it('with disableResize fits the window to the frame once, then leaves it as the frame changes', async () => {
    const windowId = await openWindow('/live/target.html');
    const page = await remotePage(windowId);
    const { parent, view } = await openEmbedded(await liveViewUrl(windowId, { disableResize: 'true' }));
    // The initial fill-parent resize still happens (the interface says disableResize does not affect it).
    await settled(view, page, [800, 600]);
    await parent.evaluate(() => {
      const frame = document.getElementById('view')!;
      frame.style.width = '600px';
      frame.style.height = '450px';
    });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([800, 600]);
    expect((await viewerState(view)).frames).toBeGreaterThan(0);
    await parent.close();
  });

  it('reconnects after the socket drops, with the same link', async () => {
    const windowId = await openWindow('/live/target.html');
    const parent = await openViewerPage(bed.viewers);
    // Keeps a handle on the viewer's sockets so the test can cut one as a network blip would.
    await parent.evaluateOnNewDocument(`
      const Native = window.WebSocket;
      window.sockets = [];
      window.WebSocket = class extends Native {
        constructor(url, protocols) {
          super(url, protocols);
          window.sockets.push(this);
        }
      };
    `);
    await parent.goto(`${bed.fixtures.url}/live/embed.html?src=${encodeURIComponent(await liveViewUrl(windowId))}`);
    const view = (await (await parent.waitForSelector('iframe'))!.contentFrame())!;
    await view.waitForFunction(
      () => ((window as unknown as { liveViewState?: ViewerState }).liveViewState?.frames ?? 0) > 0,
      { timeout: 10_000 },
    );
    await view.evaluate(() => (window as unknown as { sockets: { close(): void }[] }).sockets[0]!.close());
    await view.waitForFunction(
      () => (window as unknown as { liveViewState: ViewerState }).liveViewState.reconnects > 0,
      { timeout: 15_000 },
    );
    await view.waitForFunction(() => (window as unknown as { liveViewState: ViewerState }).liveViewState.connected, {
      timeout: 10_000,
    });
    const page = await remotePage(windowId);
    await settled(view, page, [800, 600]);
    await clickCanvas(view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('1');
    expect(await received(parent)).not.toContainEqual({ eventName: 'BrowserDisconnected' });
    await parent.close();
  });
});

describe('a viewer that comes back', () => {
  it('gets frames again after the window stream closed for want of viewers', async () => {
    const windowId = await openWindow('/live/target.html');
    const url = await liveViewUrl(windowId);
    const first = await openEmbedded(url);
    await first.parent.close();
    // The stream outlives its last viewer by a few seconds (for reconnects), then lets go of the page.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const { parent, view } = await openEmbedded(url);
    const page = await remotePage(windowId);
    await settled(view, page, [800, 600]);
    const before = (await viewerState(view)).frames;
    await clickCanvas(view, 0.25, 0.25);
    await waitFor(
      () => page.$eval('#clicks', (el) => el.textContent),
      (text) => text === '1',
    );
    expect(await page.$eval('#clicks', (el) => el.textContent)).toBe('1');
    await view.waitForFunction(
      (n: number) => (window as unknown as { liveViewState: ViewerState }).liveViewState.frames > n,
      { timeout: 15_000 },
      before,
    );
    await parent.close();
  }, 30_000);
});
