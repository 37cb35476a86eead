/**
 * The browser a session's pages see: one desktop Chrome on Linux, of the Chromium version actually running (so its
 * features, client hints and user agent agree with each other), speaking the session's locale in its timezone.
 * Built once per browser from its version and the session's settings; everything that applies it reads from here.
 */
import { release } from 'node:os';
import type { UserAgentMetadata } from './page/config.js';

export type { UserAgentMetadata };

export interface DisguiseSettings {
  /** BCP 47 language tag the browser speaks first (`navigator.language`, `Accept-Language`, `Intl`). Default `en-US`. */
  locale?: string;
  /** IANA time zone (`Europe/Berlin`). Default: the host's own zone. */
  timezone?: string;
}

export interface Fingerprint {
  userAgent: string;
  /** `navigator.platform`. */
  platform: string;
  /** `Accept-Language` and `navigator.languages`, most preferred first. */
  languages: string[];
  locale: string;
  timezone?: string;
  metadata: UserAgentMetadata;
  /** WebGL's unmasked vendor and renderer: a common desktop GPU instead of the software rasterizer's name. */
  webgl: { vendor: string; renderer: string };
  /**
   * The browser is a headless shell, whose quirks a full Chromium does not have (it denies notifications in every
   * frame); set by the launcher from the binary's kind (browser-kind.ts).
   */
  headlessShell?: boolean;
}

export const DEFAULT_LOCALE = 'en-US';

/** `Chromium 147.0.7727.0` (the binary's `--version`) or `HeadlessChrome/147.0.7727.0` (CDP) → `147.0.7727.0`. */
export function parseChromiumVersion(text: string): string {
  const match = /(\d+)\.(\d+)\.(\d+)\.(\d+)/.exec(text);
  if (!match) throw new Error(`no Chromium version in ${JSON.stringify(text)}`);
  return match[0];
}

/**
 * Chrome's own brand list for a major version: a GREASE brand whose punctuation, version and place in the list are
 * derived from the major version, as Chrome derives them, so the list is the one real Chrome of that version sends.
 */
export function chromeBrands(major: number, realVersion: string, full: boolean): { brand: string; version: string }[] {
  const chars = [' ', '(', ':', '-', '.', '/', ')', ';', '=', '?', '_'];
  const greaseVersions = ['8', '99', '24'];
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  const order = orders[major % orders.length]!;
  const grease = `Not${chars[major % chars.length]}A${chars[(major + 1) % chars.length]}Brand`;
  const greaseMajor = greaseVersions[major % greaseVersions.length]!;
  const list: { brand: string; version: string }[] = [];
  list[order[0]!] = { brand: grease, version: full ? `${greaseMajor}.0.0.0` : greaseMajor };
  list[order[1]!] = { brand: 'Chromium', version: realVersion };
  list[order[2]!] = { brand: 'Google Chrome', version: realVersion };
  return list;
}

/** `de-DE` → `['de-DE', 'de']`, as Chrome's language settings list a regional language and its base. */
export function languagesFor(locale: string): string[] {
  const base = locale.split('-')[0]!;
  return base === locale ? [locale] : [locale, base];
}

/** Kernel release as Chrome on Linux reports it in `platformVersion`: `6.8.0-45-generic` → `6.8.0`. */
function linuxPlatformVersion(): string {
  const match = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(release());
  return match ? `${match[1]}.${match[2]}.${match[3] ?? '0'}` : '';
}

export function buildFingerprint(chromiumVersion: string, settings: DisguiseSettings = {}): Fingerprint {
  const fullVersion = parseChromiumVersion(chromiumVersion);
  const major = Number(fullVersion.split('.')[0]);
  const locale = settings.locale ?? DEFAULT_LOCALE;
  return {
    // Chrome reduces its user agent to the major version; the full one is only a high-entropy client hint.
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    platform: 'Linux x86_64',
    languages: languagesFor(locale),
    locale,
    ...(settings.timezone ? { timezone: settings.timezone } : {}),
    metadata: {
      brands: chromeBrands(major, String(major), false),
      fullVersionList: chromeBrands(major, fullVersion, true),
      fullVersion,
      platform: 'Linux',
      platformVersion: linuxPlatformVersion(),
      architecture: 'x86',
      model: '',
      mobile: false,
      bitness: '64',
      wow64: false,
      formFactors: ['Desktop'],
    },
    webgl: {
      vendor: 'Google Inc. (Intel)',
      renderer: 'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
    },
  };
}

/** A language tag the browser can speak: well-formed BCP 47 with a language (`de`, `de-DE`, `zh-Hant-TW`), in canonical case. */
export function isLocale(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(value)) return false;
  try {
    return Intl.getCanonicalLocales(value)[0] === value;
  } catch {
    return false;
  }
}

/** An IANA time zone name the runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimezone(value: unknown): value is string {
  // Names only: offsets such as `+05:00` are valid for Intl but not for the browser's timezone override.
  if (typeof value !== 'string' || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
