/**
 * "The third section", "the last chapter", "the second appendix", "the first question in the contents": an
 * ordinal over a unit of a document, with no name said. Nothing on the page is called "section", so the words
 * meet nothing (or meet a navigation link that says "1. Introduction" by chance); what a person counts is the
 * page's own list of its parts: a table of contents of links to its headings, or the list of links to the pages
 * of the chapter it opens (texinfo's menu, a DocBook chapter's contents, LaTeX2HTML's child links). That list is a
 * run of links one per line, in the page's content, to this page's parts or to other pages of the site, with no
 * other control between them. Its levels, by numbering or else by indentation, hold the units asked for: a
 * chapter is a numbered entry ("37 Packages", not "Preface" or "Appendix A"), an appendix says so or is lettered,
 * a question stands one level in under an FAQ's sections unless its first level asks them. Two such lists
 * answering differently, or a list with fewer entries than counted, leave the description to the rest of the
 * resolver.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import { ALIGNED, aroundContent, ORDINAL_WORDS } from './page-order.js';
import { ORDINALS } from './query-words.js';
import type { Answer } from './resolver.js';

export const ORDINAL = `(${ORDINAL_WORDS})`;
const UNIT_ASKED = new RegExp(
  `^\\s*(?:(?:go\\s+to|open|show|click)\\s+)?(?:the\\s+)?${ORDINAL}([\\s-]+to[\\s-]+last)?\\s+` +
    '(section|chapter|subsection|topic|question|appendix|part)s?' +
    '(?:\\s+(?:in|of|on|from|listed\\s+in)\\s+(?:the\\s+|this\\s+)?(table\\s+of\\s+contents|contents|list|index|page|chapter|document|toc|menu))?' +
    '(?:\\s+listed)?\\s*[.?!]?\\s*$',
  'i',
);

/** A level further in stands at most this much further right than the entry above it. */
const INDENT_STEP = 80;
/** Fewer entries than this are a few links that happen to follow each other, no list of parts. */
const LIST_MIN = 3;

const pathOf = (url: string): string => {
  try {
    return new URL(url, 'http://page.invalid/').pathname;
  } catch {
    return url;
  }
};

/** What a link leads to: a part of this page, another page of the site, or elsewhere (or nowhere). */
const leadsTo = (href: string | undefined, here: string): 'part' | 'page' | undefined => {
  if (!href || /^(?:javascript|mailto):/i.test(href)) return undefined;
  if (href.startsWith('#')) return href.length > 1 ? 'part' : undefined;
  if (/^[a-z][a-z\d+.-]*:/i.test(href)) return undefined;
  const at = href.indexOf('#');
  const path = pathOf(at < 0 ? href : href.slice(0, at));
  if (path === pathOf(here)) return at >= 0 && at < href.length - 1 ? 'part' : undefined;
  return 'page';
};

const placeOf = (e: SnapshotElement): string => `${e.heading ?? ''}\u0000${(e.region ?? []).join('>')}`;
export const around = aroundContent;
/**
 * A link after words or a comma is a mention in a sentence ("See also: doc, lookfor"), no entry of a list; the
 * entry before it, read as the text before it, is no sentence, nor is the heading the link stands under (a list
 * opening right under the page's title, "crmsh", with only links between).
 */
const inProse = (e: SnapshotElement, before: SnapshotElement | undefined): boolean =>
  /\p{L}{2}|[,;]/u.test(e.near ?? '') && e.near?.trim() !== before?.name.trim() && e.near?.trim() !== e.heading?.trim();

/** Runs of links one per line, each to a part of this page or to another page of the site, nothing else between. */
export const runsOf = (snapshot: PageSnapshot): SnapshotElement[][] => {
  const byId = new Map(snapshot.elements.map((e) => [e.id, e]));
  const runs: SnapshotElement[][] = [];
  let run: SnapshotElement[] = [];
  let previous: SnapshotElement | undefined;
  const close = () => {
    if (run.length >= LIST_MIN) runs.push(run);
    run = [];
  };
  for (const e of snapshot.elements) {
    // A hidden entry (a collapsed sub-level) neither counts nor breaks the list it stands in.
    if (!e.interactive || !e.visible || e.box.height <= 0) continue;
    const entry =
      e.role === 'link' &&
      // A part is named by words: a column of bare numbers ("1", "2") is a page's footnote marks.
      /\p{L}/u.test(e.name) &&
      leadsTo(e.href, snapshot.url) !== undefined &&
      byId.get(e.parent ?? '')?.role !== 'heading' &&
      !inProse(e, previous);
    previous = e;
    const last = run[run.length - 1];
    const follows = last && placeOf(last) === placeOf(e) && e.box.y > last.box.y + ALIGNED;
    if (!entry || (last && !follows)) close();
    if (entry) run.push(e);
  }
  close();
  // Copies of one link (a number and a title both linked) make no list. A list starts at its outer level, holds
  // at least two entries there, and goes in by a step at a time (links scattered over a bar are no list).
  return runs.map(untitled).filter((r) => {
    const outer = outerLevel(r);
    return (
      new Set(r.map((e) => e.href)).size === r.length &&
      outer[0] === r[0] &&
      outer.length >= 2 &&
      r.every((e, i) => i === 0 || e.box.x - r[i - 1].box.x <= INDENT_STEP)
    );
  });
};

/**
 * The list without its title: a chapter's contents often opens with the chapter itself ("Chapter 2: Getting
 * started", "2 A First Session"), alone at the outer level, its sections indented under it.
 */
const untitled = (run: SnapshotElement[]): SnapshotElement[] => {
  let entries = run;
  while (entries.length > LIST_MIN && outerLevel(entries).length === 1) entries = entries.slice(1);
  return entries;
};

/** The entries of the run's outermost level, in order. */
const outerLevel = (run: SnapshotElement[]): SnapshotElement[] => {
  const left = Math.min(...run.map((e) => e.box.x));
  return run.filter((e) => e.box.x <= left + ALIGNED);
};

/** How deep an entry's numbering goes ("37" 1, "2.4" 2, "A.4.2" 3), or 0 when it has none. */
const NUMBERING = /^(?:[Cc]hapter\s+|[Aa]ppendix\s+|[Ss]ection\s+)?([A-Z]|\d+)((?:\.\d+)*)\.?(?:\s|$)/;
const depthOf = (e: SnapshotElement): number => {
  const found = NUMBERING.exec(e.name.trim());
  return found ? 1 + (found[2].match(/\./g)?.length ?? 0) : 0;
};
const lettered = (e: SnapshotElement): boolean =>
  /^(?:appendix\b|[A-Z](?:[.\s]|$))/i.test(e.name.trim()) && !/^\d/.test(e.name.trim());

/**
 * The ways of reading the list's entries as the unit asked for; each must give the same entry for the answer to
 * stand. Numbering says the levels when the entries have it: chapters are "N", sections "N.M" under them (or the
 * outermost of a chapter's own list), subsections one level further, appendices lettered. Without it, the
 * indentation does: a question is an entry of the innermost level (an FAQ's sections hold them), and for the rest
 * the outer level and the whole list are both readings ("the last section" of a contents whose last part has
 * parts of its own is either).
 */
const readingsOf = (run: SnapshotElement[], unit: string, here: string): SnapshotElement[][] => {
  const depths = run.map(depthOf);
  const numbered = depths.filter((d) => d > 0).length * 2 >= run.length;
  if (numbered) {
    const at = (depth: number) => run.filter((_, i) => depths[i] === depth);
    /** The entries of the level and, as the other reading, every entry below it too. */
    const from = (depth: number) => [at(depth), run.filter((_, i) => depths[i] >= depth)];
    const shallowest = Math.min(...depths.filter((d) => d > 0));
    const deeper = Math.max(...depths) > shallowest;
    // A book's contents: its numbered entries lead to pages of their own, chapters whose sections are "N.M". A
    // document's own contents numbers its sections from 1.
    const chapters = at(1).filter((e) => leadsTo(e.href, here) === 'page');
    const sections = shallowest === 1 && deeper && chapters.length * 2 > at(1).length ? 2 : shallowest;
    switch (unit) {
      case 'chapter':
        return [at(1).filter((e) => !lettered(e))];
      case 'appendix':
        return [at(1).filter(lettered)];
      case 'question': {
        // An FAQ's chapter numbers its questions from its first level ("6.1. How many …?"); a whole FAQ holds
        // them one level under its sections ("1 Docutils", "1.1 What is Docutils?").
        const asked = (depth: number) =>
          at(depth).filter((e) => e.name.trim().endsWith('?')).length * 2 > at(depth).length;
        return from(deeper && !asked(shallowest) ? shallowest + 1 : shallowest);
      }
      case 'subsection':
        return from(sections + 1);
      case 'section':
        return from(sections);
      default:
        return from(shallowest);
    }
  }
  const outer = outerLevel(run);
  if (outer.length === run.length) return unit === 'appendix' ? [run.filter(lettered)] : [run];
  if (unit === 'question') {
    const right = Math.max(...run.map((e) => e.box.x));
    return [run.filter((e) => e.box.x >= right - ALIGNED)];
  }
  // A sub-level under several entries: whose subsections is not said.
  if (unit === 'subsection' || unit === 'appendix') return [];
  return [outer, run];
};

/** The place counted from the start (1, 2, …) or from the end (-1 the last, -2 the one before). */
export const ordinalOf = (word: string, toLast: boolean): number => {
  const n = Object.hasOwn(ORDINALS, word) ? ORDINALS[word] : Number.parseInt(word, 10);
  return toLast ? -(n === -1 ? 1 : n) : n;
};

export const sectionCounted = (snapshot: PageSnapshot, description: string): Answer | undefined => {
  const asked = UNIT_ASKED.exec(description);
  if (!asked) return undefined;
  const ordinal = ordinalOf(asked[1].toLowerCase(), asked[2] !== undefined);
  const unit = asked[3].toLowerCase();
  const runs = runsOf(snapshot);
  // The content's lists first; a sidebar's only when it lists this page's own parts (a page's local contents).
  const inContent = runs.filter((r) => !r.every(around));
  const ofParts = (r: SnapshotElement[]) => r.every((e) => leadsTo(e.href, snapshot.url) === 'part');
  let fitting = inContent.length ? inContent : runs.filter(ofParts);
  // "In the table of contents": the list its heading names so ("Table of Contents", not the "Short Table of
  // Contents" above it), else the list of this page's own parts, not a list of other pages.
  const place = asked[4]?.toLowerCase();
  if (place && /content|toc/.test(place)) {
    const titled = fitting.filter((r) => r[0].heading?.toLowerCase().replace(/\s+/g, ' ').trim() === place);
    fitting = titled.length ? titled : fitting.filter(ofParts);
  }
  const picks = fitting.flatMap((run) => {
    // Counted from the start, the level is what a person counts ("the third section" is no sub-entry); from the
    // end, the last entry of the list may be meant as well as the last of the level.
    const readings = readingsOf(run, unit, snapshot.url);
    const chosen = (ordinal > 0 ? readings.slice(0, 1) : readings).map((units) =>
      ordinal > 0 ? units[ordinal - 1] : units[units.length + ordinal],
    );
    // A reading that finds no such entry leaves the list unread, not the other readings standing alone.
    return chosen.some((e) => e === undefined) ? [] : chosen;
  });
  if (!picks.length || new Set(picks.map((e) => e?.href)).size !== 1) return undefined;
  return { match: picks[0], confidence: 0.6 };
};
