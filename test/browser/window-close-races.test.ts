/**
 * Closing a window while something else is happening to it, many times over: Chromium drops a close that arrives
 * while the page commits a navigation (the window stayed open, a DELETE hung until its time ran out), and its browser
 * process crashed when a window was closed while a live view resize of it was under way (the session ended in
 * `error`; also when the close came from the API while viewers resized: the live view no longer sets window bounds).
 * Each round is a race, so each case runs enough rounds to have lost it before the fixes.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

const ROUNDS = 30;

let svc: TestService;
let fixtures: FixtureServer;
let sessionId: string;

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
}, 60_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});
// A session each, so one lost race (a crashed browser) does not fail the cases after it.
beforeEach(async () => {
  sessionId = (await createRunningSession(svc)).id;
});
afterEach(async () => {
  await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${sessionId}`, headers: svc.auth });
});

const openWindow = async (): Promise<string> => {
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${fixtures.url}/live/target.html` },
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  return res.json.data.windowId as string;
};

interface ViewerSocket {
  send(message: object): void;
  open(): boolean;
  /** The close code the live view ends the socket with (4404: window closed, 4410: session ended), or 'open'. */
  closed(timeoutMs: number): Promise<number | 'open'>;
}

/** A viewer's socket, speaking the live view page's protocol directly; resolves once the first frame arrived. */
const viewWindow = async (windowId: string): Promise<ViewerSocket> => {
  const info = await svc.app.inject({
    method: 'GET',
    path: `/v1/sessions/${sessionId}/windows/${windowId}`,
    headers: svc.auth,
  });
  const link = new URL(info.json.data.liveViewUrl as string);
  const socket = new WebSocket(`${svc.url.replace(/^http/, 'ws')}${link.pathname.replace(/\/$/, '')}/ws${link.search}`);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const firstFrame = new Promise<void>((resolve) =>
    socket.on('message', (_data, binary) => {
      if (!binary) return;
      socket.send(JSON.stringify({ t: 'ack' }));
      resolve();
    }),
  );
  await Promise.race([firstFrame, closed]);
  return {
    send: (message) => socket.send(JSON.stringify(message)),
    open: () => socket.readyState === WebSocket.OPEN,
    closed: (timeoutMs) =>
      Promise.race([closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), timeoutMs))]),
  };
};

const windowIds = async (): Promise<string[]> => {
  const res = await svc.app.inject({ method: 'GET', path: `/v1/sessions/${sessionId}/windows`, headers: svc.auth });
  return (res.json.data.windows as { windowId: string }[]).map((w) => w.windowId);
};

// Thirty rounds of opening a window and closing it take 20 s on a quiet machine with a full Chromium (which opens a
// browser window per window) and three times that on a loaded one: the budget is for the rounds, not a wait.
describe('closing a window in the middle of something', { timeout: 180_000 }, () => {
  it('from the live view, right after resizing it: the window closes and the browser keeps running', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const windowId = await openWindow();
      const viewer = await viewWindow(windowId);
      viewer.send({ t: 'resize', width: 700 + (round % 5) * 10, height: 500 });
      viewer.send({ t: 'nav', action: 'close' });
      expect(await viewer.closed(5_000), `round ${round}`).toBe(4404);
    }
    expect(
      (await svc.app.inject({ method: 'GET', path: `/v1/sessions/${sessionId}`, headers: svc.auth })).json.data.status,
    ).toBe('running');
  });

  it('from the live view, right after starting a load: the window closes', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const windowId = await openWindow();
      const viewer = await viewWindow(windowId);
      viewer.send({ t: 'nav', action: 'go', url: `${fixtures.url}/live/other.html` });
      await new Promise((resolve) => setTimeout(resolve, (round % 7) * 20));
      viewer.send({ t: 'nav', action: 'close' });
      expect(await viewer.closed(5_000), `round ${round}`).toBe(4404);
      expect(await windowIds()).not.toContain(windowId);
    }
  });

  it('through the API while a viewer starts a load: DELETE answers at once and the window is gone', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const windowId = await openWindow();
      const viewer = await viewWindow(windowId);
      viewer.send({ t: 'nav', action: 'go', url: `${fixtures.url}/live/other.html` });
      const started = Date.now();
      const res = await svc.app.inject({
        method: 'DELETE',
        path: `/v1/sessions/${sessionId}/windows/${windowId}`,
        headers: svc.auth,
      });
      expect(res.statusCode, `round ${round}: ${JSON.stringify(res.json)}`).toBe(200);
      expect(Date.now() - started, `round ${round}`).toBeLessThan(5_000);
      expect(await windowIds()).not.toContain(windowId);
      expect(await viewer.closed(5_000), `round ${round}`).toBe(4404);
    }
  });

  it('through the API while two viewers keep resizing it: DELETE closes it and the browser keeps running', async () => {
    for (let round = 0; round < 20; round += 1) {
      const windowId = await openWindow();
      const viewers = await Promise.all([viewWindow(windowId), viewWindow(windowId)]);
      let tick = 0;
      const resizing = setInterval(() => {
        tick += 1;
        for (const viewer of viewers)
          if (viewer.open()) viewer.send({ t: 'resize', width: 600 + (tick % 9) * 20, height: 500 });
      }, 20);
      await new Promise((resolve) => setTimeout(resolve, 100 + (round % 5) * 30));
      const res = await svc.app.inject({
        method: 'DELETE',
        path: `/v1/sessions/${sessionId}/windows/${windowId}`,
        headers: svc.auth,
      });
      clearInterval(resizing);
      expect(res.statusCode, `round ${round}: ${JSON.stringify(res.json)}`).toBe(200);
    }
    expect(
      (await svc.app.inject({ method: 'GET', path: `/v1/sessions/${sessionId}`, headers: svc.auth })).json.data.status,
    ).toBe('running');
    // Twenty rounds of opening a window and two viewers take about 8 s on an idle machine and passed 60 s once at
    // load average 30; a stuck DELETE still fails within this bound.
  }, 180_000);
});
