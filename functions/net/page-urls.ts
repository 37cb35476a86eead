/**
 * What a window may be pointed at: web pages, and the blank page. Everything else a browser understands reaches into
 * the machine the browser runs on (`file:` reads its disk, other sessions' profiles and the service's own data;
 * `chrome:` and `devtools:` its internals), so neither the API, the live view nor a client's CDP connection may open it.
 */
const WEB_SCHEMES = new Set(['http:', 'https:']);

export const PAGE_URL_RULE = 'must be an http or https URL (or about:blank)';

export const isPageUrl = (value: string): boolean => {
  if (value === 'about:blank') return true;
  try {
    return WEB_SCHEMES.has(new URL(value).protocol);
  } catch {
    return false;
  }
};
