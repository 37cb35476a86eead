/**
 * The live view through a real headless viewer (a second Chromium) against `npm start`'s process:
 * - firstFrame: from the viewer page's navigation start to the first frame drawn, on a freshly opened window
 *   (includes the page load, the socket, attaching to the window and the first screencast frame). Bar ≤ 500 ms.
 * - clickToPage: from the viewer's click to the page's click handler. Bar ≤ 150 ms.
 *   clickToFrame: on to the viewer drawing the frame that shows the page's reaction.
 * - fps: frames drawn per second on a page that animates every frame. Bar 15+. screencastFpsWithoutViewer is
 *   the same page's screencast read directly over CDP: the ceiling the machine allows at that moment.
 *
 *   npx tsx bench/run.ts --only live-view
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startFixtureServer, type FixtureServer } from '../../test/fixtures/server.js';
import type { ViewerState } from '../../functions/browser-host/live-view/page.js';
import { launchViewerBrowser, viewerState } from '../../test/support/viewer-browser.js';
import { apiClient, round, sleep, startServiceProcess, stats, type ServiceProcess } from '../support.js';

export const liveViewSuite = async (options: { runs?: number; fpsSeconds?: number } = {}) => {
  const runs = options.runs ?? 10;
  const fixtures: FixtureServer = await startFixtureServer();
  const service: ServiceProcess = await startServiceProcess({ WARM_POOL_SIZE: '1' });
  const viewers = await launchViewerBrowser();
  const call = apiClient(service);
  let session: Browser | undefined;
  try {
    const { json: created } = await call('POST', '/v1/sessions', {});
    const sessionId = created.data.id as string;
    for (let i = 0; i < 600 && (await call('GET', `/v1/sessions/${sessionId}`)).json.data.status !== 'running'; i += 1)
      await sleep(50);
    const cdpWsUrl = (await call('GET', `/v1/sessions/${sessionId}`)).json.data.cdpWsUrl as string;
    session = await puppeteer.connect({
      browserWSEndpoint: cdpWsUrl,
      headers: { authorization: `Bearer ${service.key}` },
      defaultViewport: null,
    });

    const open = async (path: string) => {
      const res = await call('POST', `/v1/sessions/${sessionId}/windows`, {
        url: `${fixtures.url}${path}`,
        waitUntil: 'load',
      });
      if (res.status !== 201) throw new Error(`window create: ${JSON.stringify(res.json)}`);
      const windowId = res.json.data.windowId as string;
      const info = await call('GET', `/v1/sessions/${sessionId}/windows/${windowId}?screenResolution=1024x640`);
      const target = await session!.waitForTarget(
        (t) => (t as unknown as { _targetId: string })._targetId === windowId,
      );
      return { windowId, liveViewUrl: info.json.data.liveViewUrl as string, page: (await target.page())! };
    };
    const watch = async (url: string) => {
      const viewer = await viewers.browser.newPage();
      await viewer.setViewport({ width: 1100, height: 700 });
      await viewer.goto(url);
      await viewer.waitForFunction(
        () => (window as unknown as { liveViewState: ViewerState }).liveViewState.frames > 0,
        { timeout: 10_000, polling: 'raf' },
      );
      return viewer;
    };

    const firstFrame: number[] = [];
    const clickToPage: number[] = [];
    const clickToFrame: number[] = [];
    // One untimed round first: the viewer browser's first page and the service's first window pay one-off costs.
    for (let i = 0; i <= runs; i += 1) {
      const timed = i > 0;
      const opened = await open('/live/target.html');
      const viewer = await watch(opened.liveViewUrl);
      if (timed) firstFrame.push((await viewerState(viewer)).firstFrameMs);
      await viewer.waitForFunction(
        () => (window as unknown as { liveViewState: ViewerState }).liveViewState.width === 1024,
        { timeout: 5_000 },
      );
      await sleep(200);
      const box = (await (await viewer.$('#screen'))!.boundingBox())!;
      const before = (await viewerState(viewer)).frames;
      const clickedAt = Date.now();
      await viewer.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.25);
      await viewer.waitForFunction(
        (n: number) => (window as unknown as { liveViewState: ViewerState }).liveViewState.frames > n,
        { timeout: 5_000, polling: 'raf' },
        before,
      );
      const reacted = await opened.page.evaluate(() => (window as unknown as { lastClickAt?: number }).lastClickAt);
      if (!reacted) throw new Error('the click in the viewer did not reach the page');
      if (timed) clickToPage.push(reacted - clickedAt);
      if (timed) clickToFrame.push((await viewerState(viewer)).lastFrameAt - clickedAt);
      await viewer.close();
      await call('DELETE', `/v1/sessions/${sessionId}/windows/${opened.windowId}`);
    }

    // Context for fps: what Chromium's screencast yields on this machine now with no viewer in the way (a direct
    // CDP client acknowledging every frame at once), on a window of its own.
    const reference = await open('/live/animated.html');
    const cdp = await reference.page.createCDPSession();
    let rawFrames = 0;
    cdp.on('Page.screencastFrame', ({ sessionId: frame }) => {
      rawFrames += 1;
      cdp.send('Page.screencastFrameAck', { sessionId: frame }).catch(() => undefined);
    });
    await cdp
      .send('Emulation.setDeviceMetricsOverride', { width: 1024, height: 640, deviceScaleFactor: 0, mobile: false })
      .catch(() => undefined);
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 70 });
    await sleep(1000);
    rawFrames = 0;
    await sleep((options.fpsSeconds ?? 5) * 1000);
    const rawFps = rawFrames / (options.fpsSeconds ?? 5);
    await cdp.send('Page.stopScreencast');
    await cdp.detach();
    await call('DELETE', `/v1/sessions/${sessionId}/windows/${reference.windowId}`);

    const animated = await open('/live/animated.html');
    const viewer = await watch(animated.liveViewUrl);
    await sleep(500);
    const seconds = options.fpsSeconds ?? 5;
    const start = (await viewerState(viewer)).frames;
    await sleep(seconds * 1000);
    const fps = ((await viewerState(viewer)).frames - start) / seconds;
    await viewer.close();

    await call('DELETE', `/v1/sessions/${sessionId}`);
    return {
      firstFrameMs: stats(firstFrame),
      clickToPageMs: stats(clickToPage),
      clickToFrameMs: stats(clickToFrame),
      fps: round(fps, 1),
      screencastFpsWithoutViewer: round(rawFps, 1),
      bars: { firstFrameMs: 500, clickToPageMs: 150, fps: 15 },
    };
  } finally {
    await session?.disconnect().catch(() => undefined);
    await viewers.close();
    await service.stop();
    await fixtures.close();
  }
};
