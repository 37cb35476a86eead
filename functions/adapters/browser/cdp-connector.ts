/** The CDP client for `RemoteFleet`: puppeteer-core over the owner host's proxy. Only functions that drive a browser import it. */
import puppeteer from 'puppeteer-core';
import type { CdpConnector } from './remote-fleet.js';
import { PuppeteerSessionBrowser } from './puppeteer-session-browser.js';

export const puppeteerConnector: CdpConnector = async (endpoint, headers) =>
  new PuppeteerSessionBrowser(
    await puppeteer.connect({ browserWSEndpoint: endpoint, headers, defaultViewport: null, protocolTimeout: 60_000 }),
  );
