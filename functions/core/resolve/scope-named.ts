/**
 * "Statistics of harbour.test" met by the link "harbour.test", "Users under harbour.test" likewise: the words
 * after "of", "in" or "under" say which part or record is meant, the words before say what in it. A match whose
 * whole name is said after that word, and none of what is said before it, is the part itself, not the thing
 * asked for in it. When something else on the page is called by those first words, the match is a wrong click
 * in waiting: the resolver names both and asks.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import { rowOf } from './row-control.js';
import { inRegion, type Scored } from './score.js';
import type { Stated } from './stated.js';
import { candidateOf } from './tier.js';
import { says, specificWords, tokensOf } from './unsaid.js';
import { linkWords, stemOf, words } from './words.js';

/** Words that put what follows them as the part or record the element belongs to. */
const SCOPING = /\b(?:of|in|under|within|inside)\b/;

export const scopeNamedOnly = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { description, snapshot } = stated;
  const at = description.toLowerCase().search(SCOPING);
  if (at < 0 || stated.intent === 'scroll') return undefined;
  // "Read this manual in German": what "this" names is the page at hand, and the match a version of it.
  if (/\bthis\b/i.test(description.slice(0, at))) return undefined;
  const before = new Set(words(description.slice(0, at)).map(stemOf));
  const after = new Set(words(description.slice(at)).map(stemOf));
  const own = words(match.name).map(stemOf);
  if (!own.length || !own.every((w) => after.has(w) && !before.has(w))) return undefined;
  const missing = specificWords(stated).filter((w) => before.has(stemOf(w)));
  // "The last link of the full table of contents" met by the link "Full Table of Contents": what is counted or
  // the kind asked for before "of" is in that part, and the part's own link is not it.
  const kind = stated.query.kindWord;
  const counted = stated.query.ordinal !== undefined || (kind !== undefined && before.has(stemOf(kind)));
  if (!missing.length && counted && !stated.query.relation)
    return {
      none: true,
      reason: `the best match "${match.name}" is what the description names as the place, not the ${kind ?? 'item'} counted in it`,
      closest: sorted.slice(0, 3).map(candidateOf),
    };
  if (!missing.length) return undefined;
  // A record's link in a table row: its row's controls are the business of `ofRow` and the row checks.
  const copies = match.href ? snapshot.elements.filter((e) => e.href === match.href) : [match];
  if (copies.some((copy) => inRegion(copy, 'table') && rowOf(copy, stated).length)) return undefined;
  // Where the link leads may say the rest (a link "log" to the log module's wiki page); and when nothing else on
  // the page is called so ("the definition of nand" met by an index's link "nand"), the link is how it is reached.
  if (match.href && missing.every((w) => says(linkWords(match.href ?? ''), w))) return undefined;
  const named = (e: SnapshotElement) => e !== match && e.visible && missing.every((w) => says(tokensOf(e), w));
  if (!snapshot.elements.some(named)) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" is what the description names as the place, not "${missing.join(' ')}"`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};
