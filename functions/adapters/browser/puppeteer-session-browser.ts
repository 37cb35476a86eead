/** One session's browser driven over CDP with puppeteer-core: the `SessionBrowser` port. */
import type { Browser, CDPSession, Page, Target } from 'puppeteer-core';
import type { NavigateOptions, NavigationResult, SessionBrowser, WindowInfo } from '../../ports/browser.js';
import { cdpOf } from './actions/screenshot/cdp.js';
import { closeTarget } from '../../cdp/close-target.js';
import { navigateOrDownload } from './navigation-downloads.js';
import { PuppeteerWindowDriver } from './window-driver.js';
import { currentWindow, currentWindows, targetIdOf } from './targets.js';

const isWindow = (target: Target) => target.type() === 'page';

/** How long a window whose first load failed may take to show the error page for its address. */
const ERROR_PAGE_WAIT_MS = 5_000;
const ERROR_PAGE_POLL_MS = 50;

/**
 * The error page's own title once its document is parsed; undefined while it is not, while the blank page it
 * replaces is still the one read, or when it cannot be read in time.
 */
const parsedTitle = async (page: Page): Promise<string | undefined> => {
  const read = page.evaluate(() =>
    document.readyState === 'loading' || location.href === 'about:blank' ? undefined : document.title,
  );
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, ERROR_PAGE_POLL_MS * 4));
  return Promise.race([read.catch(() => undefined), late]);
};

/**
 * The window once Chromium's error page for a failed first load is shown in full. The page commits after the failure
 * is reported, and is titled by its address until its parser reaches its own title ("127.0.0.1:8080", then
 * "127.0.0.1"): the answer waits for both, and for the browser to report that title, so the windows list says the
 * same later. Bounded: a page still not settled is answered as it is.
 */
const errorPageShown = async (page: Page, browserCdp: CDPSession, windowId: string) => {
  const deadline = Date.now() + ERROR_PAGE_WAIT_MS;
  let current = await currentWindow(browserCdp, windowId);
  while (current && Date.now() < deadline) {
    if (current.url !== 'about:blank') {
      const title = await parsedTitle(page);
      if (title !== undefined && (title === '' || title === current.title)) break;
    }
    await new Promise((resolve) => setTimeout(resolve, ERROR_PAGE_POLL_MS));
    current = await currentWindow(browserCdp, windowId);
  }
  return current;
};

export class PuppeteerSessionBrowser implements SessionBrowser {
  /** A session on the browser target, for browser-wide questions (the windows as they are now). */
  private browserSession?: Promise<CDPSession>;
  /** How many loads each window has had started through this connection: a later count means a later load. */
  private readonly loads = new Map<string, number>();

  /**
   * Rejects once the connection to the browser is gone. Some puppeteer waits do not end with it (newPage waits 30 s
   * for a target the dead browser never announces): every call of this port races it, so none outlives its browser.
   */
  private readonly disconnected: Promise<never>;

  constructor(readonly browser: Browser) {
    this.disconnected = new Promise<never>((_, reject) => {
      const gone = () => reject(new Error('the browser connection closed'));
      if (!browser.connected) gone();
      else browser.once('disconnected', gone);
    });
    this.disconnected.catch(() => undefined); // observed by the calls that race it, if any
  }

  private drawsTabs?: Promise<boolean>;

  /**
   * Whether a tab behind another is still drawn. A full Chromium stops drawing such a tab and throttles it, so there
   * each window gets a browser window of its own, or one window opened after another would leave the first half
   * asleep; a window of its own costs it 200 to 350 ms more per window opened (`npm run bench -- --only floor`).
   * The headless shell (its product is HeadlessChrome) draws every tab, so there windows stay tabs and pay nothing.
   */
  private drawsBackgroundTabs(): Promise<boolean> {
    this.drawsTabs ??= this.browser.version().then(
      (product) => product.startsWith('HeadlessChrome/'),
      () => false,
    );
    return this.drawsTabs;
  }

  private whileConnected<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.disconnected]);
  }

  async windows(): Promise<WindowInfo[]> {
    return this.whileConnected(this.browserCdp().then(currentWindows));
  }

  async window(windowId: string): Promise<WindowInfo | undefined> {
    return this.whileConnected(this.browserCdp().then((cdp) => currentWindow(cdp, windowId)));
  }

  /** The window's page, for operations on it; undefined when no such window. */
  async page(windowId: string): Promise<Page | undefined> {
    // Its dialogs are the host's to answer (browser-host/dialogs.ts), from before the page's first script.
    return (await this.target(windowId)?.page()) ?? undefined;
  }

  openWindow(options: NavigateOptions & { url: string; width: number; height: number }) {
    return this.whileConnected(this.openWindowNow(options));
  }

  private async openWindowNow(options: NavigateOptions & { url: string; width: number; height: number }) {
    const page = await this.browser.newPage((await this.drawsBackgroundTabs()) ? undefined : { type: 'window' });
    // The screenshot session is attached while the page loads, not on the window's first screenshot.
    cdpOf(page).catch(() => undefined);
    await page.setViewport({ width: options.width, height: options.height });
    const navigation = await navigateOrDownload(page, options.url, options);
    const windowId = targetIdOf(page.target());
    const browserCdp = await this.browserCdp();
    // A load that failed (refused, unresolvable) shows Chromium's error page for its address, committed a moment
    // after the failure is reported: wait for it, so this answer and the windows list agree. (An aborted load, such
    // as a 204 answer, commits nothing and stays blank.)
    const errorPageComing =
      navigation.error !== undefined && navigation.error !== 'net::ERR_ABORTED' && options.url !== 'about:blank';
    const current = errorPageComing
      ? await errorPageShown(page, browserCdp, windowId)
      : await currentWindow(browserCdp, windowId);
    // Closed already (by a CDP client, say): the id is still the answer; the page's last known URL goes with it.
    const window = current ?? { windowId, url: page.url(), title: '' };
    return { window, navigation };
  }

  navigate(windowId: string, url: string, options: NavigateOptions): Promise<NavigationResult> {
    return this.whileConnected(this.navigateNow(windowId, url, options));
  }

  private async navigateNow(windowId: string, url: string, options: NavigateOptions): Promise<NavigationResult> {
    const page = await this.page(windowId);
    if (!page) return { timedOut: false, error: `window ${windowId} is gone` };
    const generation = (this.loads.get(windowId) ?? 0) + 1;
    this.loads.set(windowId, generation);
    const result = await navigateOrDownload(page, url, options);
    // A load started on the window meanwhile replaced this one. Puppeteer counts the later page's `load` event as this
    // load's and calls it a success; for Chromium the replaced navigation ended in ERR_ABORTED, and so it is here.
    if (this.loads.get(windowId) !== generation && !result.error && !result.download) {
      return { timedOut: false, error: 'net::ERR_ABORTED (a later load of this window replaced it)' };
    }
    return result;
  }

  async closeWindow(windowId: string): Promise<boolean> {
    // Not page.close(): it waits for a close that Chromium may drop (close-target.ts).
    this.loads.delete(windowId);
    const cdp = await this.whileConnected(this.browserCdp());
    return this.whileConnected(
      closeTarget((method, params) => cdp.send(method as 'Target.getTargets', params as never) as never, windowId),
    );
  }

  async resize(windowId: string, width: number, height: number): Promise<void> {
    await (await this.page(windowId))?.setViewport({ width, height });
  }

  async restoreViewport(windowId: string): Promise<void> {
    const page = await this.whileConnected(this.page(windowId));
    const viewport = page?.viewport();
    // Sent again even though it is unchanged here: the page's emulation was another connection's meanwhile.
    if (page && viewport) await page.setViewport(viewport);
  }

  async driver(windowId: string): Promise<PuppeteerWindowDriver | undefined> {
    const page = await this.whileConnected(this.page(windowId));
    return page ? new PuppeteerWindowDriver(page) : undefined;
  }

  private target(windowId: string): Target | undefined {
    return this.browser.targets().find((target) => isWindow(target) && targetIdOf(target) === windowId);
  }

  /** Attached once and kept: attaching costs a round trip. A session lost with its connection is attached again. */
  private async browserCdp(): Promise<CDPSession> {
    // Set before any await, so concurrent callers share one attach.
    this.browserSession ??= this.browser.target().createCDPSession();
    const session = await this.browserSession.catch((error: unknown) => {
      this.browserSession = undefined;
      throw error;
    });
    if (!session.detached) return session;
    this.browserSession = this.browser.target().createCDPSession();
    return this.browserSession;
  }
}
