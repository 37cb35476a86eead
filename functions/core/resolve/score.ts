/** Scores every candidate of a snapshot against a query, 0 to about 1.2 (see README.md for the rules and why). */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import { gatherEvidence, unnamedField } from './evidence.js';
import type { Query } from './query.js';
import { roleFit } from './roles.js';
import { headingAnchors, placeTest } from './anchors.js';
import { inScope, linksOfPart, plainName } from './scope.js';
import { STOPWORDS } from './words.js';

export type Intent = 'click' | 'hover' | 'type' | 'scroll';

export interface Scored {
  element: SnapshotElement;
  /** Position in document order. */
  index: number;
  score: number;
  /** How far its kind fits the kind the description names (1 when it names none): see `roleFit`. */
  kindFit?: number;
}

export const inRegion = (element: SnapshotElement, kind: string): boolean =>
  element.region?.some(
    (region) => region === kind || region.startsWith(`${kind} `) || (kind === 'form' && region.startsWith('search')),
  ) ?? false;

/**
 * Everything but the text: kind, place, visibility. A kind or place word that is part of the element's own name
 * ("Command-line options", "ALTER TABLE", "Toggle navigation") names it rather than asks for a kind or a place.
 */
const fitness = (
  element: SnapshotElement,
  query: Query,
  intent: Intent,
  named: (word: string) => boolean,
  sections: (href: string) => boolean,
  present: boolean[],
  kindFit: number,
  contents: Set<string> | undefined,
): number => {
  let factor = 1;
  if (query.role) factor *= query.kindWord && named(query.kindWord) ? Math.max(0.9, kindFit) : kindFit;
  else if (intent === 'type') factor *= element.editable ? 1 : 0.45;
  else if (query.section)
    factor *= element.role === 'heading' || (element.href !== undefined && sections(element.href)) ? 1 : 0.85;
  else factor *= element.interactive ? 1 : 0.9;
  if (intent === 'type' && query.role && !element.editable) factor *= 0.7;
  query.regions.forEach((region, i) => {
    if (present[i] && !inRegion(element, region) && !named(query.regionWords[i])) factor *= 0.45;
  });
  if (query.scope && !inScope(element, query.scope, contents)) factor *= 0.45;
  if (!element.visible) factor *= 0.55;
  if (element.disabled) factor *= 0.9;
  return factor;
};

/** How a link or heading fits a kind the page shows nothing of: as a soft kind, not an unlike one (0.35). */
const KIND_ABSENT = 0.6;
/** What a document names its terms by; a form's other controls stay held to the kind asked for. */
const DOCUMENT_PARTS = new Set(['link', 'heading']);
/** A hint word found at least this well is in the element's own names (name, label, text, title), not around it. */
const NAMED = 0.85;
/** Text right before an element, or its table row, is evidence enough alone (`near` weighs 0.7). */
const NEAR_ENOUGH = 0.7;

export const scoreAll = (snapshot: PageSnapshot, query: Query, intent: Intent): Scored[] => {
  const evidence = gatherEvidence(snapshot.elements, query);
  // A place the page does not mark at all ("in the sidebar" of a page with no sidebar landmark or class) cannot
  // tell its elements apart: the rest of the description decides, as for a word found nowhere on the page.
  const present = query.regions.map((region) => snapshot.elements.some((element) => inRegion(element, region)));
  // "The section on X": the page's headings, as the links of its table of contents point to them.
  const sections = query.section
    ? placeTest(headingAnchors(snapshot.elements, new Map(snapshot.elements.map((e) => [e.id, e]))).values())
    : () => false;
  const contents = query.scope ? linksOfPart(snapshot.elements, query.scope) : undefined;
  // "The Maintainer field" in a manual that documents control fields and has no form: a kind the page shows
  // nothing of may be a word of the name. Only a kind word that is no name word itself ("field", not "switch" in
  // "the switch statement section"), and only for the links and headings a document names its terms by.
  const wish = query.role;
  const kindAbsent =
    wish !== undefined &&
    query.kindWord === undefined &&
    !snapshot.elements.some((e) => e.visible && roleFit(e, wish) >= 1);
  const { best, width } = evidence;
  const writtenWhole = query.role && query.text ? plainName(query.text) : '';
  const terms = query.terms.length;
  const optionalEnd = terms + query.optional.length;
  const count = snapshot.elements.length;
  // Rare words tell elements apart; words on every element do not (inverse document frequency).
  const weights = query.terms
    .map((term, i) => {
      let df = 0;
      for (let e = 0; e < count; e += 1) if (best[e * width + i] > 0) df += 1;
      return {
        df,
        stop: STOPWORDS.has(term),
        weight: Math.log(1 + count / (1 + df)) * (STOPWORDS.has(term) ? 0.25 : 1) * (query.head.includes(term) ? 2 : 1),
      };
    })
    .map(({ df, stop, weight }, _, all) => {
      // A word found nowhere on the page tells no element from another: it weighs half the average found word
      // (a paraphrase's extra word), not the most of all as its rarity alone would say. It still lowers coverage.
      if (df > 0 || stop) return weight;
      const found = all.filter((w) => w.df > 0);
      return found.length ? (0.5 * found.reduce((a, w) => a + w.weight, 0)) / found.length : weight;
    });
  const total = weights.reduce((a, b) => a + b, 0);
  const specific = query.terms.filter((t) => !STOPWORDS.has(t)).length;
  const specificAt = query.terms.findIndex((t) => !STOPWORDS.has(t));
  return snapshot.elements.map((element, index) => {
    const row = index * width;
    let optional = 0;
    for (let i = terms; i < optionalEnd; i += 1) optional += best[row + i];
    let hints = 0;
    for (let i = optionalEnd; i < width; i += 1) hints += best[row + i];
    let text: number;
    if (terms === 0) text = query.hints.length ? 0.7 + (query.ordinal === undefined ? 0.3 * Math.min(1, hints) : 0) : 1;
    else {
      let recall = 0;
      let found = 0;
      for (let i = 0; i < terms; i += 1) {
        recall += weights[i] * best[row + i];
        if (best[row + i] > 0 || STOPWORDS.has(query.terms[i])) found += 1;
      }
      recall = total > 0 ? recall / total : 0;
      // Every word found somewhere, even in the surroundings, beats some words found in the name.
      const coverage = 0.7 + 0.3 * (found / terms);
      text =
        recall * (0.8 + 0.2 * evidence.precision[index]) * coverage +
        (evidence.exact[index] ? 0.1 : 0) +
        Math.min(0.1, 0.04 * (optional + hints));
    }
    if (query.quotes.length)
      text =
        evidence.quotesFound[index] < query.quotes.length ? text * 0.35 : text + (evidence.quoteExact[index] ? 0.1 : 0);
    // A field with no name of its own is named by the text before it ("Search data in tables"): a kind or place
    // word found there names the field as much as one in a name would.
    const bar = unnamedField(element) ? NEAR_ENOUGH : NAMED;
    const named = (word: string) => {
      const at = query.hints.indexOf(word);
      return at >= 0 && best[row + optionalEnd + at] >= bar;
    };
    // One word found only far around an element (the heading it sits under, its region, its target), none on it
    // or just before it: no match by itself. An unlabelled field after "Phone" still is one.
    if (specific === 1 && !query.quotes.length && !evidence.own[index] && best[row + specificAt] < NEAR_ENOUGH)
      text = Math.min(text, 0.45);
    // "Hide optional fields" is a link's whole name: a kind word inside a control's name written whole is a word
    // of it (a label or heading so named stays held to the kind: it names the control, it is not one).
    const fit = !query.role
      ? 1
      : writtenWhole && element.interactive && plainName(element.name) === writtenWhole
        ? 1
        : roleFit(element, query.role);
    const kindFit = kindAbsent && DOCUMENT_PARTS.has(element.role) ? Math.max(KIND_ABSENT, fit) : fit;
    return {
      element,
      index,
      score: text * fitness(element, query, intent, named, sections, present, kindFit, contents),
      kindFit,
    };
  });
};
