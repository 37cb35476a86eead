/**
 * The session's `proxy` configuration → what the browser is started with. Accepted forms (wire contract C.2):
 * a URL string, `{url, username?, password?}`, a list of `{domainPattern, relay}` rules, or booleans and the
 * managed-proxy forms, which this service does not provide: those answer with a warning, and no proxy is used.
 */
import type { ProxySettings } from '../../ports/browser.js';
import { ValidationError } from '../shared/errors.js';
import type { Issue } from '../shared/issues.js';

type Relay = string | { url: string; username?: string; password?: string } | { country?: string; sticky?: boolean };
export type ProxyConfig = boolean | Relay | { domainPattern: string; relay: Relay }[];

const SCHEMES = new Set(['http:', 'https:', 'socks4:', 'socks5:']);

const parseUrl = (value: string, location: string): { server: string; username?: string; password?: string } => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationError([{ location, message: 'must be a proxy URL such as http://host:port', value }]);
  }
  if (!SCHEMES.has(url.protocol) || !url.hostname) {
    throw new ValidationError([{ location, message: 'must use http, https, socks4 or socks5 and name a host', value }]);
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '1080');
  return {
    server: `${url.protocol}//${url.hostname}:${port}`,
    ...(url.username ? { username: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : {}),
  };
};

const MANAGED_WARNING: Issue = {
  code: 'proxy_not_available',
  message:
    'this service has no managed proxy: give a proxy URL (or {url, username, password}) to use one; the session runs without a proxy',
};

/** Credentials are added by a relay that speaks HTTP to the proxy: Chromium cannot authenticate to SOCKS. */
const withCredentials = (settings: ProxySettings, location: string): ProxySettings => {
  if (settings.username !== undefined && !/^https?:/.test(settings.server)) {
    throw new ValidationError([
      { location, message: 'a proxy with a username and password must be an http or https proxy' },
    ]);
  }
  return settings;
};

const relayToSettings = (relay: Relay, location: string): ProxySettings | undefined => {
  if (typeof relay === 'string')
    return relay === 'default' ? undefined : withCredentials(parseUrl(relay, location), location);
  if ('url' in relay) {
    const parsed = parseUrl(relay.url, `${location}.url`);
    return withCredentials(
      {
        ...parsed,
        ...(relay.username !== undefined ? { username: relay.username, password: relay.password ?? '' } : {}),
      },
      location,
    );
  }
  return undefined;
};

export const proxySettings = (proxy: ProxyConfig | undefined): { proxy?: ProxySettings; warnings: Issue[] } => {
  const location = 'body.configuration.proxy';
  if (proxy === undefined || proxy === false) return { warnings: [] };
  if (proxy === true) return { warnings: [MANAGED_WARNING] };
  if (!Array.isArray(proxy)) {
    const settings = relayToSettings(proxy, location);
    return settings ? { proxy: settings, warnings: [] } : { warnings: [MANAGED_WARNING] };
  }
  // Rules: one browser has one upstream proxy, so every rule must relay to the same one. Patterns were checked at the
  // API to be host name globs (letters, digits, dots, dashes, `*`, `?`).
  const relays = proxy.map((rule, i) => relayToSettings(rule.relay, `${location}.${i}.relay`));
  const first = relays.find((relay) => relay !== undefined);
  if (!first) return { warnings: [MANAGED_WARNING] };
  if (relays.some((relay) => relay && relay.server !== first.server)) {
    throw new ValidationError([{ location, message: 'all proxy rules of a session must relay to the same proxy' }]);
  }
  // Hosts matching a rule go through the relay, the others go direct; a `*` rule sends everything through it.
  const patterns = proxy.filter((_, i) => relays[i]).map((rule) => rule.domainPattern.toLowerCase());
  return { proxy: patterns.includes('*') ? first : { ...first, domainPatterns: patterns }, warnings: [] };
};
