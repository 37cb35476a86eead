/**
 * A window of a running session (blank unless `url` says otherwise), with both handles the browser-level tests drive
 * it through: the puppeteer page (to load fixtures and read the DOM) and the service's own window driver (snapshots,
 * actions).
 */
import type { Page } from 'puppeteer-core';
import type { WindowDriver } from '../../functions/ports/window-driver.js';
import { createRunningSession } from './session-client.js';
import { startTestService, type TestService } from './service.js';

export interface DriverWindow {
  sessionId: string;
  windowId: string;
  page: Page;
  driver: WindowDriver;
}

export const openDriverWindow = async (svc: TestService, url = 'about:blank'): Promise<DriverWindow> => {
  const sessionId = (await createRunningSession(svc)).id;
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url },
  });
  if (window.statusCode !== 201) throw new Error(`no window: ${JSON.stringify(window.json)}`);
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as {
    page(id: string): Promise<Page>;
    driver(id: string): Promise<WindowDriver>;
  };
  const windowId = window.json.data.windowId as string;
  return { sessionId, windowId, page: await browser.page(windowId), driver: await browser.driver(windowId) };
};

export interface ServedWindow<S> extends DriverWindow {
  svc: TestService;
  /** The server the window loads its pages from. */
  server: S;
  /** Stops the service (its browser with it) and the page server. */
  close(): Promise<void>;
}

/** A service with one warm browser and a page server, started side by side, and a blank window to drive. */
export const openServedWindow = async <S extends { close(): Promise<void> }>(
  startServer: () => Promise<S>,
): Promise<ServedWindow<S>> => {
  const [service, served] = await Promise.allSettled([startTestService({ warmPoolSize: 1 }), startServer()]);
  const close = async () => {
    if (service.status === 'fulfilled') await service.value.stop();
    if (served.status === 'fulfilled') await served.value.close();
  };
  try {
    if (service.status === 'rejected') throw service.reason;
    if (served.status === 'rejected') throw served.reason;
    return { svc: service.value, server: served.value, ...(await openDriverWindow(service.value)), close };
  } catch (error) {
    // Nothing is handed back, so nothing else would stop what did start.
    await close();
    throw error;
  }
};
