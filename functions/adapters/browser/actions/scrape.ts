/**
 * scrape-content: the window's main content as markdown, with its title and selected text.
 *
 * The work runs in the page's renderer (scrape/script.ts sent through CDP `Runtime.evaluate`), not in Node on
 * serialized HTML: hidden elements can only be told by computed style, open shadow roots and same-origin frames
 * can only be walked there, the browser's own DOM is faster than any DOM built in Node, and the service's event
 * loop stays free while a large page is converted. It runs in an isolated world: the page's scripts cannot tamper
 * with the code (patched built-ins), its globals are untouched, and its CSP or Trusted Types do not apply.
 */
import type { CDPSession, Page } from 'puppeteer-core';
import type { ScrapeResult } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { untilAborted } from './scrape/abort.js';
import type { PageScrape } from './scrape/page-types.js';
import { scrapeScript } from './scrape/script.js';

const WORLD = 'sessionhost-scrape';

/** Far past what the page code needs; it keeps a pathological page from holding the renderer without end. */
const EVALUATE_TIMEOUT_MS = 60_000;

const release = (session: CDPSession) => void session.detach().catch(() => undefined);

export const scrape = async (page: Page, signal: AbortSignal): Promise<ScrapeResult> => {
  signal.throwIfAborted();
  const expression = await untilAborted(scrapeScript(), signal);
  const session = await untilAborted(page.createCDPSession(), signal, release);
  try {
    // A page that navigates meanwhile takes the isolated world with it: read the next document instead.
    const evaluation = await readSettled(page, signal, async () => {
      const { frameTree } = await untilAborted(session.send('Page.getFrameTree'), signal);
      const world = await untilAborted(session.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: WORLD }), signal);
      return untilAborted(
        session.send('Runtime.evaluate', { expression, contextId: world.executionContextId, returnByValue: true, timeout: EVALUATE_TIMEOUT_MS }),
        signal,
      );
    });
    if (evaluation.exceptionDetails) {
      const details = evaluation.exceptionDetails;
      throw new Error(`the page could not be scraped: ${details.exception?.description ?? details.text}`);
    }
    const scraped = evaluation.result.value as PageScrape;
    return { title: scraped.title, markdown: scraped.markdown, ...(scraped.selectedText ? { selectedText: scraped.selectedText } : {}) };
  } finally {
    // Detaching while an evaluation is still queued (a busy page, an abort) leaves nothing behind.
    release(session);
  }
};
