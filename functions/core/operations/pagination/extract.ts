/**
 * paginated-extraction: the items a prompt asks for, from every page of a listing (next links, load-more
 * buttons, infinite scroll: see walk.ts), each item once, in the caller's output schema when given.
 *
 * With a language model, each page's content is asked for its items; a page that grew (load-more, scrolling)
 * is asked only about the passages it did not show before, so the cost follows the new content, not the page's
 * size. Items the model answers that do not fit the item schema are left out and counted in a warning.
 * Without a model, the page's own repeated structure (a table's rows, a list, a grid of cards) is copied as the
 * items, mapped to the schema by column names where it fits; the result is `partial`, with a warning, since the
 * prompt itself could not be read.
 */
import { unappliedReadingOptions } from '../not-applied.js';
import type { JsonSchemas, SchemaCheck } from '../../../ports/json-schema.js';
import type { Issue } from '../../shared/issues.js';
import { askModel } from '../ask-model.js';
import { BudgetExceededError, type Budget } from '../budget.js';
import { compileSchema, outputSchemaOf } from '../output-schema.js';
import type { PageQueryDeps } from '../page-query.js';
import { passagesOf } from '../passages.js';
import { failed, type OperationResult } from '../result.js';
import { runWindowOperation, type OperationLimits } from '../run.js';
import { ItemSet, itemsFromGroups, listShapeOf, shapeResult, type ListShape } from './items.js';
import { ListingTrail } from './listing.js';
import {
  SCROLL_CHANGE_TIMEOUT_MS,
  waitForChange,
  walkPages,
  type PaginationMode,
  type StopReason,
  type WalkStep,
} from './walk.js';
import type { WindowDriver } from '../../../ports/window-driver.js';

export interface PaginatedExtractionBody extends OperationLimits {
  prompt: string;
  configuration?: {
    outputSchema?: string;
    paginationMode?: PaginationMode;
    interactionMode?: 'auto' | 'accurate' | 'cost-efficient';
    experimental?: { scrollWithin?: string };
    scrape?: { optimizeUrls?: string };
  };
}

/** What one page's question hands the model: new passages up to this many characters (about 30k tokens). */
const MAX_PAGE_CHARS = 120_000;

const SYSTEM = [
  'You extract items from one page of a web listing, given as markdown.',
  'Return every item on the page that the request asks for, with values exactly as the page states them.',
  'Never invent, complete or guess a value; leave out an item the page does not show. An empty list is a valid answer.',
].join(' ');

type Extractor = (driver: WindowDriver, budget: Budget, step: WalkStep) => Promise<unknown[] | Issue>;

const modelExtractor = (
  deps: PageQueryDeps,
  prompt: string,
  item: Record<string, unknown>,
  check: SchemaCheck,
  warnings: Issue[],
): Extractor => {
  const model = deps.model!;
  const sent = new Set<string>();
  let dropped = 0;
  return async (driver, budget, step) => {
    const page = await driver.scrape(budget.signal);
    const fresh = passagesOf(page.markdown).filter((passage) => !sent.has(passage));
    if (!fresh.length) return [];
    let context = '';
    for (const passage of fresh) {
      if (context.length + passage.length > MAX_PAGE_CHARS) {
        if (!warnings.some((w) => w.code === 'content_truncated'))
          warnings.push({
            code: 'content_truncated',
            message: `a page's new content was cut to ${MAX_PAGE_CHARS} characters before extraction`,
          });
        break;
      }
      sent.add(passage);
      context += `${passage}\n\n`;
    }
    const answer = await askModel(deps, model, budget, {
      system: SYSTEM,
      question: `${prompt}\n\nAnswer {"items": [...]}: the items on this page (page ${step.page}, ${step.url}).`,
      context: `Title: ${page.title}\n\n${context}`,
      jsonSchema: { type: 'object', properties: { items: { type: 'array', items: item } }, required: ['items'] },
    });
    if (typeof answer !== 'string') return answer;
    let items: unknown;
    try {
      items = (JSON.parse(answer) as { items?: unknown }).items;
    } catch {
      items = undefined;
    }
    if (!Array.isArray(items))
      return {
        code: 'model_malformed_answer',
        message: `the model's answer for page ${step.page} is not {"items": [...]}: ${answer.slice(0, 200)}`,
      };
    const fitting = items.filter((candidate) => check(candidate).length === 0);
    dropped += items.length - fitting.length;
    const note = warnings.find((w) => w.code === 'items_left_out');
    if (dropped && note)
      note.message = `${dropped} item(s) the model read did not fit the item schema and were left out`;
    else if (dropped)
      warnings.push({
        code: 'items_left_out',
        message: `${dropped} item(s) the model read did not fit the item schema and were left out`,
      });
    return fitting;
  };
};

const offlineExtractor = (shape: ListShape, hasSchema: boolean): Extractor => {
  const trail = new ListingTrail();
  return async (driver, budget, step) => {
    const groups = await driver.listItems(budget.signal, trail.followed);
    const found = itemsFromGroups(trail.order(groups, step.page), shape, hasSchema);
    trail.read(found.group);
    if (found.items) return found.items;
    return {
      code: 'model_not_configured',
      message:
        'no language model is configured, and no table or list on the page has columns matching the output schema: filling it needs a model (set ANTHROPIC_API_KEY, or MODEL_PROVIDER=bedrock or openai)',
    };
  };
};

const STOPS: Record<Exclude<StopReason, 'end' | 'no_new_content' | 'max_pages'>, string> = {
  no_change: 'the next-page control did not change the page',
};

export const extractAcrossPages = (
  deps: PageQueryDeps & { schemas: JsonSchemas },
  target: { orgId: string; sessionId: string; windowId: string },
  body: PaginatedExtractionBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> =>
  runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    const warnings: Issue[] = unappliedReadingOptions(body.configuration);
    const schemaText = outputSchemaOf(body.configuration?.outputSchema);
    const compiled = schemaText ? compileSchema(deps.schemas, schemaText) : undefined;
    if (compiled && 'issue' in compiled) return failed(compiled.issue);
    const shape = listShapeOf(compiled?.schema);
    if (compiled && shape.kind === 'items') {
      warnings.push({
        code: 'output_schema_is_one_item',
        message: 'the output schema describes one object, not a list: the result is a list of such objects',
      });
    }
    if (body.configuration?.experimental?.scrollWithin) {
      warnings.push({
        code: 'scroll_within_not_applied',
        message: 'experimental.scrollWithin was not used: the page itself was scrolled',
      });
    }
    let extract: Extractor;
    if (deps.model) extract = modelExtractor(deps, body.prompt, shape.item, deps.schemas.compile(shape.item), warnings);
    else {
      warnings.push({
        code: 'model_not_configured',
        message:
          "no language model is configured: the items are the rows of the page's main table or list, copied as they are, not an answer to the prompt",
      });
      extract = offlineExtractor(shape, compiled !== undefined);
    }
    const collected = new ItemSet();
    const pages: Array<{ page: number; url: string; newItems: number }> = [];
    let failure: Issue | undefined;
    let stop: Issue | undefined;
    try {
      const walk = await walkPages(
        driver,
        budget,
        { mode: body.configuration?.paginationMode ?? 'auto' },
        async (step) => {
          let items = await extract(driver, budget, step);
          // A listing filled in by script just after load shows nothing yet: give the first page a moment to render it.
          if (step.page === 1 && Array.isArray(items) && !items.length) {
            const before = await driver.pageState(budget.signal);
            if (await waitForChange(driver, before, budget, SCROLL_CHANGE_TIMEOUT_MS))
              items = await extract(driver, budget, step);
          }
          if (!Array.isArray(items)) {
            failure = items;
            throw new StopWalk();
          }
          const added = collected.add(items);
          pages.push({ page: step.page, url: step.url, newItems: added });
          return { fresh: added > 0 };
        },
      );
      if (walk.stop === 'max_pages')
        stop = {
          code: 'max_pages_reached',
          message: `stopped after ${walk.pages} pages (the cap): the listing may have more`,
          details: { pages: walk.pages },
        };
      // A normal end needs no word; a next control that changed nothing may mean the listing was not fully read.
      else if (walk.stop === 'no_change')
        warnings.push({
          code: 'pagination_stalled',
          message: `read ${walk.pages} page(s); ${STOPS[walk.stop]}`,
          details: { pages: walk.pages },
        });
    } catch (error) {
      if (error instanceof BudgetExceededError) stop = error.issue;
      else if (!(error instanceof StopWalk)) throw error;
    }
    const result = JSON.stringify(shapeResult(shape, collected.items));
    const details = { pages, items: collected.items.length };
    if (failure) {
      if (!collected.items.length) return failed(failure, { warnings, credits: budget.credits });
      return {
        status: 'partial',
        modelResponse: result,
        credits: budget.credits,
        errors: [{ ...failure, details }],
        warnings,
      };
    }
    if (stop)
      return {
        status: 'partial',
        modelResponse: result,
        credits: budget.credits,
        errors: [{ ...stop, details: { ...stop.details, ...details } }],
        warnings,
      };
    return {
      status: deps.model ? 'success' : 'partial',
      modelResponse: result,
      credits: budget.credits,
      errors: [],
      warnings,
    };
  });

/** Ends the walk from inside a visit (a page whose items could not be read), keeping what earlier pages gave. */
class StopWalk extends Error {}
