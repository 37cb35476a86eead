/**
 * page-query (and its deprecated aliases prompt-content and summarize-content): answer a prompt from the window's
 * content, scraped as markdown. With a language model the answer is its reply (JSON when the caller gives an
 * output schema, validated and asked again once when it does not fit). Without one nothing is generated: the answer
 * is the page's own text that best fits the prompt, reported as `partial`, so a caller never mistakes it for a
 * model's answer and no JSON is ever invented.
 */
import { unappliedReadingOptions, type ReadingOptions } from './not-applied.js';
import type { JsonSchemas, SchemaCheck } from '../../ports/json-schema.js';
import { askModel } from './ask-model.js';
import { passagesOf } from './passages.js';
import { scrapeAcrossPages } from './pagination/gather.js';
import { compileSchema, mismatches, outputSchemaOf } from './output-schema.js';
import type { AnsweringModel } from '../../ports/model.js';
import type { CreditPrices } from '../resolve/credits.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { Issue } from '../shared/issues.js';
import { BudgetExceededError, type Budget } from './budget.js';
import { failed, succeeded, type OperationResult } from './result.js';
import { runWindowOperation, type OperationLimits } from './run.js';

/** What the model reads of a page: 60k tokens at about 4 characters a token, so one question stays within a model's window and a sane price. */
export const MAX_CONTEXT_TOKENS = 60_000;
const MAX_CONTEXT_CHARS = MAX_CONTEXT_TOKENS * 4;
/** How many passages an answer without a model quotes. */
const TOP_PASSAGES = 3;

export type PageQueryDeps = SessionDeps & {
  model?: AnsweringModel;
  schemas: JsonSchemas;
  config?: Partial<CreditPrices>;
};

export interface PageQueryBody extends OperationLimits {
  prompt?: string;
  followPaginationLinks?: boolean;
  configuration?: { outputSchema?: string } & ReadingOptions;
}

/** Which route asked: page-query, or a deprecated alias (which adds a warning naming page-query). */
export type PageQueryMode = 'page-query' | 'prompt-content' | 'summarize-content';

type Target = { orgId: string; sessionId: string; windowId: string };

const NOT_CONFIGURED = 'no language model is configured (set ANTHROPIC_API_KEY, or MODEL_PROVIDER=bedrock or openai)';

const QUERY_SYSTEM = [
  'You answer requests about one web page, given as markdown.',
  'Use only what the page says. When the page does not hold the answer, say so plainly; never invent facts.',
].join(' ');
const SUMMARY_SYSTEM =
  'You summarize one web page, given as markdown: its main content, faithfully and concisely. Never add facts the page does not state.';

const STOPWORDS = new Set(
  "the and for are was were what which who whom whose when where why how this that these those with from into onto about does did has have had its it's not but can you your our their there then than them they his her she him any all out per via page answer tell give explain describe summarize summarise please provide write many much".split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}]+(?:[._:][\p{L}\p{N}]+)*/gu;
/** A name joined by dots, underscores or colons ("fs.rm", "os_path", "std::vec"): a program's identifier. */
const JOINED = /[._:]/;

/** A lower-case word as compared, with a plural `s` dropped so "plans" finds "plan"; '' for a word that does not count. */
const contentWord = (word: string): string =>
  JOINED.test(word)
    ? word
    : (word.length > 2 || /\d/.test(word)) && !STOPWORDS.has(word)
      ? word.length > 3 && word.endsWith('s') && !word.endsWith('ss')
        ? word.slice(0, -1)
        : word
      : '';

/** A word as written and, for an identifier, each of its parts too ("fs.watch" is also "watch"). */
const formsOf = (word: string): string[] => (JOINED.test(word) ? [word, ...word.split(/[._:]+/)] : [word]);

/** Lower-case content words. */
const wordsOf = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(WORD) ?? []).flatMap(formsOf).map(contentWord).filter(Boolean));

/**
 * How many of the asked words a passage holds, an identifier asked for ("fs.rm") counting double: it says which
 * passage as a plain word does not. Only the passage's words that could be asked are kept, so a long page costs
 * one pass over its words, not a set of each passage's words.
 */
const sharedWords = (passage: string, asked: Set<string>, shortest: number): number => {
  const shared = new Set<string>();
  for (const written of passage.toLowerCase().match(WORD) ?? []) {
    for (const word of formsOf(written)) {
      // An asked word is at least `shortest` long, and dropping the plural `s` shortens a word by one at most.
      if (word.length < shortest) continue;
      const counted = contentWord(word);
      if (counted && asked.has(counted)) shared.add(counted);
    }
  }
  let score = 0;
  for (const word of shared) score += JOINED.test(word) ? 2 : 1;
  return score;
};

/** The passages sharing the most words with the prompt, best first (page order among equals); none when none shares half of them. */
export const bestPassages = (markdown: string, prompt: string, count = TOP_PASSAGES): string[] => {
  const asked = wordsOf(prompt);
  if (!asked.size) return [];
  const shortest = Math.min(...[...asked].map((word) => word.length));
  // A passage sharing one word of a long question ("the current price of Bitcoin in euros" met by "the current
  // version") answers nothing: it must hold at least half of what was asked.
  const needed = Math.ceil(asked.size / 2);
  return passagesOf(markdown)
    .map((passage, index) => ({
      passage,
      index,
      score: sharedWords(passage, asked, shortest),
    }))
    .filter((scored) => scored.score >= needed)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map((scored) => scored.passage);
};

/** Without a model, a summary is what the page says first: its title and opening paragraphs. */
export const leadOf = (title: string, markdown: string): string => {
  const opening = passagesOf(markdown).slice(0, TOP_PASSAGES);
  // A page whose first heading is its title (or the title less the site's name) would say it twice.
  const heading = /^#+\s+(.+)/
    .exec(opening[0] ?? '')?.[1]
    .trim()
    .toLowerCase();
  const titled = heading !== undefined && title.toLowerCase().includes(heading);
  return [title && !titled ? `# ${title}` : '', ...opening].filter(Boolean).join('\n\n');
};

const offlineAnswer = (
  mode: PageQueryMode,
  body: PageQueryBody,
  page: { title: string; markdown: string },
  wantsSchema: boolean,
  warnings: Issue[],
): OperationResult<string> => {
  if (wantsSchema) {
    return failed(
      {
        code: 'model_not_configured',
        message: `${NOT_CONFIGURED}: an answer in the output schema needs one, and none is invented`,
      },
      { warnings },
    );
  }
  if (mode === 'summarize-content') {
    const lead = leadOf(page.title, page.markdown);
    const note: Issue = {
      code: 'model_not_configured',
      message: `${NOT_CONFIGURED}: the summary is the page's title and opening paragraphs, not a generated summary`,
    };
    if (!lead)
      return failed(
        { code: 'no_content', message: 'the page has no text to summarize' },
        { warnings: [...warnings, note] },
      );
    return { status: 'partial', modelResponse: lead, credits: 0, errors: [], warnings: [...warnings, note] };
  }
  const note: Issue = {
    code: 'model_not_configured',
    message: `${NOT_CONFIGURED}: the answer is the page's passages sharing the most words with the prompt, not a generated answer`,
  };
  const passages = bestPassages(page.markdown, body.prompt ?? '');
  if (!passages.length)
    return failed(
      { code: 'no_matching_content', message: 'no passage of the page shares a word with the prompt' },
      { warnings: [...warnings, note] },
    );
  return {
    status: 'partial',
    modelResponse: passages.join('\n\n'),
    credits: 0,
    errors: [],
    warnings: [...warnings, note],
  };
};

const modelAnswer = async (
  deps: PageQueryDeps,
  model: AnsweringModel,
  budget: Budget,
  mode: PageQueryMode,
  body: PageQueryBody,
  page: { title: string; markdown: string },
  compiled: { schema: Record<string, unknown>; check: SchemaCheck } | undefined,
  warnings: Issue[],
): Promise<OperationResult<string>> => {
  const summary = mode === 'summarize-content';
  const question = summary ? `Summarize the page.${body.prompt ? ` ${body.prompt}` : ''}` : (body.prompt ?? '');
  const request = {
    system: summary ? SUMMARY_SYSTEM : QUERY_SYSTEM,
    question,
    context: `Title: ${page.title}\n\n${page.markdown}`,
    jsonSchema: compiled?.schema,
  };
  const first = await askModel(deps, model, budget, request);
  if (typeof first !== 'string') return failed(first, { warnings, credits: budget.credits });
  if (!compiled) return succeeded(first, { warnings, credits: budget.credits });
  const wrong = mismatches(first, compiled.check);
  if (!wrong.length) return succeeded(first, { warnings, credits: budget.credits });
  const mismatch = (errors: string[], after: string): Issue => ({
    code: 'output_schema_mismatch',
    message: `the answer does not match the output schema ${after}: ${errors.join('; ')}`,
    details: { errors },
  });
  // One retry, told exactly what did not fit: models usually fix a shape once shown the errors.
  let retry: Awaited<ReturnType<typeof askModel>>;
  try {
    retry = await askModel(deps, model, budget, {
      ...request,
      question: `${question}\n\nYour previous answer was ${first}\nIt does not match the output schema: ${wrong.join('; ')}. Answer again, matching the schema.`,
    });
  } catch (error) {
    // No credits left for the retry: the first answer, paid for, is what there is.
    if (!(error instanceof BudgetExceededError) || error.limit !== 'cost') throw error;
    return {
      status: 'partial',
      modelResponse: first,
      credits: budget.credits,
      errors: [mismatch(wrong, 'and the cost threshold left no retry'), error.issue],
      warnings,
    };
  }
  if (typeof retry !== 'string') return failed(retry, { warnings, credits: budget.credits });
  const still = mismatches(retry, compiled.check);
  if (!still.length) return succeeded(retry, { warnings, credits: budget.credits });
  return {
    status: 'partial',
    modelResponse: retry,
    credits: budget.credits,
    errors: [mismatch(still, 'after one retry')],
    warnings,
  };
};

export const queryPage = async (
  deps: PageQueryDeps,
  target: Target,
  body: PageQueryBody,
  mode: PageQueryMode,
  signal?: AbortSignal,
): Promise<OperationResult<string>> => {
  const warnings: Issue[] = unappliedReadingOptions(body.configuration);
  if (mode !== 'page-query')
    warnings.push({
      code: 'deprecated',
      message: `${mode} is deprecated: use page-query${mode === 'summarize-content' ? ' with a summary prompt' : ''}`,
    });
  const schemaText = outputSchemaOf(body.configuration?.outputSchema);
  const compiled = schemaText ? compileSchema(deps.schemas, schemaText) : undefined;
  const result = await runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    if (compiled && 'issue' in compiled) return failed(compiled.issue, { warnings });
    budget.check();
    const scraped = body.followPaginationLinks
      ? await scrapeAcrossPages(driver, budget, MAX_CONTEXT_CHARS)
      : await driver.scrape(budget.signal);
    budget.check();
    let markdown = scraped.markdown;
    if (markdown.length > MAX_CONTEXT_CHARS) {
      warnings.push({
        code: 'content_truncated',
        message: `the page's content was cut to its first ${MAX_CONTEXT_CHARS} characters (about ${MAX_CONTEXT_TOKENS} tokens) before answering`,
        details: { length: markdown.length, kept: MAX_CONTEXT_CHARS },
      });
      markdown = markdown.slice(0, MAX_CONTEXT_CHARS);
    }
    const page = { title: scraped.title, markdown };
    return deps.model
      ? modelAnswer(deps, deps.model, budget, mode, body, page, compiled, warnings)
      : offlineAnswer(mode, body, page, compiled !== undefined, warnings);
  });
  // A budget stop still says which route was deprecated and which options were not applied.
  return result.status === 'failure' && !result.warnings.length ? { ...result, warnings } : result;
};
