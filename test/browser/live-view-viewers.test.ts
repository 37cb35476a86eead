/**
 * The live view with several viewers, fixed and fitted sizes, and viewers that lose their socket or come back
 * after the window stream closed (test/support/live-view-bed.ts).
 */
import { describe, expect, it } from 'vitest';
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
