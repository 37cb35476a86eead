/**
 * "Cross-compilation for Linux" on a page whose contents list "Cross-compilation for Windows", "… for Android"
 * and "… for Nintendo Switch": the page names a series of things by one pattern, and the description fills the
 * pattern with a member the series does not have. Whatever scored best (a "here for Mac/Linux" link in the
 * Nintendo section's text) is not the member asked for: the resolver says which members there are.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import type { Scored } from './score.js';
import type { Stated } from './stated.js';
import { candidateOf } from './tier.js';
import { STOPWORDS, asWritten, stemOf, words } from './words.js';

/** Members a pattern needs before it reads as a series (two could be a coincidence of wording). */
const MEMBERS = 3;
/** Leading words a name has for its place in a list ("4.2", "a)") and a description's article. */
const LEADING = /^(?:\d+(?:\.\d+)*\.?|the|a|an)$/;

const nameWords = (text: string): string[] => {
  const out = asWritten(text);
  while (out.length && LEADING.test(out[0])) out.shift();
  return out;
};

const stemsOf = (list: string[]): string[] => list.flatMap((w) => words(w)).map(stemOf);

export const memberAbsent = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.intent === 'scroll' || stated.query.relation || stated.query.ordinal !== undefined) return undefined;
  const said = nameWords(stated.description);
  if (said.length < 3) return undefined;
  // Each shown name's words, read once: the patterns below are tried against all of them.
  const names = [...new Set(stated.snapshot.elements.filter((e) => e.visible && e.name).map((e) => e.name))].map(
    (name) => ({ name, words: nameWords(name) }),
  );
  // The longest leading part of the description that at least MEMBERS names start with, each going on otherwise.
  for (let k = said.length - 1; k >= 2; k -= 1) {
    const pattern = said.slice(0, k);
    if (!pattern.some((w) => !STOPWORDS.has(w))) continue;
    const rest = stemsOf(said.slice(k)).filter((w) => !STOPWORDS.has(w));
    if (!rest.length) continue;
    const starting = names.filter((n) => pattern.every((w, i) => n.words[i] === w));
    // A name that is the pattern itself ("Read the Docs" for "the Read the Docs website") is the thing, the rest
    // a word about it.
    if (starting.some((n) => n.words.length === k)) return undefined;
    const members = starting.filter((n) => n.words.length > k);
    if (members.length < MEMBERS) continue;
    // A member that says the rest (in other words or more of them) is there: the question is scoring's. So is a
    // match that says the whole description in a name of another shape ("Linux cross-compilation").
    const saysRest = (n: { words: string[] }) => {
      const own = stemsOf(n.words.slice(k));
      return rest.every((w) => own.includes(w));
    };
    const whole = stemsOf(said).filter((w) => !STOPWORDS.has(w));
    const matchOwn = stemsOf(nameWords(match.name));
    if (members.some(saysRest) || whole.every((w) => matchOwn.includes(w))) return undefined;
    return {
      none: true,
      reason: `the page has "${members
        .slice(0, 3)
        .map((n) => n.name)
        .join('", "')}"${members.length > 3 ? ' and more' : ''}, but none for "${said.slice(k).join(' ')}"`,
      closest: sorted.slice(0, 3).map(candidateOf),
    };
  }
  return undefined;
};
