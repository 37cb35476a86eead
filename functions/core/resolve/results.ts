/**
 * "The first result", "the wiki page result", "the ticket in the results": on a page of search results, a
 * result is one of the links listed below the search form, in the column they stand in, not a menu link that
 * happens to share a word ("Tickets", "Wiki") nor whatever link comes last on the page ("Logout"). Pages rarely
 * mark that list (no landmark, no heading but the page's title), so it is found by its place: the links after
 * the search form's last control, below it, outside the header, navigation and footer, in the left edge that
 * most of them share. A description that asks for a result is answered among those, or not at all.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Scored } from './score.js';
import type { Stated } from './stated.js';
import { columnsBy } from './equals.js';
import { candidateOf, scoredLookup } from './tier.js';
import { GENERIC } from './query-words.js';
import { says, tokensOf } from './unsaid.js';
import { STOPWORDS, words } from './words.js';

/** Parts of a page that frame its content; results are never in them. */
const FRAME = /^(?:header|footer|nav|aside|banner|contentinfo|navigation|complementary)\b/;
/** Words that say only "one of the results", never which. */
const RESULT_WORDS = new Set(['result', 'results', 'search', 'item', 'entry', 'one']);

/**
 * Whether the description asks for one result ("the first result", "the ticket in the results"), not for something
 * about the results ("the next page of results", "more results", "results per page", "sort results").
 */
const asksForResult = (description: string): boolean =>
  /\bresults?\b/i.test(description) &&
  !/\b(?:of|more|all|fewer|sort|filter|refine|clear|export|download|save|next|previous|prev|older|newer)\s+(?:the\s+)?(?:search\s+)?results\b|\bresults\s+(?:per|page|count)\b/i.test(
    description,
  );

/** Whether the page says it shows results: a title, heading or text around its controls speaks of them. */
const showsResults = (elements: SnapshotElement[]): boolean =>
  elements.some((e) =>
    [e.heading, e.near, e.role === 'heading' ? e.name : undefined].some(
      (t) => t && /\bresults?\b|\bmatch(?:es|ing)?\b|\bfound\b/i.test(t),
    ),
  );

const SEARCH_REGION = (r: string) => r === 'search' || /^search\b/i.test(r) || /^form\b.*\bsearch/i.test(r);

const inSearchForm = (element: SnapshotElement): boolean =>
  element.role === 'searchbox' || (element.region ?? []).some(SEARCH_REGION);

/** The search form an element belongs to: its regions down to the outermost search region (or its own, for a box). */
const formOf = (element: SnapshotElement): string => {
  const regions = element.region ?? [];
  const at = regions.findIndex(SEARCH_REGION);
  return (at < 0 ? regions : regions.slice(0, at + 1)).join('>');
};

/**
 * The form's own fields, in document order: its controls up to the first link or the first control inside a
 * table or list of the form. A form may wrap its results (Xapian's Omega: each result a row of a table in the
 * form, with a box to mark it relevant, and the pager's buttons below): those are not the fields asked from.
 */
const fieldsOf = (elements: SnapshotElement[], form: number[]): number[] => {
  const key = formOf(elements[form[0]]);
  const inner = (e: SnapshotElement) =>
    (e.region ?? []).length > key.split('>').length && /^(?:table|list)\b/.test((e.region ?? []).at(-1) ?? '');
  const end = form.findIndex((i) => elements[i].role === 'link' || inner(elements[i]));
  return end < 0 ? form : end === 0 ? form.slice(0, 1) : form.slice(0, end);
};

/**
 * The links listed after a search form's fields and below them, outside the page's frame, in document order;
 * links that follow one to the same place (a result's title, then its address) are that one result.
 */
const linksAfter = (elements: SnapshotElement[], form: number[]): SnapshotElement[] => {
  const fields = fieldsOf(elements, form);
  const last = Math.max(...fields);
  const bottom = Math.max(...fields.map((i) => elements[i].box.y + elements[i].box.height));
  const links = elements.slice(last + 1).filter(
    (e) =>
      e.interactive &&
      e.visible &&
      e.role === 'link' &&
      e.box.y >= bottom &&
      // A page wrapped whole in an `aside` or `header` still has its results in `main`.
      ((e.region ?? []).includes('main') || !(e.region ?? []).some((r) => FRAME.test(r))),
  );
  return links;
};

/**
 * The results among those links: one per place (a result's title, then its address to the same place, are one).
 * Where most results are such pairs, a link that ends the list without one is no result but the page's own
 * ("ht://Dig 3.2.0b6", the program that made the page, below the last result and in its column).
 */
const resultsOf = (links: SnapshotElement[]): SnapshotElement[] | undefined => {
  const count = new Map<string, number>();
  for (const e of links) if (e.href) count.set(e.href, (count.get(e.href) ?? 0) + 1);
  const column = mainColumn(links.filter((e, i) => !e.href || e.href !== links[i - 1]?.href));
  if (!column) return undefined;
  const paired = (e: SnapshotElement) => (count.get(e.href ?? '') ?? 0) > 1;
  const pairs = column.filter(paired).length;
  if (pairs < MIN_PAIRS || pairs < PAIRED_SHARE * column.length) return column;
  let end = column.length;
  while (end > 0 && !paired(column[end - 1])) end -= 1;
  return column.slice(0, end);
};
/** Results in pairs this many times, and at least this share of them, make a list of pairs. */
const MIN_PAIRS = 3;
const PAIRED_SHARE = 0.6;

/** Of several columns of links, the one most of them stand in; undefined when two are as long (no one list). */
const mainColumn = (links: SnapshotElement[]): SnapshotElement[] | undefined => {
  const columns = columnsBy(links, (e) => e);
  const widest = Math.max(...columns.map((c) => c.length));
  const main = columns.filter((c) => c.length === widest);
  // Two columns of equal length (a result's title and its "cached" link) are no one list to count.
  return main.length === 1 ? main[0] : undefined;
};

/**
 * The search results of the page in document order, or undefined when it shows none. A page may have two search
 * forms (one in its header, one above the results, in either order in the document): the results follow the
 * last form that has links after and below it.
 */
export const searchResults = (elements: SnapshotElement[]): SnapshotElement[] | undefined => {
  if (!showsResults(elements)) return undefined;
  const forms = new Map<string, number[]>();
  elements.forEach((e, i) => {
    if (!inSearchForm(e) || !e.visible || e.box.height <= 0) return;
    const key = formOf(e);
    forms.set(key, [...(forms.get(key) ?? []), i]);
  });
  const byLast = [...forms.values()].sort((a, b) => Math.max(...b) - Math.max(...a));
  for (const form of byLast) {
    const links = linksAfter(elements, form);
    if (links.length) return resultsOf(links);
  }
  return undefined;
};

/** The words that say which result: not the result word itself, stop words, generic words or the kind. */
const whichWords = (stated: Stated): string[] =>
  [...new Set([...stated.query.terms, ...stated.query.hints])].filter(
    (w) => !RESULT_WORDS.has(w) && !STOPWORDS.has(w) && !GENERIC.has(w) && w !== stated.query.kindWord,
  );

/**
 * The answer to a description that asks for a result: the result its ordinal counts, or the one result that
 * says its other words; an answer that is no result becomes an abstention. Undefined when the description asks
 * for no result, or the answer is one.
 */
export const resultAsked = (answer: Answer, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (!asksForResult(stated.description) || stated.intent === 'type' || stated.query.relation) return undefined;
  const matched = 'match' in answer ? answer.match : undefined;
  // A control named for results ("Search results", "Next results") is what the words name.
  if (matched && words(matched.name).some((w) => RESULT_WORDS.has(w) && w !== 'search' && w !== 'one'))
    return undefined;
  const results = searchResults(stated.snapshot.elements);
  const which = whichWords(stated);
  const saysWhich = (e: SnapshotElement) => which.every((w) => says(tokensOf(e), w));
  if (results) {
    // A result already chosen (counted under the results' heading) stands: the list found here may hold more.
    if (matched && results.includes(matched) && saysWhich(matched)) return undefined;
    const { ordinal } = stated.query;
    const named = results.filter(saysWhich);
    // Counted by the ordinal, or else the one result that says the words (none said: no result is meant above others).
    const pick =
      ordinal !== undefined
        ? named[ordinal > 0 ? ordinal - 1 : named.length + ordinal]
        : which.length && named.length === 1
          ? named[0]
          : undefined;
    if (pick) return { match: pick, confidence: 0.6 };
  }
  const listed = (results ?? []).slice(0, 4).map(scoredLookup(sorted, stated.snapshot.elements));
  return {
    none: true,
    reason: results
      ? 'the description asks for a search result, and no result of the page fits it alone; say which one'
      : 'the description asks for a search result, and the page shows no list of results after a search form',
    closest: [...(matched ? sorted.filter((s) => s.element === matched) : []), ...listed].slice(0, 5).map(candidateOf),
  };
};
