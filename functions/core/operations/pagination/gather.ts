/**
 * page-query's `followPaginationLinks`: the content of the listing's further pages (next links, load-more,
 * infinite scroll) added to the first page's, each passage once, until the walk ends, a page cap, or the context
 * is full. The question is then answered once over all of it.
 */
import type { ScrapeResult, WindowDriver } from '../../../ports/window-driver.js';
import type { Budget } from '../budget.js';
import { passagesOf } from '../passages.js';
import { walkPages } from './walk.js';

/** Pages read for one question: a question over more than this is a paginated extraction. */
const MAX_PAGES = 10;

export const scrapeAcrossPages = async (
  driver: WindowDriver,
  budget: Budget,
  maxChars: number,
): Promise<ScrapeResult & { pages: number }> => {
  const seen = new Set<string>();
  const parts: string[] = [];
  let title = '';
  let length = 0;
  const walk = await walkPages(driver, budget, { mode: 'auto', maxPages: MAX_PAGES }, async (step) => {
    const page = await driver.scrape(budget.signal);
    if (step.page === 1) title = page.title;
    const fresh = passagesOf(page.markdown).filter((passage) => !seen.has(passage));
    for (const passage of fresh) seen.add(passage);
    if (fresh.length) {
      const part = `${step.page > 1 ? `\n\n---\n\n(Page ${step.page}: ${step.url})\n\n` : ''}${fresh.join('\n\n')}`;
      parts.push(part);
      length += part.length;
    }
    // A full context ends the walk: reading on would only be cut away.
    return { fresh: fresh.length > 0 && length < maxChars };
  });
  return { title, markdown: parts.join(''), pages: walk.pages };
};
