/**
 * scrape-content: the window's main content as markdown, with the page title and any selected text. No model is
 * involved, so it costs no credits. `contentType` is `text/markdown` (RFC 7763): the text is GitHub-flavoured
 * markdown, which the contract's "usually text/plain" allows clients to read as plain text too.
 */
import type { SessionDeps } from '../sessions/deps.js';
import type { OperationResult } from './result.js';
import { succeeded } from './result.js';
import { runWindowOperation, type OperationLimits } from './run.js';

export const SCRAPE_CONTENT_TYPE = 'text/markdown';

/**
 * Past this many characters the text is cut (with a warning): a response has to fit through API Gateway and Lambda
 * (6 MB), and JSON escaping can grow text by a fifth.
 */
export const MAX_SCRAPE_CHARS = 4_000_000;

export interface ScrapeOutput {
  scrapedContent: { contentType: string; text: string };
  title: string;
  selectedText?: string;
}

const empty = (): ScrapeOutput => ({ scrapedContent: { contentType: SCRAPE_CONTENT_TYPE, text: '' }, title: '' });

export const scrapeWindow = async (
  deps: SessionDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  limits: OperationLimits,
  signal?: AbortSignal,
): Promise<OperationResult<ScrapeOutput>> => {
  const result = await runWindowOperation(deps, target, limits, signal, async ({ driver, budget }) => {
    budget.check();
    const page = await driver.scrape(budget.signal);
    budget.check();
    const length = page.length ?? page.markdown.length;
    const truncated = length > MAX_SCRAPE_CHARS;
    const output: ScrapeOutput = {
      scrapedContent: {
        contentType: SCRAPE_CONTENT_TYPE,
        text: truncated ? page.markdown.slice(0, MAX_SCRAPE_CHARS) : page.markdown,
      },
      title: page.title,
      ...(page.selectedText ? { selectedText: page.selectedText } : {}),
    };
    const warnings = truncated
      ? [
          {
            code: 'content_truncated',
            message: `the page's markdown was cut to its first ${MAX_SCRAPE_CHARS} characters`,
            details: { length, kept: MAX_SCRAPE_CHARS },
          },
        ]
      : [];
    return succeeded(output, { warnings });
  });
  // A stopped operation (a budget limit) answers the response's shape all the same, with nothing scraped.
  return typeof result.modelResponse === 'string'
    ? { ...result, modelResponse: empty() }
    : (result as OperationResult<ScrapeOutput>);
};
