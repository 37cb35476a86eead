/**
 * Answer checks on the words of the description (see `constraints.ts`): scoring adds up partial evidence, so an
 * element can win on one word of two ("Create" for "create index") or on words found only around it ("next" in
 * the sentence before a link). Each check here is a yes or no on what the answer itself says: when a word the
 * description states is not on it, and the page shows that word on another control or nowhere at all, the match
 * is not the element described, and the resolver abstains with the candidates.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Stated } from './stated.js';
import { GENERIC } from './query-words.js';
import { inRegion, type Scored } from './score.js';
import { candidateOf } from './tier.js';
import { locatorLinks } from './evidence.js';
import { spokenWords, STOPWORDS, stemOf, tokenMatch, words } from './words.js';
import { wordTable } from './table.js';
import { joinedAfter } from './phrase.js';

/** A word counts as said by an element when one of its tokens matches this well (a prefix, or a compound holding it). */
const SAID = 0.7;

type Field =
  | 'name'
  | 'label'
  | 'text'
  | 'placeholder'
  | 'alt'
  | 'title'
  | 'rel'
  | 'value'
  | 'attributes'
  | 'href'
  | 'near'
  | 'row'
  | 'column'
  | 'heading';
/** What an element says of itself. A form field's label is often only the text before it, so that counts too. */
export const OWN: Field[] = ['name', 'label', 'text', 'placeholder', 'alt', 'title', 'rel'];
/** What it carries besides its words: not a place around it (row, column, heading, text before it). */
export const CARRIED: Field[] = [...OWN, 'value', 'attributes', 'href'];
const FIELD_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'checkbox',
  'radio',
  'spinbutton',
  'slider',
  'switch',
]);

export const tokensOf = (element: SnapshotElement, fields: Field[] = OWN): string[] => {
  const out: string[] = [];
  for (const field of fields) {
    const value = element[field];
    if (value) for (const token of spokenWords(value)) out.push(stemOf(token));
  }
  if (fields === OWN && FIELD_ROLES.has(element.role) && element.near)
    for (const token of words(element.near)) out.push(stemOf(token));
  return out;
};

export const says = (tokens: string[], word: string): boolean => {
  const wanted = stemOf(word);
  if (tokens.some((t) => tokenMatch(wanted, t) >= SAID)) return true;
  // "Setup" said as "Set up": two words of the element, joined.
  if (wanted.length < 5) return false;
  for (let i = 0; i + 1 < tokens.length; i += 1) if (stemOf(tokens[i] + tokens[i + 1]) === wanted) return true;
  return false;
};

/** Some word is said, or two consecutive ones joined ("set up" said by "Setup", "web site" by "Website"). */
const saysSome = (tokens: string[], specific: string[]): boolean => {
  if (specific.some((w) => says(tokens, w))) return true;
  for (let i = 0; i + 1 < specific.length; i += 1) {
    const joined = stemOf(specific[i] + specific[i + 1]);
    if (joined.length >= 5 && tokens.includes(joined)) return true;
  }
  return false;
};

/** Words that say which element (not stop words, generic words, the kind or a place already checked as one). */
export const specificWords = (stated: Stated): string[] => {
  const { query } = stated;
  const place = new Set([...query.regionWords.flatMap((w) => words(w)), ...(query.scope ?? [])]);
  return [...new Set(query.terms)].filter(
    (w) => !STOPWORDS.has(w) && !GENERIC.has(w) && w !== query.kindWord && !place.has(w) && !place.has(stemOf(w)),
  );
};

/** Whether any element of the page has the word anywhere, around it and in its regions' names included. */
export const onPage = (stated: Stated, word: string): boolean => {
  const wanted = stemOf(word);
  const has = (v: string | undefined) =>
    v !== undefined && spokenWords(v).some((t) => tokenMatch(wanted, stemOf(t)) >= SAID);
  return stated.snapshot.elements.some(
    (e) =>
      [
        e.name,
        e.label,
        e.text,
        e.placeholder,
        e.alt,
        e.title,
        e.value,
        e.near,
        e.row,
        e.column,
        e.heading,
        e.attributes,
        e.href,
      ].some(has) || (e.region ?? []).some(has),
  );
};

/** Whether any text of the page writes the word, at the start of a word of its own ("Ada" in "Ada95 binding"). */
const writtenOnPage = (stated: Stated, word: string): boolean => {
  const start = new RegExp(`(?:^|[^\\p{L}])${word.replace(/[^\p{L}\d]/gu, '')}`, 'iu');
  return stated.snapshot.elements.some((e) =>
    [e.name, e.label, e.text, e.near, e.heading, e.title, e.alt, e.value].some((v) => v !== undefined && start.test(v)),
  );
};

const PLACE = new Set(['in', 'on', 'within', 'inside', 'under', 'from', 'at']);
const ARTICLES = new Set(['the', 'a', 'an', 'this', 'that', 'its', 'my', 'our', 'your']);

/**
 * "Create index" met by the button "Create", "show as a chart" by the button "Show :", "download the tutorial as
 * PDF" by a link about the tutorial: the match says at most half of what the description specifically asks, and
 * the rest is nowhere on the page. That is no match when what is missing is the form asked for ("as PDF", "as a
 * chart") or the thing acted on, the match saying only the leading verb: the action exists, the thing does not.
 * A missing kind of thing after a name ("the OPML feed" for the link "OPML") is a paraphrase and passes.
 */
export const halfSaid = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll') return undefined;
  const specific = specificWords(stated);
  if (specific.length < 2) return undefined;
  const own = tokensOf(match, OWN);
  const missing = specific.filter((w) => !says(own, w));
  if (!missing.length || 2 * (specific.length - missing.length) > specific.length) return undefined;
  if (missing.some((w) => onPage(stated, w))) return undefined;
  const raw = stated.description.toLowerCase().match(/[a-z0-9_]+/g) ?? [];
  const after = (i: number) => raw.slice(i + 1).find((w) => !ARTICLES.has(w));
  const formAsked = raw.some((w, i) => w === 'as' && missing.some((m) => stemOf(after(i) ?? '') === stemOf(m)));
  const said = specific.filter((w) => !missing.includes(w));
  const [first = ''] = raw;
  const verbOnly =
    raw.length > 1 && !ARTICLES.has(first) && said.length === 1 && stemOf(first) === stemOf(said[0] ?? '');
  // A word after "in", "on", "under" names a place ("Server in the breadcrumb"), which a page may not mark.
  const place = raw.some(
    (w, i) => PLACE.has(w) && raw.slice(i + 1).some((x) => missing.some((m) => stemOf(x) === stemOf(m))),
  );
  // "The Slackware package", "the MariaDB dialect": a name written with its capital (not opening the description,
  // and no acronym, which pages spell out) is no paraphrase of anything; written nowhere on the page, not even
  // inside a longer word ("Ada95"), the thing it names is not there.
  const written = stated.description.match(/\p{L}[\p{L}\d'-]*/gu) ?? [];
  const proper = written.some(
    (w, i) =>
      i > 0 &&
      /^\p{Lu}\p{Ll}/u.test(w) &&
      missing.some((m) => stemOf(m) === stemOf(w.toLowerCase())) &&
      !writtenOnPage(stated, w),
  );
  if ((!formAsked && !verbOnly && !proper) || place) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" says ${said.length ? `only "${said.join(' ')}"` : 'none of it'}, not "${missing.join(' ')}", which is nowhere on the page`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** Text ending in a colon, whatever brackets or bars follow it: "Next chapter: |usr_09.txt|", "Since: 2.52". */
const ENDS_IN_COLON = /:[^\p{L}\p{N}]*$/u;
/** A label is short: the words just before its colon. */
const LABEL_WORDS = 6;

/**
 * "Next chapter: usr_09.txt", "Check-in: be5d9a9a3f": a link's own text may be a file or a code, with what it is
 * said just before it, as a form labels a field. Words in the few words before a colon right before the link
 * are its label, not a sentence it happens to follow.
 */
const labelledBefore = (match: SnapshotElement, specific: string[]): boolean => {
  if (!match.near || !ENDS_IN_COLON.test(match.near)) return false;
  const label = words(match.near).slice(-LABEL_WORDS).map(stemOf);
  return specific.every((w) => says(label, w));
};

/**
 * "Next" met by a link whose only tie to it is the sentence before it ("Following a suggestion…"): a link or
 * button has words of its own, and when none of the description's words is among them (nor in its target or
 * value), the match rests on its surroundings alone. A field is different: the text before it is its label.
 */
/**
 * "The open bugs" met by the count "3" in the row "Bug" under the column "open": a number in a grid is named by
 * its row and its column together, when the description's words are all theirs and each says some.
 */
const gridValue = (match: SnapshotElement, specific: string[]): boolean => {
  if (!match.row || !match.column || !/^\s*[\d.,]+\s*$/.test(match.name)) return false;
  const row = words(match.row);
  const column = words(match.column);
  return (
    specific.every((w) => says(row, w) || says(column, w)) &&
    specific.some((w) => says(row, w)) &&
    specific.some((w) => says(column, w))
  );
};

export const contextOnly = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || !match.interactive || !match.name.trim() || FIELD_ROLES.has(match.role))
    return undefined;
  // A description of common words only ("Documentation") is still to be said by the match, not by its sentence.
  const named = specificWords(stated);
  const specific = named.length ? named : [...new Set(stated.query.terms)].filter((w) => !STOPWORDS.has(w));
  // "The last tag" among links after "Tags:": with an ordinal the words name the list whose items are counted
  // (the ordinal's own checks see that they are one), not the item itself.
  if (!specific.length || stated.query.relation || stated.query.ordinal !== undefined) return undefined;
  // The one link of a box its heading names ("Previous topic"): the heading was matched, and stands for the link.
  const top = sorted[0]?.element;
  if (top?.role === 'heading' && top !== match && match.heading === top.name) return undefined;
  const carried = tokensOf(match, CARRIED);
  if (saysSome(carried, specific)) return undefined;
  if (labelledBefore(match, specific) || gridValue(match, specific)) return undefined;
  // An index's link says only its section ("2.5"): the term before it is its name.
  if (locatorLinks(stated.snapshot.elements).has(match) && saysSome(words(match.near ?? '').map(stemOf), specific))
    return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" has none of the description's words; they are only around it`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** Sequence words with an opposite: a link that says both ("← T →") or the other one is not the one asked for. */
const OPPOSITE: Record<string, string> = wordTable({ next: 'previous', previous: 'next' });

/**
 * "Next page" met by the link "← T →": its arrows read as "previous" and "next" at once, so it is no step in one
 * direction (here a toggle between two views). A match whose own words say the opposite of the sequence word
 * asked, unless the page marks it with that very `rel`, is no answer.
 */
export const oppositeStep = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const asked = stated.query.terms.filter((w) => OPPOSITE[w]);
  if (!asked.length) return undefined;
  const rel = match.rel ? words(match.rel) : [];
  const own = [match.name, match.label, match.text, match.title, match.alt].flatMap((v) => (v ? words(v) : []));
  const contradicted = asked.find((w) => own.includes(OPPOSITE[w]) && !rel.includes(w));
  if (!contradicted) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" also says "${OPPOSITE[contradicted]}", so it is not the ${contradicted} one`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

const TABLE_PARTS = new Set(['column', 'col', 'row']);
const TABLE_ROLES = new Set(['columnheader', 'rowheader', 'cell', 'gridcell', 'row']);
const BEFORE_PLACE = new Set(['in', 'on', 'of', 'from', 'for', 'within', 'inside', 'under', 'at', 'by']);

/**
 * "The column to search in" met by the link "Search": the words "row" and "column" are read as places ("Delete
 * in Bob's row", "the price column"), so scoring drops them, but here the column is the thing asked for. When
 * a description opens on "the … row" or "the … column" (no preposition or possessive before it), the answer must be part of a table
 * (a header or a cell, in a row or column, or inside a table, as a sort button in a header is) or be named for
 * one; otherwise the resolver says which.
 */
export const tablePartAsked = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll') return undefined;
  const raw = stated.description.toLowerCase().match(/[a-z0-9_']+/g) ?? [];
  const at = raw.findIndex((w) => TABLE_PARTS.has(w));
  // Only as the thing the description is about ("the column to …"), not what a leading verb acts on ("edit the
  // year column", where the control is the verb's) nor a place after a preposition or a possessive.
  if (at < 1 || !ARTICLES.has(raw[0] ?? '') || raw.slice(0, at).some((w) => BEFORE_PLACE.has(w) || w.endsWith("'s")))
    return undefined;
  if (TABLE_ROLES.has(match.role) || match.row || match.column || inRegion(match, 'table')) return undefined;
  const own = [match.name, match.label, match.title, match.attributes].flatMap((v) => (v ? words(v) : []));
  if (own.some((t) => TABLE_PARTS.has(t))) return undefined;
  return {
    none: true,
    reason: `the description asks for a ${raw[at]}, and the best match "${match.name}" is no part of a table`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** What a reference calls the thing it documents: "the Async type" names the link "Async" and its kind. */
export const ENTITY_KINDS = new Set(
  [
    'type',
    'class',
    'function',
    'method',
    'module',
    'struct',
    'trait',
    'macro',
    'constant',
    'field',
    'property',
    'variable',
    'interface',
    'enum',
    'attribute',
    'keyword',
    'option',
    'command',
  ].map(stemOf),
);
/** A word linked this many times is the page's habit of linking it, not a name the link has of its own. */
const OFTEN_LINKED = 5;

/**
 * "Window size" met by the link "window" in the sentence "To increase the size of a window": a page that links
 * words of its running text (a help system's cross-references, a glossary) gives a link a word of the
 * description and its sentence the rest. A link is known by its own words; when they say only part of what the
 * description specifically asks and the rest is only in the text before it, the description names a phrase of
 * the page, not this link, and the resolver asks rather than click a word of it.
 */
export const partInProse = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || !match.interactive || FIELD_ROLES.has(match.role) || !match.near) return undefined;
  if (stated.query.relation || stated.query.ordinal !== undefined) return undefined;
  const specific = specificWords(stated);
  if (specific.length < 2) return undefined;
  const carried = tokensOf(match, CARRIED);
  const missing = specific.filter((w) => !says(carried, w));
  if (!missing.length || missing.length === specific.length || missing.every((w) => ENTITY_KINDS.has(stemOf(w))))
    return undefined;
  const before = words(match.near).map(stemOf);
  if (!missing.every((w) => says(before, w))) return undefined;
  // Only where the words the link does say are everywhere on the page (a word its text links each time it comes
  // up): a rare name of its own ("WordPress" after "Proudly powered by") is the link a label before it describes.
  const said = specific.filter((w) => !missing.includes(w));
  const common = (w: string) =>
    stated.snapshot.elements.filter((e) => e.interactive && says(tokensOf(e, ['name', 'text']), w)).length >=
    OFTEN_LINKED;
  if (!said.every(common)) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" says only part of the description; "${missing.join(' ')}" is in the text before it`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/** Not far below: within a quarter of the match's score. */
const RIVAL_SHARE = 0.75;

/**
 * "The service group grid" met by the link "Service Groups" while the menu's "Grid" under it says the word the
 * match lacks: two elements each say part of the description, and which is meant depends on a word the match does
 * not have. When a word the description specifically asks is missing from the match's own words and is the own
 * word of another element that scored not far below, the resolver asks which of the two.
 */
export const rivalSaysRest = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || stated.query.relation || stated.query.ordinal !== undefined) return undefined;
  const specific = specificWords(stated);
  if (specific.length < 2) return undefined;
  // Words around the match (its row, column, heading, the text before it) are said of it too: "Ann Poe's role".
  const around = tokensOf(match, [...CARRIED, 'near', 'row', 'column', 'heading']);
  const missing = specific.filter((w) => !says(around, w));
  if (!missing.length || missing.every((w) => ENTITY_KINDS.has(stemOf(w)))) return undefined;
  const top = sorted.find((s) => s.element === match)?.score ?? sorted[0]?.score ?? 0;
  const rival = sorted.find(
    (s) =>
      s.element !== match &&
      s.score >= RIVAL_SHARE * top &&
      (s.element.interactive || !match.interactive) &&
      missing.some((w) => says(tokensOf(s.element, OWN), w)) &&
      // The rest of a phrase the match heads ("Pattern Matching in The Racket Reference") says where, not what.
      !joinedAfter(stated.snapshot.elements, match, s.element),
  );
  if (!rival) return undefined;
  const action = recordAction(match, rival.element, stated.snapshot.elements);
  if (action) return { match: action, confidence: 0.6 };
  return {
    ambiguous: true,
    reason: `"${match.name}" says most of the description but not "${missing.join(' ')}", which "${rival.element.name}" says`,
    candidates: [candidateOf(sorted.find((s) => s.element === match) ?? sorted[0]), candidateOf(rival)],
  };
};

/** Elements on one line of a table: the same row of records. */
export const sameLine = (a: SnapshotElement, b: SnapshotElement): boolean =>
  a.box.height > 0 &&
  b.box.height > 0 &&
  a.box.y < b.box.y + b.box.height &&
  b.box.y < a.box.y + a.box.height &&
  sameRegion(a, b);

/** How many lines of the table hold a control of this name and kind (an action does, a record's name does not). */
const linesWith = (e: SnapshotElement, elements: SnapshotElement[]): number =>
  elements.filter((o) => o.interactive && o.role === e.role && o.name === e.name && sameRegion(o, e)).length;

const sameRegion = (a: SnapshotElement, b: SnapshotElement): boolean =>
  (a.region ?? []).join('>') === (b.region ?? []).join('>');

/**
 * "Start legacy-importer", "Tail -f Stdout of workers:mailqueue": the action and the record's name, two links on
 * one row of a table, each saying part of the description. The action is the one every row has ("Start" on each
 * stopped program's line), the record's name the one no other row has: together they name that record's action.
 */
const recordAction = (
  a: SnapshotElement,
  b: SnapshotElement,
  elements: SnapshotElement[],
): SnapshotElement | undefined => {
  if (!a.interactive || !b.interactive || !inRegion(a, 'table') || !sameLine(a, b)) return undefined;
  const [ofA, ofB] = [linesWith(a, elements), linesWith(b, elements)];
  if (ofA > 1 && ofB === 1) return a;
  if (ofB > 1 && ofA === 1) return b;
  return undefined;
};

/**
 * "Chapter 4" met by the pager's button "4" while the link "Chapter 4. Capturing Live Network Data" says the
 * word too: a bare number says only the number, and an element that says every word of the description is the
 * one meant (of several, the resolver asks). "Line 9" where only the line's number is a link keeps that number.
 */
export const bareNumberRival = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || /\p{L}/u.test(match.name) || !/\d/.test(match.name)) return undefined;
  // The kind said ("chapter") counts here: it is what the bare number lacks.
  const terms = [...new Set([...stated.query.terms, ...stated.query.hints, ...stated.query.optional])].filter(
    (w) => !STOPWORDS.has(w),
  );
  if (!terms.some((w) => !/\d/.test(w))) return undefined;
  const top = sorted.find((s) => s.element === match)?.score ?? 0;
  const rivals = sorted.filter(
    (s) =>
      s.element !== match &&
      s.score >= RIVAL_SHARE * top &&
      terms.every((w) => says(tokensOf(s.element, ['name', 'text']), w)),
  );
  if (!rivals.length) return undefined;
  if (rivals.length === 1) return { match: rivals[0].element, confidence: 0.6 };
  return {
    ambiguous: true,
    reason: `"${match.name}" is only the number; ${rivals.length} elements say all of "${stated.description}"`,
    candidates: rivals.slice(0, 5).map(candidateOf),
  };
};

/** Words that count rather than name ("the first entry"): the ordinal's own checks see to them. */
const ORDINAL_WORDS = new Set(['first', 'second', 'third', 'fourth', 'fifth', 'last', 'final', 'next', 'previous']);

/**
 * "The list of errata" met by the link "List" on a page that says nothing of errata: the words after "of" say
 * which one is meant, and when no element of the page says any of them, the one meant is not there.
 */
export const complementAbsent = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query } = stated;
  if (stated.intent === 'scroll' || query.relation || query.scope) return undefined;
  // Read on the description's words, where "table of contents" is one ("contents") and says no "of".
  const said = words(stated.description);
  const of = said.lastIndexOf('of');
  if (of < 0) return undefined;
  const place = new Set(query.regionWords.flatMap((w) => words(w)));
  const complement = said
    .slice(of + 1)
    .filter(
      (w) => !STOPWORDS.has(w) && !GENERIC.has(w) && !ORDINAL_WORDS.has(w) && w !== query.kindWord && !place.has(w),
    );
  if (!complement.length || complement.some((w) => onPage(stated, w))) return undefined;
  return {
    none: true,
    reason: `"${match.name}" says part of the description, and nothing on the page says "${complement.join(' ')}"`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};
