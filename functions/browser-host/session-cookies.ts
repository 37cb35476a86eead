/**
 * Chromium drops cookies without an expiry ("session cookies") when it exits, and those are what a site keeps a
 * login in when the user did not tick "remember me". A saved profile exists to keep that login, so the host
 * writes the session cookies into the user-data-dir before the browser closes (the profile archive takes the
 * file along), and a browser started from a profile sets them again before anyone uses it.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, CookieData } from 'puppeteer-core';

const FILE = 'session-cookies.json';

/** What Storage.setCookies needs to put a cookie back as it was (the rest is derived, like size). */
const asParam = (cookie: CookieData & { session?: boolean }): CookieData => ({
  name: cookie.name,
  value: cookie.value,
  domain: cookie.domain,
  path: cookie.path,
  secure: cookie.secure,
  httpOnly: cookie.httpOnly,
  sameSite: cookie.sameSite,
  priority: cookie.priority,
  sourceScheme: cookie.sourceScheme,
  partitionKey: cookie.partitionKey,
});

/** Writes the browser's session cookies into its user-data-dir; none: no file. */
export const keepSessionCookies = async (browser: Browser, userDataDir: string): Promise<void> => {
  const cookies = (await browser.defaultBrowserContext().cookies()).filter((cookie) => cookie.session);
  if (cookies.length === 0) return;
  await writeFile(join(userDataDir, FILE), JSON.stringify(cookies.map(asParam)), { mode: 0o600 });
};

/** Sets the session cookies a profile brought along, and removes the file (the next save writes it afresh). */
export const restoreSessionCookies = async (browser: Browser, userDataDir: string): Promise<void> => {
  const path = join(userDataDir, FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return; // a profile saved without session cookies
  }
  await rm(path, { force: true });
  const cookies = JSON.parse(text) as unknown;
  if (Array.isArray(cookies) && cookies.length > 0)
    await browser.defaultBrowserContext().setCookie(...(cookies as CookieData[]));
};
