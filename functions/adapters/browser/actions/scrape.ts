/**
 * scrape-content: the window's main content as markdown, with its title and selected text.
 *
 * The work runs in the page's renderer (scrape/script.ts sent through CDP `Runtime.evaluate`), not in Node on
 * serialized HTML: hidden elements can only be told by computed style, open shadow roots and same-origin frames
 * can only be walked there, the browser's own DOM is faster than any DOM built in Node, and the service's event
 * loop stays free while a large page is converted. It runs in an isolated world: the page's scripts cannot tamper
 * with the code (patched built-ins), its globals are untouched, and its CSP or Trusted Types do not apply.
 */
import type { Page } from 'puppeteer-core';
import type { ScrapeResult } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { untilAborted } from './scrape/abort.js';
import type { PageScrape } from './scrape/page-types.js';
import { scrapeScript } from './scrape/script.js';
import { keptCall, evaluateInWorld, PageScriptError } from './world.js';

/** Far past what the page code needs; it keeps a pathological page from holding the renderer without end. */
const EVALUATE_TIMEOUT_MS = 60_000;

export const scrape = async (page: Page, signal: AbortSignal): Promise<ScrapeResult> => {
  signal.throwIfAborted();
  const expression = keptCall(await untilAborted(scrapeScript(), signal));
  let scraped: PageScrape;
  try {
    // A page that navigates meanwhile takes the isolated world with it: read the next document instead.
    scraped = await readSettled(page, signal, () =>
      evaluateInWorld<PageScrape>(page, expression, signal, { timeoutMs: EVALUATE_TIMEOUT_MS }),
    );
  } catch (error) {
    if (signal.aborted || !(error instanceof PageScriptError)) throw error;
    throw new Error(`the page could not be scraped: ${error.message}`);
  }
  return {
    title: scraped.title,
    markdown: scraped.markdown,
    ...(scraped.length !== undefined ? { length: scraped.length } : {}),
    ...(scraped.selectedText ? { selectedText: scraped.selectedText } : {}),
  };
};
