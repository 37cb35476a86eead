/**
 * Names the description says whole that the match only resembles: a short name written as a name whose match
 * swaps one of its words ("Date Index" for "Thread Index"), and a kind said last after the words that say which
 * one ("the bzip2 module") met by an element that says only the kind. Each check reads the match the resolver
 * found, as `unsaid.ts` does.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Scored } from './score.js';
import type { Stated } from './stated.js';
import { candidateOf } from './tier.js';
import { CARRIED, ENTITY_KINDS, OWN, says, specificWords, tokensOf } from './unsaid.js';
import { STOPWORDS, stemOf, words } from './words.js';

/** Whether a word is a shortening of another: its first letter, then its letters in order ("ms", "microsoft"). */
const shortens = (short: string, long: string): boolean => {
  if (short.length >= long.length || short[0] !== long[0]) return false;
  let at = 0;
  for (const letter of long) if (letter === short[at]) at += 1;
  return at >= short.length;
};

/** Names this short are read word for word: each word is one the element is called by. */
const SHORT_NAME = 3;

/**
 * "Date Index" met by "Thread Index" on the date index itself, "Command index" by "Concept Index": a short name that says
 * some of a short description and, in place of the rest, a word of its own, is another thing of the same kind
 * (one index of two, one step of four). The page has no element called so; the resolver says which came closest.
 */
export const otherName = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query } = stated;
  if (stated.intent === 'scroll' || query.ordinal !== undefined || query.relation || query.role) return undefined;
  const asked = [...new Set(query.terms)].filter((w) => !STOPWORDS.has(w));
  // Numbering before a title ("4.2 Thread Index") is no word of its name; a number in it ("Nov 2026") is.
  const name = words(match.name.replace(/^\s*[\d.]+\s+/, '')).filter((w) => !STOPWORDS.has(w));
  if (asked.length < 2 || asked.length > SHORT_NAME || !name.length || name.length > SHORT_NAME) return undefined;
  const own = tokensOf(match, OWN);
  const missing = asked.filter((w) => !says(own, w));
  const description = words(stated.description).map(stemOf);
  const extra = name.filter((w) => !says(description, w));
  // Written as a name ("Date Index", "Command index": capitalized, no article or other small word), and the match
  // one of the same shape with one word swapped; not for a shortening of it ("MS Teams" for "Microsoft Teams").
  const written = stated.description.match(/[\p{L}\p{N}]+/gu) ?? [];
  const titled = written.length === asked.length && /^[\p{Lu}\p{N}]/u.test(written[0] ?? '');
  if (!titled || name.length !== asked.length || missing.length !== 1 || extra.length !== 1) return undefined;
  if (shortens(extra[0], missing[0])) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" says "${extra.join(' ')}" where the description says "${missing.join(' ')}"`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * "The bzip2 module" met by "Module Index" on a page of search results that has no bzip2: the match says only
 * the kind of thing asked for (module, class, command…), none of the words that name which one. Those words
 * say which; a match without any of them is a different thing of the kind, or an index of them.
 */
export const kindOnly = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || stated.query.ordinal !== undefined || stated.query.relation) return undefined;
  // The kind ends the description ("the bzip2 module"), the words before it saying which one.
  const last = (stated.description.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).at(-1) ?? '';
  if (!ENTITY_KINDS.has(stemOf(last))) return undefined;
  const specific = specificWords(stated);
  const which = specific.filter((w) => !ENTITY_KINDS.has(stemOf(w)));
  if (!which.length || which.length === specific.length) return undefined;
  const own = tokensOf(match, CARRIED);
  if (which.some((w) => says(own, w)) || !specific.some((w) => says(own, w))) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" says only the kind asked for, not "${which.join(' ')}"`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};
