/**
 * Answer checks on an ordinal (see `constraints.ts`): "first", "last", "the third" count the items of one list.
 * What scoring put level is not always such a list: a "Previous" and a "Next" link are two different steps, a
 * name in the plural ("Builtin Configuration Values") titles the list rather than being its first item, and a
 * sidebar named after its first heading ("Contents") holds other boxes after that heading's list.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import { containsRun } from './evidence.js';
import type { Stated } from './stated.js';
import type { Answer } from './resolver.js';
import type { Scored } from './score.js';
import { candidateOf, dedupeNested, TIE } from './tier.js';
import { STOPWORDS, stemOf, words } from './words.js';

const tierOf = (stated: Stated, sorted: Scored[]): Scored[] => {
  if (!sorted.length) return [];
  const byId = new Map(stated.snapshot.elements.map((e) => [e.id, e]));
  return dedupeNested(
    sorted.filter((s) => s.score >= sorted[0].score - TIE),
    byId,
  );
};

/**
 * "The first "Overview" link", "the first Overview link": the elements are named by the description's words and
 * nothing else, so the ordinal counts where that name stands as a link (a manual's "Next: Overview" and
 * "Up: Overview" on every section), whatever else they are. "The last chapter" met by "Next chapter" is not so.
 */
const countsTheirName = (stated: Stated, tier: Scored[]): boolean => {
  const { quotes, terms } = stated.query;
  if (quotes.length)
    return tier.every(({ element }) => quotes.every((quote) => containsRun(words(element.name), quote)));
  const named = new Set(terms);
  return (
    named.size > 0 &&
    tier.every(({ element }) => {
      // A section's number ("1 Overview") is no word of its name.
      const own = words(element.name).filter((w) => !STOPWORDS.has(w) && !/^\d+$/.test(w));
      return own.length === named.size && own.every((w) => named.has(w));
    })
  );
};

/** "The last chapter" met by the Previous and Next links (titled "previous chapter", "next chapter"): steps, not a list. */
export const stepsNotList = (_match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (stated.query.ordinal === undefined || stated.query.relation) return undefined;
  const tier = tierOf(stated, sorted);
  const rels = new Set(tier.map((s) => s.element.rel).filter((r): r is string => !!r));
  if (tier.length < 2 || rels.size < 2 || countsTheirName(stated, tier)) return undefined;
  return {
    ambiguous: true,
    reason:
      'the description counts items, but what matches it are links to other steps of a sequence of pages; say which one',
    candidates: tier.slice(0, 5).map(candidateOf),
  };
};

/** Lower-case words of a text as written, before plurals are stemmed away. */
const written = (text: string): string[] => text.toLowerCase().match(/[a-z]+/g) ?? [];

/**
 * "The first builtin configuration value" met only by the contents link "Builtin Configuration Values": the
 * description says a word in the singular that the name says in the plural, so the name titles a list of them,
 * and the first of that list is meant, not its title.
 */
export const listTitle = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query, description } = stated;
  if (query.ordinal === undefined || query.relation || tierOf(stated, sorted).length !== 1) return undefined;
  const said = new Set(written(description));
  const plural = written(match.name).find(
    (w) =>
      w.length > 3 &&
      w.endsWith('s') &&
      !said.has(w) &&
      [...said].some((s) => s !== w && stemOf(s) === stemOf(w) && (!s.endsWith('s') || s.endsWith('ss'))),
  );
  if (!plural) return undefined;
  return {
    none: true,
    reason: `the best match "${match.name}" names a list of them (${plural}), not the item counted; say which one`,
    closest: sorted.slice(0, 3).map(candidateOf),
  };
};

/**
 * "The last entry in the contents" where the sidebar is named after its first heading, "Contents", and holds a
 * "Navigation" box after that list: the part named is the one under the heading of that name, so the items
 * are counted there, in document order.
 */
export const countUnderHeading = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  const { query } = stated;
  if (query.ordinal === undefined || !query.scope?.length || query.relation) return undefined;
  const under = (e: SnapshotElement) => {
    const heading = e.heading ? words(e.heading).map(stemOf) : [];
    return query.scope!.every((w) => heading.includes(w));
  };
  if (under(match)) return undefined;
  const items = tierOf(stated, sorted)
    .filter((s) => under(s.element) && s.element.visible)
    .sort((a, b) => a.index - b.index);
  const pick = query.ordinal > 0 ? items[query.ordinal - 1] : items[items.length + query.ordinal];
  if (items.length < 2 || !pick) return undefined;
  return { match: pick.element, confidence: Math.round(Math.min(1, pick.score) * 60) / 100 };
};
