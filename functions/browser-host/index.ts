/** Public surface of the browser host library; everything else in this folder is internal. */
export { BrowserHost } from './host.js';
export { createCdpProxy, type CdpProxy, type CdpProxyOptions, type CdpSessionDirectory } from './cdp-proxy.js';
export { createLiveView, type LiveView, type LiveViewOptions, type LiveViewSessions } from './live-view/index.js';
export { bearerMatches, createInternalApiHandler, type InternalApiOptions } from './internal-api.js';
export { chromiumArgs, resolveChromiumPath } from './chromium.js';
export * from './errors.js';
export type {
  AcquiredBrowser,
  AcquireOptions,
  BrowserHostEvents,
  BrowserHostOptions,
  HostLogger,
  HostLogLevel,
  HostStats,
  SessionEndReason,
  SessionStats,
  UserDataDirHandoff,
} from './types.js';
