/**
 * "The third section of chapter 2", "the last entry of the Plotting chapter", "the first subsection of The
 * keyboard input": an ordinal over the parts of one named part. The page's list of its parts (see
 * `section-count.ts`) holds that part as an entry with its own parts indented under it; the entry is found by its
 * number ("chapter 2", "section 4.1") or by its words ("Plotting"), and its entries one level in are counted. A
 * part named by no entry, or by several that lead apart, or an entry with nothing under it, leaves the
 * description to the rest of the resolver.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import { ALIGNED } from './page-order.js';
import { around, ORDINAL, ordinalOf, runsOf } from './section-count.js';
import { STOPWORDS, stemOf, tokenMatch, words } from './words.js';

const PART_ASKED = new RegExp(
  `^\\s*(?:(?:go\\s+to|open|show|click)\\s+)?(?:the\\s+)?${ORDINAL}([\\s-]+to[\\s-]+last)?\\s+` +
    '(section|chapter|subsection|topic|question|part|entry|item|[a-z]+?)s?\\s+(?:of|in|under|within|from)\\s+' +
    '(?:the\\s+)?(.+?)\\s*[.?!]?\\s*$',
  'i',
);
/** Units of a document, counted under any part. */
const UNITS = new Set(['section', 'chapter', 'subsection', 'topic', 'question', 'part', 'entry', 'item']);
/** Words for the page itself or its list, which `section-count.ts` reads: no part named. */
const WHOLE = /^(?:this\s+)?(?:chapter|page|document|contents|table\s+of\s+contents|toc|list|index|menu|manual)$/i;
const UNIT_WORD = /^(?:chapter|section|part|appendix)\s+|\s+(?:chapter|section|part|appendix)$/gi;
/** "9", "4.1", "A", "B.2": a part named by its number alone. */
const NUMBER = /^(?:[A-Z]|\d+)(?:\.\d+)*$/i;
const NUMBERING = /^(?:chapter\s+|appendix\s+|section\s+|part\s+)?((?:[A-Z]|\d+)(?:\.\d+)*)\.?(?:\s|:|$)/i;

const numberOf = (e: SnapshotElement): string | undefined => NUMBERING.exec(e.name.trim())?.[1]?.toLowerCase();

const titleOf = (e: SnapshotElement): string[] =>
  words(e.name.replace(NUMBERING, ' '))
    .filter((w) => !STOPWORDS.has(w))
    .map(stemOf);

/** Whether the entry's title (its numbering aside) says every word of the part's name. */
const titled = (e: SnapshotElement, name: string[]): boolean =>
  name.every((w) => titleOf(e).some((t) => tokenMatch(w, t) >= 0.85));

/** Whether the title is the name and no more ("Plotting", not "Plotting Options"). */
const exactly = (e: SnapshotElement, name: string[]): boolean =>
  titleOf(e).every((t) => name.some((w) => tokenMatch(w, t) >= 0.85));

/** The entries one level in under the entry at `at` in its list, in order. */
const partsUnder = (run: SnapshotElement[], at: number): SnapshotElement[] => {
  const parent = run[at];
  const under: SnapshotElement[] = [];
  for (const e of run.slice(at + 1)) {
    if (e.box.x <= parent.box.x + ALIGNED) break;
    under.push(e);
  }
  if (!under.length) return [];
  const left = Math.min(...under.map((e) => e.box.x));
  return under.filter((e) => e.box.x <= left + ALIGNED);
};

export const partCounted = (snapshot: PageSnapshot, description: string): Answer | undefined => {
  const asked = PART_ASKED.exec(description);
  if (!asked) return undefined;
  const [, said, toLast, unit, part] = asked;
  const named = part.replace(UNIT_WORD, '').trim();
  if (!named || WHOLE.test(part.trim())) return undefined;
  // "The last function under Parsing Functions": a unit of its own is what the part's name says it holds.
  if (!UNITS.has(unit.toLowerCase()) && !words(named).some((w) => stemOf(w) === stemOf(unit.toLowerCase())))
    return undefined;
  const ordinal = ordinalOf(said.toLowerCase(), toLast !== undefined);
  const byNumber = NUMBER.test(named) ? named.toLowerCase() : undefined;
  const name = byNumber
    ? []
    : words(named)
        .filter((w) => !STOPWORDS.has(w))
        .map(stemOf);
  if (!byNumber && !name.length) return undefined;
  const runs = runsOf(snapshot);
  const inContent = runs.filter((r) => !r.every(around));
  const found: Array<{ entry: SnapshotElement; pick: SnapshotElement }> = [];
  for (const run of inContent.length ? inContent : runs)
    run.forEach((e, at) => {
      if (byNumber ? numberOf(e) !== byNumber : !titled(e, name)) return;
      const parts = partsUnder(run, at);
      const pick = ordinal > 0 ? parts[ordinal - 1] : parts[parts.length + ordinal];
      if (pick) found.push({ entry: e, pick });
    });
  // A title that is the name and no more is the part named; others only share its words, and a one-word name
  // shared is no name said ("the tutorial" is not "Tutorial Overview").
  const exact = found.filter(({ entry }) => byNumber !== undefined || exactly(entry, name));
  const picks = (exact.length || name.length < 2 ? exact : found).map(({ pick }) => pick);
  if (!picks.length || new Set(picks.map((e) => e.href)).size !== 1) return undefined;
  return { match: picks[0], confidence: 0.6 };
};
