/**
 * What a window driver and a session browser throw once their window, or their whole browser, is gone: the state a
 * request finds itself in when a close or a terminate wins the race against it. Every such failure must read as the
 * client's conflict (409 `browser_closed`, or `page_navigated`), never as a fault of the service (500): the route
 * only turns a 5xx into `browser_closed` when the session has already ended, and a window closed by another call of a
 * still-running session leaves it running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionBrowser } from '../../functions/ports/browser.js';
import type { WindowDriver } from '../../functions/ports/window-driver.js';
import { toAppError } from '../../functions/core/shared/errors.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { openDriverWindow } from '../support/driver-window.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
}, 120_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

/** The session's browser as the routes get it. */
const sessionBrowser = (sessionId: string) => svc.deps.fleet.open(sessionId) as Promise<SessionBrowser>;

const target = { snapshot: 's1', element: 'e1' };

/** Every call of the driver that reaches the page, each as a thunk. */
const driverCalls = (driver: WindowDriver, signal: AbortSignal): Record<string, () => Promise<unknown>> => ({
  scrape: () => driver.scrape(signal),
  screenshot: () => driver.screenshot({ scope: 'viewport' } as never, signal),
  scroll: () => driver.scroll({ by: { y: 100 } } as never, signal),
  fileInputs: () => driver.fileInputs(signal),
  snapshot: () => driver.snapshot(signal),
  click: () => driver.click(target, {}, signal),
  hover: () => driver.hover(target, signal),
  scrollContainers: () => driver.scrollContainers(signal),
  clickAt: () => driver.clickAt({ x: 10, y: 10 }, { left: 0, top: 0 }, {}, signal),
  hoverAt: () => driver.hoverAt({ x: 10, y: 10 }, { left: 0, top: 0 }, signal),
  pageState: () => driver.pageState(signal),
  listItems: () => driver.listItems(signal),
  type: () => driver.type({ text: 'x' }, signal),
  analyzeForm: () => driver.analyzeForm(signal),
});

/** The code each call's failure becomes (`ok` for none). */
const codesOf = async (calls: Record<string, () => Promise<unknown>>) => {
  const codes: Record<string, string> = {};
  for (const [name, call] of Object.entries(calls)) {
    codes[name] = await call().then(
      () => 'ok',
      (error: unknown) => `${toAppError(error).code}${toAppError(error).serviceFault ? ` (${String(error)})` : ''}`,
    );
  }
  return codes;
};

const faults = (codes: Record<string, string>) =>
  Object.entries(codes).filter(([, code]) => code !== 'ok' && !/^(browser_closed|page_navigated)$/.test(code));

describe('calls on a window or browser that is gone', () => {
  it('a driver whose window closed fails as browser_closed on every call', async () => {
    const { page, driver } = await openDriverWindow(svc, `${fixtures.url}/live/target.html`);
    await page.close();
    const codes = await codesOf(driverCalls(driver, new AbortController().signal));
    expect(faults(codes), JSON.stringify(codes)).toEqual([]);
  }, 120_000);

  it('a session browser whose browser ended fails as browser_closed on every call', async () => {
    const { sessionId, windowId, driver } = await openDriverWindow(svc, `${fixtures.url}/live/target.html`);
    const browser = await sessionBrowser(sessionId);
    await svc.deps.fleet.stop(sessionId);
    const signal = new AbortController().signal;
    const codes = await codesOf({
      ...driverCalls(driver, signal),
      windows: () => browser.windows(),
      window: () => browser.window(windowId),
      openWindow: () =>
        browser.openWindow({
          url: `${fixtures.url}/live/target.html`,
          width: 800,
          height: 600,
          waitUntil: 'load',
          timeoutMs: 5_000,
        }),
      navigate: () =>
        browser.navigate(windowId, `${fixtures.url}/live/target.html`, { waitUntil: 'load', timeoutMs: 5_000 }),
      closeWindow: () => browser.closeWindow(windowId),
      resize: () => browser.resize(windowId, 800, 600),
      driver: () => browser.driver(windowId),
    });
    expect(faults(codes), JSON.stringify(codes)).toEqual([]);
  }, 120_000);
});
