/**
 * WebDriver for a started host's sessions: when a chromedriver of the browser's major version is installed, each
 * session gets an endpoint (proxy.ts) served by a chromedriver of its own (drivers.ts), stopped when the session
 * ends. Otherwise there is none, and the reason is logged once at start.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { CdpSessionDirectory } from '../cdp-proxy.js';
import type { OwnerLookup } from '../owner-relay.js';
import type { ControlPorts } from '../control-ports.js';
import type { HostBrowser, HostLogger } from '../types.js';
import { matchingChromedriver } from './driver-binary.js';
import { SessionDrivers } from './drivers.js';
import { createWebDriverProxy } from './proxy.js';

export { WEBDRIVER_BASE_PATH } from './proxy.js';

export interface WebDriverHost extends CdpSessionDirectory {
  browser(): HostBrowser | undefined;
  /** Where each session's chromedriver port is recorded while it runs (control-ports.ts). */
  readonly controlPorts?: ControlPorts;
  on(event: 'sessionEnded', listener: (sessionId: string) => void): unknown;
}

export interface WebDriverService {
  /** Whether sessions have an endpoint. */
  readonly available: boolean;
  attach(server: Server): () => void;
  close(): Promise<void>;
}

export async function startWebDriver(options: {
  host: WebDriverHost;
  chromedriverPath?: string;
  authorize: (request: IncomingMessage, sessionId: string) => Promise<boolean> | boolean;
  /** In a fleet: who runs the sessions this host does not, and the hosts' secret the relay bears. */
  owner?: OwnerLookup;
  relaySecret?: string;
  publicBaseUrl?: string;
  log: HostLogger;
}): Promise<WebDriverService> {
  const browser = options.host.browser();
  const lookup = browser
    ? await matchingChromedriver(browser.version, options.chromedriverPath)
    : { reason: 'the host has not started' };
  if ('reason' in lookup) {
    options.log('info', `WebDriver: off, sessions have no chromedriverUrl: ${lookup.reason}`);
    return { available: false, attach: () => () => undefined, close: async () => undefined };
  }
  options.log('info', `WebDriver: on, chromedriver ${lookup.version}`, { chromedriver: lookup.path });
  const drivers = new SessionDrivers({
    driverPath: lookup.path,
    log: options.log,
    controlPorts: options.host.controlPorts,
  });
  options.host.on('sessionEnded', (sessionId) => void drivers.stop(sessionId));
  const proxy = createWebDriverProxy({
    sessions: options.host,
    drivers,
    authorize: options.authorize,
    owner: options.owner,
    relaySecret: options.relaySecret,
    publicBaseUrl: options.publicBaseUrl,
    log: options.log,
  });
  return {
    available: true,
    attach: (server) => proxy.attach(server),
    close: () => {
      proxy.close();
      return drivers.stopAll();
    },
  };
}
