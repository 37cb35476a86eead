/**
 * The in-process browser host of the local service: Chromium processes, the fleet adapter over them, and the
 * authenticated CDP proxy on the API's own port (`/cdp/{sessionId}`, `Authorization: Bearer <key>`), and the live view
 * (`/live/{sessionId}/{windowId}`, authorized by the signed token in its link).
 */
import type http from 'node:http';
import { resolve } from 'node:path';
import { LocalFleet, LOCAL_HOST_ID } from '../../adapters/browser/local-fleet.js';
import { BrowserHost, createCdpProxy, createLiveView } from '../../browser-host/index.js';
import { startWebDriver } from '../../browser-host/webdriver/index.js';
import { MAX_FILE_BYTES } from '../../core/files/model.js';
import { MAX_WINDOWS_PER_SESSION } from '../../core/windows/navigation.js';
import { archiveProfile } from '../../browser-host/profile-archive.js';
import { PENDING_HOST } from '../../core/sessions/create.js';
import { endOrphanedSessions } from '../../core/sessions/orphans.js';
import { recordBrowserEvents } from '../browser-events.js';
import { clientMayDrive } from '../cdp-access.js';
import type { Config } from '../../config/config.js';
import type { Deps } from '../../api/deps.js';
import type { Logger } from '../../config/logger.js';

export const createLocalBrowsers = (config: Readonly<Config>, log: Logger) => {
  const host = new BrowserHost({
    capacity: config.hostCapacity,
    warmPoolSize: config.warmPoolSize,
    chromiumPath: config.chromiumPath,
    extensionsDir: config.extensionsDir,
    workDir: resolve(config.dataDir, 'browsers'),
    networkGuard: config.blockPrivateNetworks ? { allow: config.allowedPrivateHosts } : undefined,
    maxWindows: MAX_WINDOWS_PER_SESSION,
    maxStorageBytes: config.sessionStorageBytes,
    log: (level, message, fields) => log[level](message, { component: 'browser-host', ...fields }),
    // Profiles and recordings are taken while the user-data-dir still exists (the fleet is made just below).
    beforeRemoveUserDataDir: (handoff) => fleet.userDataDirEnding(handoff),
  });
  // Known once the host has started and found (or not) a chromedriver matching its browser.
  const webdriver = { available: false };
  const fleet: LocalFleet = new LocalFleet(host, {
    archiveProfile,
    connectAhead: true,
    webdriver: () => webdriver.available,
    downloadLimits: { fileBytes: MAX_FILE_BYTES, sessionBytes: config.sessionDownloadBytes },
  });
  return { host, fleet, webdriver };
};

/** Wires the host to the rest of the service once `deps` exist; returns the shutdown step. */
export const connectLocalBrowsers = async (
  browsers: ReturnType<typeof createLocalBrowsers>,
  deps: Deps,
  server: http.Server,
) => {
  const { host, fleet } = browsers;
  const recorder = recordBrowserEvents(fleet, deps);
  // Sessions a previous run of this process left behind have no browser any more.
  const orphans = await endOrphanedSessions(deps, [LOCAL_HOST_ID, PENDING_HOST]);
  if (orphans > 0) deps.log.info('ended sessions left over from an earlier run', { count: orphans });

  const proxy = createCdpProxy({
    sessions: host,
    publicBaseUrl: deps.config.publicBaseUrl,
    log: (level, message, fields) => deps.log[level](message, { component: 'cdp-proxy', ...fields }),
    authorize: async (request, sessionId) => (await clientMayDrive(deps)(request, sessionId)) && 'client',
  });
  const detach = proxy.attach(server);
  // Live view pages and sockets (`/live/…`): authorized by the signed token in the link, not an API key.
  const liveView = createLiveView({
    sessions: host,
    secret: deps.signingSecret,
    now: () => deps.clock.now().getTime(),
    onViewportReleased: (sessionId, windowId) =>
      void fleet
        .open(sessionId)
        .then((browser) => browser.restoreViewport(windowId))
        .catch((error: unknown) =>
          deps.log.info('live view: the window could not be sized back', { sessionId, windowId, error: String(error) }),
        ),
    log: (level, message, fields) => deps.log[level](message, { component: 'live-view', ...fields }),
  });
  const detachLiveView = liveView.attach(server);
  await host.start();
  // WebDriver (`/webdriver/{sessionId}/…`): the same API key and org check as the CDP proxy.
  const webdriver = await startWebDriver({
    host,
    chromedriverPath: deps.config.chromedriverPath,
    authorize: async (request, sessionId) => Boolean(await clientMayDrive(deps)(request, sessionId)),
    log: (level, message, fields) => deps.log[level](message, { component: 'webdriver', ...fields }),
  });
  browsers.webdriver.available = webdriver.available;
  const detachWebDriver = webdriver.attach(server);
  return async () => {
    detachWebDriver();
    await webdriver.close();
    detachLiveView();
    await liveView.close();
    detach();
    await proxy.close();
    await host.shutdown();
    await recorder.settled();
  };
};
