import { isAbsolute } from 'node:path';
import { isDomainPattern } from './domain-patterns.js';
import { InvalidSessionOptionsError } from './errors.js';
import { isLocale, isTimezone, type DisguiseSettings } from './stealth/fingerprint.js';
import type { AcquireOptions } from './types.js';

/** Session ids appear in URL paths (`/cdp/{id}`) and logs, so keep them to a safe alphabet. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

const PROXY_SCHEMES = new Set(['http:', 'https:', 'socks4:', 'socks5:']);

export function isValidSessionId(sessionId: string): boolean {
  return SESSION_ID.test(sessionId);
}

export function validateAcquire(sessionId: string, options: AcquireOptions): void {
  if (!isValidSessionId(sessionId)) {
    throw new InvalidSessionOptionsError(`session id must match ${SESSION_ID.source}`);
  }
  const { idleTimeoutMs, proxyServer, profileDir, proxyCredentials, proxyDomainPatterns } = options;
  if (typeof idleTimeoutMs !== 'number' || !Number.isFinite(idleTimeoutMs) || idleTimeoutMs <= 0) {
    throw new InvalidSessionOptionsError('idleTimeoutMs must be a positive number of milliseconds');
  }
  if (proxyServer !== undefined) validateProxyServer(proxyServer);
  if (proxyCredentials !== undefined) {
    // The relay speaks HTTP CONNECT to the upstream; Chromium has no way to authenticate to a SOCKS proxy.
    if (proxyServer === undefined || !/^https?:/.test(proxyServer)) {
      throw new InvalidSessionOptionsError('proxyCredentials need an http or https proxyServer');
    }
  }
  if (proxyDomainPatterns !== undefined) validateDomainPatterns(proxyDomainPatterns, proxyServer);
  if (profileDir !== undefined && !isAbsolute(profileDir)) {
    throw new InvalidSessionOptionsError('profileDir must be an absolute path');
  }
  if (options.disguise) validateDisguise(options.disguise);
}

function validateDisguise({ locale, timezone }: DisguiseSettings): void {
  if (locale !== undefined && !isLocale(locale)) {
    throw new InvalidSessionOptionsError(
      `disguise.locale: ${JSON.stringify(locale)} is not a language tag such as en-US or de-DE`,
    );
  }
  if (timezone !== undefined && !isTimezone(timezone)) {
    throw new InvalidSessionOptionsError(
      `disguise.timezone: ${JSON.stringify(timezone)} is not an IANA time zone such as Europe/Berlin`,
    );
  }
}

function validateProxyServer(proxyServer: string): void {
  let url: URL;
  try {
    url = new URL(proxyServer);
  } catch {
    throw new InvalidSessionOptionsError('proxyServer must be a URL such as http://proxy.internal:3128');
  }
  if (!PROXY_SCHEMES.has(url.protocol)) {
    throw new InvalidSessionOptionsError(
      `proxyServer scheme ${url.protocol} is not one of http, https, socks4, socks5`,
    );
  }
  // Chromium's --proxy-server ignores credentials; they need answering per request over CDP.
  if (url.username || url.password) {
    throw new InvalidSessionOptionsError('proxyServer must not carry credentials');
  }
  if (url.pathname !== '/' && url.pathname !== '') {
    throw new InvalidSessionOptionsError('proxyServer must not have a path');
  }
}

function validateDomainPatterns(patterns: unknown, proxyServer: string | undefined): void {
  if (proxyServer === undefined) throw new InvalidSessionOptionsError('proxyDomainPatterns need a proxyServer');
  if (!Array.isArray(patterns) || patterns.length === 0) {
    throw new InvalidSessionOptionsError('proxyDomainPatterns must be a non-empty list of host name patterns');
  }
  const invalid = patterns.find((pattern) => typeof pattern !== 'string' || !isDomainPattern(pattern));
  if (invalid !== undefined) {
    throw new InvalidSessionOptionsError(
      `proxyDomainPatterns: ${JSON.stringify(invalid)} is not a host name pattern (letters, digits, dots, dashes, * and ?)`,
    );
  }
}
