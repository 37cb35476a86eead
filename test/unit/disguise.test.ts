/**
 * The fingerprint a disguised browser presents, and how a session's configuration chooses it: Chrome's own brand list
 * for a version, languages from the locale, the proxy's exit country as the language when no locale is given, and
 * the checks that keep unusable locales and zones from reaching the browser.
 */
import { describe, expect, it } from 'vitest';
import { browserDisguise, localeOfCountry } from '../../functions/core/sessions/disguise.js';
import {
  buildFingerprint,
  chromeBrands,
  isLocale,
  isTimezone,
  languagesFor,
  parseChromiumVersion,
} from '../../functions/browser-host/stealth/fingerprint.js';

describe('fingerprint', () => {
  it("lists Chrome's brands as Chrome of that version sends them (GREASE brand, version and order from the major)", () => {
    // Chrome 120 sends `"Not_A Brand";v="8", "Chromium";v="120", "Google Chrome";v="120"`.
    expect(chromeBrands(120, '120', false)).toEqual([
      { brand: 'Not_A Brand', version: '8' },
      { brand: 'Chromium', version: '120' },
      { brand: 'Google Chrome', version: '120' },
    ]);
    expect(chromeBrands(147, '147.0.7727.0', true).map((b) => b.brand)).toEqual([
      'Google Chrome',
      'Not.A/Brand',
      'Chromium',
    ]);
  });

  it('names Chrome of the running version, reduced in the user agent and full in the high-entropy hints', () => {
    const fingerprint = buildFingerprint(parseChromiumVersion('Chromium 147.0.7727.0\n'), {
      locale: 'de-DE',
      timezone: 'Europe/Berlin',
    });
    expect(fingerprint.userAgent).toBe(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36',
    );
    expect(fingerprint.userAgent).not.toMatch(/Headless/);
    expect(fingerprint.metadata.fullVersion).toBe('147.0.7727.0');
    expect(fingerprint.metadata.fullVersionList).toContainEqual({ brand: 'Google Chrome', version: '147.0.7727.0' });
    expect(fingerprint.languages).toEqual(['de-DE', 'de']);
    expect(fingerprint.timezone).toBe('Europe/Berlin');
    expect(() => parseChromiumVersion('HeadlessChrome')).toThrow(/no Chromium version/);
  });

  it('lists a regional language with its base language, and a bare language alone', () => {
    expect(languagesFor('en-US')).toEqual(['en-US', 'en']);
    expect(languagesFor('fr')).toEqual(['fr']);
  });

  it('accepts canonical language tags and IANA zones only', () => {
    expect(['en-US', 'de', 'zh-Hant-TW'].every(isLocale)).toBe(true);
    expect(['en-us', 'english', '', 'en_US', 42].some(isLocale)).toBe(false);
    expect(['Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires'].every(isTimezone)).toBe(true);
    expect(['Mars/Olympus', '+05:00', '', 'Europe/Berlin; rm'].some(isTimezone)).toBe(false);
  });
});

describe('browserDisguise', () => {
  it('is absent for a default session, and false when the client turns it off', () => {
    expect(browserDisguise({})).toBeUndefined();
    expect(browserDisguise({ disguise: false, locale: 'de-DE' })).toBe(false);
  });

  it("takes the session's locale and zone, or the language of the proxy's exit country when no locale is given", () => {
    expect(browserDisguise({ locale: 'fr-FR', timezone: 'Europe/Paris' })).toEqual({
      locale: 'fr-FR',
      timezone: 'Europe/Paris',
    });
    expect(browserDisguise({ proxy: { url: 'http://proxy.example:3128', country: 'de' } })).toEqual({
      locale: 'de-DE',
    });
    expect(browserDisguise({ proxy: { url: 'http://proxy.example:3128', country: 'JP' }, locale: 'en-GB' })).toEqual({
      locale: 'en-GB',
    });
    // A managed proxy's country is not applied: the service has no managed proxy, so traffic does not exit there.
    expect(browserDisguise({ proxy: { country: 'DE' } })).toBeUndefined();
  });

  it('maps a country to its most likely language', () => {
    expect(localeOfCountry('BR')).toBe('pt-BR');
    expect(localeOfCountry('JP')).toBe('ja-JP');
    expect(localeOfCountry('ZZ')).toBeUndefined();
  });
});
