/**
 * How a session's browser presents itself to pages, from its configuration: a desktop Chrome in the session's
 * locale and time zone, unless the client turned the disguise off. A session whose proxy names the country its
 * traffic exits in, and that names no locale, speaks that country's language: a German exit with an American
 * browser is itself a signal.
 */
import type { BrowserDisguise } from '../../ports/browser.js';
import type { SessionConfiguration } from './model.js';

/** `DE` → `de-DE`: the country's most likely language (CLDR's likely subtags, through Intl). */
export const localeOfCountry = (country: string): string | undefined => {
  try {
    const region = country.toUpperCase();
    const likely = new Intl.Locale('und', { region }).maximize();
    // An unknown region comes back as another one (`ZZ` → `en-Latn-US`): no language is known for it.
    return likely.language !== 'und' && likely.region === region ? `${likely.language}-${region}` : undefined;
  } catch {
    return undefined;
  }
};

/** The exit country of a proxy the session really uses (`{url, country}`); managed-proxy forms use none. */
const proxyCountry = (proxy: unknown): string | undefined => {
  if (typeof proxy !== 'object' || proxy === null || Array.isArray(proxy)) return undefined;
  const { url, country } = proxy as { url?: unknown; country?: unknown };
  return typeof url === 'string' && typeof country === 'string' ? country : undefined;
};

export const browserDisguise = (
  configuration: Pick<SessionConfiguration, 'locale' | 'timezone' | 'disguise' | 'proxy'>,
): BrowserDisguise | false | undefined => {
  if (configuration.disguise === false) return false;
  const country = proxyCountry(configuration.proxy);
  const locale = configuration.locale ?? (country ? localeOfCountry(country) : undefined);
  const { timezone } = configuration;
  if (!locale && !timezone) return undefined;
  return { ...(locale ? { locale } : {}), ...(timezone ? { timezone } : {}) };
};
