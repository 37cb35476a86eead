/**
 * The anchor: what a user would write instead of calling this service, puppeteer-core driving the same Chromium
 * binary with the same flags (chromium.ts), each operation its ordinary puppeteer call.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import TurndownService from 'turndown';
import { chromiumArgs, DEFAULT_WINDOW } from '../../../functions/browser-host/chromium.js';
import type { FloorSide } from './plan.js';
import { browserKind } from '../../../functions/browser-host/browser-kind.js';

const QUALITY = 80;

export const directSide = (executablePath: string, uploadPath: string): FloorSide<Page> => {
  let browser: Browser | undefined;
  let userDataDir = '';
  const turndown = new TurndownService();
  const element = async (page: Page, selector: string) => {
    const handle = await page.$(selector);
    if (!handle) throw new Error(`direct: no element ${selector}`);
    return handle as ElementHandle<HTMLInputElement>;
  };
  return {
    async ready() {
      userDataDir = await mkdtemp(join(tmpdir(), 'floor-direct-'));
      browser = await puppeteer.launch({
        executablePath,
        args: chromiumArgs({ userDataDir }),
        // As the service's launcher does: the shell's own mode for the shell, the new headless mode for a full Chromium.
        headless: (await browserKind(executablePath)) === 'full' ? true : 'shell',
        defaultViewport: null,
      });
      await browser.newPage();
    },
    async prepare() {},
    async open(url) {
      const page = await browser!.newPage();
      await page.setViewport(DEFAULT_WINDOW);
      await page.goto(url, { waitUntil: 'load' });
      return page;
    },
    async load(page, url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async scrape(page) {
      turndown.turndown(await page.content());
    },
    async read(page) {
      await page.evaluate(() => document.body.innerText);
    },
    async screenshot(page) {
      await page.screenshot({ type: 'jpeg', quality: QUALITY });
    },
    async fullPageScreenshot(page) {
      await page.screenshot({ type: 'jpeg', quality: QUALITY, fullPage: true });
    },
    async click(page, target) {
      await page.click(target.selector);
    },
    async hover(page, target) {
      await page.hover(target.selector);
    },
    async type(page, target, text) {
      await page.type(target.selector, text);
    },
    async scroll(page, pixels) {
      await page.evaluate((by) => window.scrollBy(0, by), pixels);
    },
    async fileInput(page, target) {
      await (await element(page, target.selector)).uploadFile(uploadPath);
    },
    async terminate() {
      await browser?.close();
      browser = undefined;
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
};
