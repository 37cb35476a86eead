/**
 * "The first link in the table of contents", "the edit link of the Bug fixes section", "the Tag field within
 * the filter box": the words after "in", "within", "inside" (or "of the … section") name a part of the page
 * that holds the element: a region the page names (`nav Contents`, `form Log in`) or the heading it sits under.
 * When the page has such a part, those words say where to look, not what the element is called: they leave the
 * name words and elements outside the part weigh less. When no part of the page carries them, the description
 * is read as before (the words may be the element's own, or its table row's: "Delete in Bob Smith's row").
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import { headingAnchors, placeTest } from './anchors.js';
import { breadcrumbLinks } from './breadcrumb.js';
import { parseQuery, type Query } from './query.js';
import { ROLE_WORDS } from './roles.js';
import { STOPWORDS, stemOf, words } from './words.js';

/** Words for the kind of a part (a list, a box, a section): they say nothing of which part is meant. */
const PART_KINDS = new Set([
  'list',
  'trail',
  'box',
  'part',
  'section',
  'chapter',
  'panel',
  'menu',
  'bar',
  'block',
  'pane',
  'page',
  'group',
  'heading',
  'table',
  'row',
  'column',
  'area',
  'entry',
  'item',
]);
/** Words for one of a part's items: with a part named, they say no more than "one of its items". */
const MEMBERS = new Set(['entry', 'item', 'element', 'one', 'result', 'thing']);
/** Places the query already reads as regions ("in the sidebar", "in the footer"): no scope of their own. */
const REGION_ONLY = new Set([
  'header',
  'footer',
  'sidebar',
  'navigation',
  'nav',
  'navbar',
  'menu',
  'dialog',
  'modal',
  'popup',
  'form',
  'frame',
  'iframe',
  'main',
  'top',
  'bottom',
]);

const SCOPE = /\s(?:in|within|inside)\s+(?:the\s+)?(.+)$|\s(?:of|for)\s+the\s+(.+?)\s+section$/;

export interface Scope {
  /** Stems of the words naming the part. */
  stems: string[];
  /** The description without them. */
  query: Query;
}

/** The part of the page a description names, if it names one by words of its own (not a kind or a region). */
export const scopeOf = (description: string): Scope | undefined => {
  const match = SCOPE.exec(` ${description.toLowerCase().trim()}`);
  if (!match) return undefined;
  const tail = match[1] ?? match[2];
  // A number or version after "in" ("what's new in 3.11") is part of the name, never a place.
  const named = words(tail).filter(
    (w) => !STOPWORDS.has(w) && !PART_KINDS.has(w) && !REGION_ONLY.has(w) && ROLE_WORDS[w] === undefined,
  );
  if (named.some((w) => /\d/.test(w))) return undefined;
  // A quote or a possessive in the tail ("in Bob's row") is a name, not a part of the page.
  if (!named.length || /["“'’]/.test(tail)) return undefined;
  const head = ` ${description.trim()}`.slice(0, match.index).trim();
  if (!head) return undefined;
  // "The third entry in the contents": a member word says only that it is one of the part's items, which in
  // a list of contents or of results are its links (not the toggle that hides the list).
  const query = parseQuery(head);
  const terms = query.terms.filter((t) => !MEMBERS.has(t));
  const member = terms.length < query.terms.length && !query.role;
  return { stems: named.map(stemOf), query: { ...query, terms, ...(member ? { role: ROLE_WORDS.link } : {}) } };
};

const stemsOf = new Map<string, Set<string>>();
const stemSet = (text: string): Set<string> => {
  let set = stemsOf.get(text);
  if (!set) stemsOf.set(text, (set = new Set(words(text).map(stemOf))));
  return set;
};

/** A run of links to parts of the page with at least this many to its own headings is its table of contents. */
const CONTENTS_RUN = 3;

const contentsOf = new WeakMap<SnapshotElement[], Set<string>>();
/**
 * The page's table of contents as its links say it, whatever the markup calls it (a `div.contents`, a list
 * under a "Table of Contents" paragraph, no landmark at all): runs of links in a row to parts of this page, with
 * no other control between them, at least three of them to its headings. A lone cross-reference to a section is no
 * contents, nor is a heading's own "¶" link.
 */
export const contentsLinks = (elements: SnapshotElement[]): Set<string> => {
  let found = contentsOf.get(elements);
  if (found) return found;
  const byId = new Map(elements.map((e) => [e.id, e]));
  const isPlace = placeTest(headingAnchors(elements, byId).values());
  found = new Set<string>();
  // A run is the links in a row to parts of this page; it is contents when at least three of them lead to
  // headings. The others stay in it: a part whose heading the snapshot cannot tie to its anchor (an id on a
  // wrapper around the heading) is still an entry, and leaving it out would split the list and shift its count.
  let run: string[] = [];
  let toHeadings = 0;
  const close = () => {
    if (toHeadings >= CONTENTS_RUN) for (const id of run) found?.add(id);
    run = [];
    toHeadings = 0;
  };
  for (const element of elements) {
    if (!element.interactive) continue;
    const inPage = element.href?.startsWith('#') && element.href.length > 1;
    if (inPage && byId.get(element.parent ?? '')?.role !== 'heading') {
      run.push(element.id);
      if (isPlace(element.href!)) toHeadings += 1;
    } else close();
  }
  close();
  contentsOf.set(elements, found);
  return found;
};

/** Words that name the table of contents ("the contents", "the table of contents", "the TOC"). */
const namesContents = (stems: string[]): boolean => stems.length === 1 && stems[0] === 'content';
const TRAIL = stemOf('breadcrumb');
/** "The breadcrumb", "the breadcrumbs", "the breadcrumb trail". */
const TRAIL_NAMES = new Set([TRAIL, 'path', 'trail']);
const namesTrail = (stems: string[]): boolean => stems.length === 1 && TRAIL_NAMES.has(stems[0]);

/**
 * The links of a part the description names that the page may mark only by how its links stand (its table of
 * contents, its breadcrumb trail), or undefined when it names no such part.
 */
export const linksOfPart = (elements: SnapshotElement[], stems: string[]): Set<string> | undefined =>
  namesContents(stems) ? contentsLinks(elements) : namesTrail(stems) ? breadcrumbLinks(elements) : undefined;

/**
 * Whether the element sits in a region named with every scope word, or under a heading that has them, or is
 * one of the links of the part named as its links stand (`linksOfPart`: the contents, the breadcrumb trail).
 */
export const inScope = (element: SnapshotElement, stems: string[], contents?: Set<string>): boolean => {
  if (contents?.has(element.id)) return true;
  const places = [...(element.region ?? []), element.heading ?? ''];
  return places.some((place) => place !== '' && stems.every((stem) => stemSet(place).has(stem)));
};

/** A name as a person compares it: letter case, spacing and outer punctuation aside. */
export const plainName = (text: string): string =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** The scope, when some element of the page is in it (else the description is read whole). */
export const scopeOn = (snapshot: PageSnapshot, description: string): Scope | undefined => {
  const scope = scopeOf(description);
  if (!scope) return undefined;
  // "Namespaces in XML" on a page with a link of that very name: words the page writes whole as a name are that
  // name, even when a heading also says "XML".
  const said = plainName(description);
  if (snapshot.elements.some((element) => element.visible && plainName(element.name) === said)) return undefined;
  stemsOf.clear();
  const contents = linksOfPart(snapshot.elements, scope.stems);
  return snapshot.elements.some((element) => inScope(element, scope.stems, contents)) ? scope : undefined;
};
