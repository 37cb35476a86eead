/**
 * A session's window cap (100) under requests opening windows at once: each sees the others in flight, so no burst
 * passes the cap, and those past it answer 409 saying so (not "browser closed"). The browser is a stand-in that
 * opens a window after a short delay, so no Chromium runs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_WINDOWS_PER_SESSION } from '../../functions/core/windows/navigation.js';
import type { BrowserFleet } from '../../functions/ports/browser.js';
import { startTestService, type TestService } from '../support/service.js';

/** A browser whose windows appear a few milliseconds after they are asked for, as a real one's do. */
const standInBrowser = () => {
  const windows: Array<{ windowId: string; targetId: string; url: string; title: string }> = [];
  return {
    windows: async () => [...windows],
    window: async (id: string) => windows.find((w) => w.windowId === id),
    openWindow: async ({ url }: { url: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      const window = { windowId: `w${windows.length}`, targetId: `t${windows.length}`, url, title: '' };
      windows.push(window);
      return { window, navigation: { timedOut: false } };
    },
    count: () => windows.length,
  };
};

let svc: TestService;
const browser = standInBrowser();
beforeAll(async () => {
  svc = await startTestService();
  const fleet: BrowserFleet = {
    start: async () => ({ hostId: 'stand-in' }),
    stop: async () => ({}),
    touch: () => undefined,
    open: async () => browser as never,
    onEnded: () => undefined,
    putFile: async () => {
      throw new Error('no files here');
    },
    sessionFile: async () => undefined,
    onDownload: () => undefined,
  };
  svc.deps.fleet = fleet;
});
afterAll(async () => {
  await svc?.stop();
});

it('opens at most the cap when more windows are asked for at once, and says why to the rest', async () => {
  const created = await svc.app.inject({ method: 'POST', path: '/v1/sessions', headers: svc.auth, body: {} });
  expect(created.statusCode).toBe(201);
  const sessionId = created.json.data.id as string;
  const burst = MAX_WINDOWS_PER_SESSION + 20;
  const answers = await Promise.all(
    Array.from({ length: burst }, () =>
      svc.app.inject({
        method: 'POST',
        path: `/v1/sessions/${sessionId}/windows`,
        headers: svc.auth,
        body: { url: 'https://example.test/' },
      }),
    ),
  );
  const opened = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201).length;
  const refused = answers.filter((a) => a.statusCode === 409);
  expect(browser.count()).toBeLessThanOrEqual(MAX_WINDOWS_PER_SESSION);
  expect(opened).toBe(browser.count());
  expect(opened + refused.length).toBe(burst);
  for (const answer of refused) expect(answer.body).toMatch(/already holds or is opening 100 windows/);
});
