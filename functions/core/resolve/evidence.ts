/**
 * Where each description word is found on each element, and how well: the text half of scoring. Texts repeat a
 * lot on big pages ("Add to cart" × 5,000), so matching is done once per distinct string, and results go into
 * flat typed arrays (one row per element) rather than thousands of small objects.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import { isField } from './fields.js';
import type { Query } from './query.js';
import { camelParts, STOPWORDS, stemOf, tokenMatch, words } from './words.js';

type TextField =
  | 'name'
  | 'label'
  | 'text'
  | 'placeholder'
  | 'title'
  | 'alt'
  | 'value'
  | 'near'
  | 'row'
  | 'column'
  | 'heading'
  | 'href'
  | 'attributes'
  | 'frame'
  | 'type'
  | 'rel'
  | 'purpose';

/** Where words may be found, and how much a word found there counts. Primary fields are the element's own names. */
const FIELDS: Array<{ field: TextField | 'region'; weight: number; primary?: boolean }> = [
  { field: 'name', weight: 1, primary: true },
  { field: 'label', weight: 1, primary: true },
  { field: 'text', weight: 0.9, primary: true },
  { field: 'placeholder', weight: 0.9, primary: true },
  { field: 'alt', weight: 0.9, primary: true },
  { field: 'title', weight: 0.85, primary: true },
  // What the page says a link is in its sequence of pages (rel=next, accesskey=p): as good as its own words.
  { field: 'rel', weight: 0.9, primary: true },
  // What an unnamed text field is for, when its markup says it (see `purposeOf`): as good as a name.
  { field: 'purpose', weight: 0.9, primary: true },
  { field: 'near', weight: 0.7 },
  { field: 'row', weight: 0.7 },
  { field: 'column', weight: 0.6 },
  { field: 'value', weight: 0.5 },
  { field: 'type', weight: 0.5 },
  { field: 'heading', weight: 0.5 },
  { field: 'region', weight: 0.5 },
  { field: 'attributes', weight: 0.45 },
  { field: 'href', weight: 0.4 },
  { field: 'frame', weight: 0.4 },
];

/** What an unnamed field's id or name attribute weighs: as much as the text before it (`near`). */
const UNNAMED_ATTRIBUTES = 0.7;

/** The names pages give the text field of a search when they give it no label ("q", "query", "search1"). */
const SEARCH_NAMES = /^(?:q|query|search|searchterm|search_query|keywords?)\d*$/i;

/**
 * "The search box" where the box has no name at all (no label, no placeholder): a screen reader still says it is
 * in a search (a `role=search` form, `type=search`), and its developers named it "q". That is what it is for, and
 * what a person calls it. Only for a field one types into, with no name of its own.
 */
const purposeOf = (e: SnapshotElement): string | undefined => {
  if (!e.editable || e.name || e.label || e.placeholder) return undefined;
  const inSearch =
    e.role === 'searchbox' ||
    e.type === 'search' ||
    (e.region ?? []).some((r) => r === 'search' || r.startsWith('search ')) ||
    (e.attributes ?? '').split(' ').some((a) => SEARCH_NAMES.test(a));
  return inSearch ? 'search' : undefined;
};

/** Elements of one region share its array: join each once. */
const joinedRegions = new WeakMap<string[], string>();
const fieldValue = (element: SnapshotElement, field: TextField | 'region'): string | undefined => {
  if (field === 'purpose') return purposeOf(element);
  if (field !== 'region') return element[field];
  const region = element.region;
  if (!region) return undefined;
  let joined = joinedRegions.get(region);
  if (joined === undefined) joinedRegions.set(region, (joined = region.join(' ')));
  return joined;
};

/** Shared by every string that matches nothing (most of them): read only. */
const NO_MATCHES = new Float64Array(64);

interface StringMatch {
  /** Per wanted word (terms, then optional words, then hints): its best match among the string's tokens. */
  matches: Float64Array;
  /** Share of the string's meaningful tokens that some wanted word matches. */
  precision: number;
  /** The string's meaningful tokens are exactly the description's terms. */
  exact: boolean;
  tokens: string[];
}

/** The longest name read as an acronym's words ("Internet Engineering Task Force"). */
const ACRONYM_MAX = 6;

/** How much a description word found as one part of a camel-case word counts: a name of its own ("Map") counts more. */
const PART = 0.9;

/**
 * The description's words found as the parts of a camel-case word, only when they say every part of it that is not
 * a stop word: one part alone ("the last entry" and HasEntry, "the MacPorts port" and MacPorts) is another name
 * sharing a word, not a name said apart.
 */
const matchParts = (parts: string[], wanted: string[], initials: Set<string>): Float64Array | undefined => {
  const found = new Float64Array(wanted.length);
  for (const part of parts) {
    if (STOPWORDS.has(part)) continue;
    let said = false;
    if (initials.has(part[0]) || part.length > 6) {
      const stem = stemOf(part);
      for (let w = 0; w < wanted.length; w += 1) {
        const m = PART * tokenMatch(wanted[w], stem);
        if (m === 0) continue;
        if (m > found[w]) found[w] = m;
        said = true;
      }
    }
    if (!said) return undefined;
  }
  return found;
};

/** Most kinds of token match (same, prefix) start with the same letter: other short tokens are skipped unexamined. */
/**
 * A compound written closed on one side and open on the other: "Setup" for "set up", "Web site" for "website",
 * "Check out" for "checkout". Pairs of the description's consecutive words, joined, and its long words, each
 * met by two consecutive words of a name joined.
 */
interface Compounds {
  /** [index of the pair's first word, the pair joined and stemmed]. */
  open: Array<[number, string]>;
  /** A description word of at least this many letters may be two words of a name written apart. */
  closedFrom: number;
}

const compoundsOf = (wanted: string[]): Compounds => {
  const open: Array<[number, string]> = [];
  for (let w = 0; w + 1 < wanted.length; w += 1)
    if (wanted[w].length >= 2 && wanted[w + 1].length >= 2 && !/\d/.test(wanted[w] + wanted[w + 1]))
      open.push([w, stemOf(wanted[w] + wanted[w + 1])]);
  return { open, closedFrom: 5 };
};

/**
 * How much a word met as a compound written the other way counts: as the word itself. (0.9, as for camel-case
 * parts, let a paraphrase's stray word outrank it: "the Debian web site" went to "Web Browsers".)
 */
const JOINED = 1;

const NO_COMPOUNDS: Compounds = { open: [], closedFrom: Number.POSITIVE_INFINITY };

const matchString = (
  value: string,
  wanted: string[],
  initials: Set<string>,
  termTokens: string[],
  compounds: Compounds,
): StringMatch => {
  const tokens = words(value);
  const humps = camelParts(value);
  let matches: Float64Array | undefined;
  let meaningful = 0;
  let covered = 0;
  let exact = termTokens.length > 0;
  let position = 0;
  /** The initials of the meaningful tokens, for a wanted word written as their acronym. */
  let letters = '';
  // Numbering before a title ("37. Triggers", "4.8.2 Keyword Arguments") is no part of its name.
  let numbering = true;
  // In a code name ("sort_by", "with_capacity") a stop word is part of the name: "sort" is not "sort_by".
  // (Two substring tests, not a parse: this runs for every distinct string of a page on every resolution.)
  const code = value.includes('_');
  let previous = '';
  let previousMissed = false;
  for (const token of tokens) {
    const stop = STOPWORDS.has(token) && !(code && (value.includes(`${token}_`) || value.includes(`_${token}`)));
    if (numbering && !/^\d+(?:\.\d+)*$/.test(token)) numbering = false;
    let hit = false;
    // A long token may hold a wanted word after a short prefix ("gitworkflows"): examined whatever its initial.
    if (initials.has(token[0]) || token.length > 6) {
      const stem = stemOf(token);
      for (let w = 0; w < wanted.length; w += 1) {
        const m = tokenMatch(wanted[w], stem);
        if (m === 0) continue;
        matches ??= new Float64Array(wanted.length);
        if (m > matches[w]) matches[w] = m;
        hit = true;
      }
    }
    if (token.length >= compounds.closedFrom && !/\d/.test(token))
      for (const [w, joined] of compounds.open) {
        if (joined !== token && joined !== stemOf(token)) continue;
        matches ??= new Float64Array(wanted.length);
        matches[w] = Math.max(matches[w], JOINED);
        matches[w + 1] = Math.max(matches[w + 1], JOINED);
        hit = true;
      }
    if (previous.length >= 2 && token.length >= 2 && previous.length + token.length >= compounds.closedFrom) {
      const joined = stemOf(previous + token);
      for (let w = 0; w < wanted.length; w += 1) {
        if (wanted[w] !== joined || /\d/.test(joined)) continue;
        matches ??= new Float64Array(wanted.length);
        matches[w] = Math.max(matches[w], JOINED);
        hit = true;
        // The first half, counted before as a word the description does not say, is part of what it says.
        if (previousMissed) covered += 1;
        previousMissed = false;
      }
    }
    previous = token;
    const parts = humps?.get(token);
    const partMatches = parts && matchParts(parts, wanted, initials);
    if (partMatches) {
      matches ??= new Float64Array(wanted.length);
      for (let w = 0; w < wanted.length; w += 1) if (partMatches[w] > matches[w]) matches[w] = partMatches[w];
      hit = true;
    }
    if (stop || (numbering && !hit)) {
      previousMissed = false;
      continue;
    }
    meaningful += 1;
    if (hit) covered += 1;
    previousMissed = !hit;
    // "Recent changes" says the name "RecentChanges" whole, as "recent changes" would.
    if (exact && parts && termTokens.slice(position, position + parts.length).join(' ') === parts.join(' '))
      position += parts.length;
    else if (exact && termTokens[position++] !== token) exact = false;
    if (meaningful <= ACRONYM_MAX) letters += token[0];
  }
  // "The IETF" for the link "Internet Engineering Task Force": a wanted word that is the name's initials names it
  // whole, as the page would in brackets after it. Whole names of three words or more only: two letters match
  // too much by chance.
  if (meaningful >= 3 && meaningful <= ACRONYM_MAX)
    for (let w = 0; w < wanted.length; w += 1)
      if (wanted[w] === letters) {
        matches ??= new Float64Array(wanted.length);
        matches[w] = 1;
        covered = meaningful;
      }
  return {
    matches: matches ?? NO_MATCHES,
    precision: meaningful ? covered / meaningful : 0,
    exact: exact && position === termTokens.length,
    tokens,
  };
};

export const containsRun = (tokens: string[], run: string[]): boolean => {
  if (run.length === 0) return true;
  for (let i = 0; i + run.length <= tokens.length; i += 1) if (run.every((t, j) => tokens[i + j] === t)) return true;
  return false;
};

export interface Evidence {
  /** Words per element row: terms, then optional words, then hints. */
  width: number;
  /** `best[element * width + word]`: the word's best weighted match on the element. */
  best: Float64Array;
  /** Share of the best-covered own name that the description covers; 0.5 when no own name shares a word. */
  precision: Float64Array;
  exact: Uint8Array;
  /** Some description word is in the element's own names (name, label, text, title…), not only around it. */
  own: Uint8Array;
  quotesFound: Uint8Array;
  quoteExact: Uint8Array;
}

/** A field with no name of its own: the text beside it is what names it. */
export const unnamedField = (e: SnapshotElement): boolean => !e.name && !e.label && isField(e);

/** A link that says only where it points: a section or page number ("2.5", "3.", "12"), a reference ("[1]"). */
const LOCATOR = /^\s*[[(]?(?:[A-Z]\.)?\d+(?:\.\d+)*\.?[\])]?\s*$/;
/** An index's entry is a term of a few words, no sentence. */
const TERM = /^[^.;:!?]{1,60}$/;

/**
 * "Assignment 2.5", "break loops 2.3": an index names each entry by the term written before its link, and the
 * link says only the section it leads to. The term is that link's name, as a label is an unnamed field's.
 */
const locatorShaped = (e: SnapshotElement): boolean =>
  e.role === 'link' &&
  LOCATOR.test(e.name) &&
  e.near !== undefined &&
  TERM.test(e.near.trim()) &&
  e.near.trim().split(/\s+/).length <= 5;

/**
 * Numbers standing in a column of their own ("08.4" opening each line of a contents: at least this many, and at
 * least half of them at one place across) come before their titles.
 */
const COLUMN_OF_NUMBERS = 4;
const locatorsOf = new WeakMap<SnapshotElement[], Set<SnapshotElement>>();

/**
 * The page's locator links that follow their term: an index writes the term and then its numbers, each line as
 * long as its term, so the numbers stand at many places across; a contents whose numbers open each line
 * ("08.4 Vertical splits") holds them in one column, the text before each being the line above.
 */
export const locatorLinks = (elements: SnapshotElement[]): Set<SnapshotElement> => {
  let found = locatorsOf.get(elements);
  if (found) return found;
  const shaped = elements.filter(locatorShaped);
  // Counted by whole pixels, so an index of thousands of entries costs a few lookups each.
  const at = new Map<number, number>();
  for (const e of shaped) at.set(Math.round(e.box.x), (at.get(Math.round(e.box.x)) ?? 0) + 1);
  const column = (e: SnapshotElement) => {
    let count = 0;
    for (let x = Math.round(e.box.x) - 3; x <= Math.round(e.box.x) + 3; x += 1) count += at.get(x) ?? 0;
    return count;
  };
  found = new Set(shaped.filter((e) => column(e) < Math.max(COLUMN_OF_NUMBERS, shaped.length / 2)));
  locatorsOf.set(elements, found);
  return found;
};

/** Elements sharing one row header further apart than this (tops, in pixels) are no row of a data table. */
const ROW_SPREAD = 200;
const layoutOf = new WeakMap<SnapshotElement[], Set<string>>();

/**
 * Row headers that only say how the page is laid out: a page drawn in one big table (a sidebar cell, a content
 * cell) gives every element in it the same "row header", the sidebar's text, from the top of the page to the
 * bottom. A row of a table of data stands on one line: a row text whose elements' tops spread over more than
 * a few lines labels nothing, and is not read as where an element is.
 */
export const layoutRows = (elements: SnapshotElement[]): Set<string> => {
  let found = layoutOf.get(elements);
  if (found) return found;
  const spans = new Map<string, [number, number]>();
  for (const e of elements) {
    if (!e.row || !e.visible) continue;
    const span = spans.get(e.row);
    if (!span) spans.set(e.row, [e.box.y, e.box.y]);
    else spans.set(e.row, [Math.min(span[0], e.box.y), Math.max(span[1], e.box.y)]);
  }
  found = new Set([...spans].filter(([, [top, bottom]]) => bottom - top > ROW_SPREAD).map(([row]) => row));
  layoutOf.set(elements, found);
  return found;
};

/** The share of a field's label (its row header, else the text just before it) that the description covers. */
const labelPrecision = (element: SnapshotElement, cache: Map<string, StringMatch>, layout: Set<string>): number => {
  const label = (element.row && !layout.has(element.row) ? element.row : undefined) ?? element.near;
  return (label && cache.get(label)?.precision) || 0;
};

export const gatherEvidence = (elements: SnapshotElement[], query: Query): Evidence => {
  const wanted = [...query.terms, ...query.optional, ...query.hints].map(stemOf);
  const termTokens = query.terms.filter((t) => !STOPWORDS.has(t));
  const initials = new Set(wanted.map((w) => w[0]));
  const compounds = compoundsOf(wanted);
  const cache = new Map<string, StringMatch>();
  const addresses = new Map<string, StringMatch>();
  const width = wanted.length;
  const n = elements.length;
  const out: Evidence = {
    width,
    best: new Float64Array(n * width),
    precision: new Float64Array(n),
    exact: new Uint8Array(n),
    own: new Uint8Array(n),
    quotesFound: new Uint8Array(n),
    quoteExact: new Uint8Array(n),
  };
  const quotes = query.quotes;
  const layout = layoutRows(elements);
  const locators = locatorLinks(elements);
  elements.forEach((element, index) => {
    const row = index * width;
    let precision = 0;
    let quoteMask = 0;
    // A field with no name of its own (no label, no placeholder) is named by what its developers called it
    // (`name="hours"` before the unit "Hours") as much as by the text before it.
    const unnamed = unnamedField(element);
    const term = locators.has(element);
    for (const { field, weight: fieldWeight, primary: ownField } of FIELDS) {
      const named = term && field === 'near';
      const weight = unnamed && field === 'attributes' ? UNNAMED_ATTRIBUTES : named ? 1 : fieldWeight;
      const primary = ownField || named;
      const value = fieldValue(element, field);
      if (!value || (field === 'row' && layout.has(value))) continue;
      // An address joins words as a matter of course ("qtcore", "_task=addressbook"): no compound is read in it.
      const joins = field !== 'href';
      const strings = joins ? cache : addresses;
      let entry = strings.get(value);
      if (!entry)
        strings.set(
          value,
          (entry = matchString(value, wanted, initials, termTokens, joins ? compounds : NO_COMPOUNDS)),
        );
      if (entry.matches !== NO_MATCHES)
        for (let w = 0; w < width; w += 1)
          if (weight * entry.matches[w] > out.best[row + w]) out.best[row + w] = weight * entry.matches[w];
      if (primary && entry.precision > precision) precision = entry.precision;
      if (primary && entry.exact) out.exact[index] = 1;
      if (primary && entry.precision > 0) out.own[index] = 1;
      for (let q = 0; q < quotes.length; q += 1) {
        if (!containsRun(entry.tokens, quotes[q])) continue;
        quoteMask |= 1 << q;
        if (primary && entry.tokens.length === quotes[q].length) out.quoteExact[index] = 1;
      }
    }
    // No word in its own names: the match rests on its surroundings (a cell found by row and column), judged neutral.
    // A field with no name of its own is named by the cell or text beside it (`<td>Year</td><td><input>`), as a
    // person reads a form: that text's share counts like a name's, so "id" prefers the field labelled "id" to
    // the one labelled "author_id". Never below neutral: a long label costs the field nothing.
    if (!precision && unnamedField(element)) precision = Math.max(0.5, labelPrecision(element, cache, layout));
    out.precision[index] = precision || 0.5;
    for (let q = 0; q < quotes.length; q += 1) if (quoteMask & (1 << q)) out.quotesFound[index] += 1;
  });
  return out;
};
