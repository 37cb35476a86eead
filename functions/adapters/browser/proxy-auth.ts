/** Proxy credentials: Chromium takes only the proxy's address at launch, so each page answers the auth challenge. */
import type { Page } from 'puppeteer-core';
import type { ProxySettings } from '../../ports/browser.js';

export const proxyAuthenticator = (proxy: ProxySettings | undefined) => async (page: Page): Promise<void> => {
  if (proxy?.username !== undefined) await page.authenticate({ username: proxy.username, password: proxy.password ?? '' });
};
