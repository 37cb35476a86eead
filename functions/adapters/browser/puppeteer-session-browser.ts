/** One session's browser driven over CDP with puppeteer-core: the `SessionBrowser` port. */
import type { Browser, Page, Target } from 'puppeteer-core';
import type { NavigateOptions, NavigationResult, SessionBrowser, WindowInfo } from '../../ports/browser.js';
import { navigate } from './navigate.js';
import { PuppeteerWindowDriver } from './window-driver.js';
import { targetIdOf, windowInfoOf } from './targets.js';

const isWindow = (target: Target) => target.type() === 'page';

export class PuppeteerSessionBrowser implements SessionBrowser {
  constructor(readonly browser: Browser) {}

  async windows(): Promise<WindowInfo[]> {
    return this.browser.targets().filter(isWindow).map(windowInfoOf);
  }

  async window(windowId: string): Promise<WindowInfo | undefined> {
    const target = this.target(windowId);
    return target ? windowInfoOf(target) : undefined;
  }

  /** The window's page, for operations on it; undefined when no such window. */
  async page(windowId: string): Promise<Page | undefined> {
    return (await this.target(windowId)?.page()) ?? undefined;
  }

  async openWindow(options: NavigateOptions & { url: string; width: number; height: number }) {
    const page = await this.browser.newPage();
    await page.setViewport({ width: options.width, height: options.height });
    const navigation = await navigate(page, options.url, options);
    return { window: { ...windowInfoOf(page.target()), url: page.url(), title: await safeTitle(page) }, navigation };
  }

  async navigate(windowId: string, url: string, options: NavigateOptions): Promise<NavigationResult> {
    const page = await this.page(windowId);
    if (!page) return { timedOut: false, error: `window ${windowId} is gone` };
    return navigate(page, url, options);
  }

  async closeWindow(windowId: string): Promise<boolean> {
    const page = await this.page(windowId);
    if (!page) return false;
    await page.close();
    return true;
  }

  async resize(windowId: string, width: number, height: number): Promise<void> {
    await (await this.page(windowId))?.setViewport({ width, height });
  }

  async driver(windowId: string): Promise<PuppeteerWindowDriver | undefined> {
    const page = await this.page(windowId);
    return page ? new PuppeteerWindowDriver(page) : undefined;
  }

  private target(windowId: string): Target | undefined {
    return this.browser.targets().find((target) => isWindow(target) && targetIdOf(target) === windowId);
  }
}

/** A page busy with a dialog or a long script still answers with its target's last known title. */
const safeTitle = (page: Page): Promise<string> =>
  Promise.race([page.title(), new Promise<string>((resolve) => setTimeout(() => resolve(windowInfoOf(page.target()).title), 500).unref())]).catch(
    () => windowInfoOf(page.target()).title,
  );
