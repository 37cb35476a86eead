/**
 * "Keeper's offline messages", "the storage type of the vcard table", "the registered users count of
 * harbour.test": a table's cell is known by its row and its column, and the description says both, one as the
 * owner ("keeper's", "of harbour.test") and one as the thing. When the words tie among the column's cells or
 * reach no one, the one control whose row says the owner (and least else) and whose column (or own name) says
 * the thing is the one meant.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import { GENERIC } from './query-words.js';
import type { Answer } from './resolver.js';
import { ROLE_WORDS } from './roles.js';
import type { Stated } from './stated.js';
import { STOPWORDS, stemOf, tokenMatch, words } from './words.js';

/** Words for what a cell holds, said of any cell: "the count of", "the value of". */
const CELL_WORDS = new Set(['count', 'number', 'value', 'total', 'amount', 'entry', 'cell', 'table', 'row', 'column']);
const OWNED = /^(.+?)['’]s\s+(.+)$/;
const OF = /^(.+?)\s+(?:of|for)\s+(.+)$/;

const meaningful = (text: string): string[] =>
  words(text)
    .filter((w) => !STOPWORDS.has(w) && !GENERIC.has(w) && ROLE_WORDS[w] === undefined && !CELL_WORDS.has(w))
    .map(stemOf);

const said = (tokens: string[], word: string): boolean => tokens.some((t) => tokenMatch(word, t) >= 0.8);

export const cellAt = (stated: Stated): Answer | undefined => {
  if (stated.intent === 'scroll') return undefined;
  const text = stated.description.trim().toLowerCase();
  const owned = OWNED.exec(text);
  const of = owned ? undefined : OF.exec(text);
  const [owner, thing] = owned ? [owned[1], owned[2]] : of ? [of[2], of[1]] : [];
  if (!owner || !thing) return undefined;
  const ownerWords = meaningful(owner);
  const thingWords = meaningful(thing);
  if (!ownerWords.length || !thingWords.length) return undefined;
  // Words of the row beyond the owner's: "keeper@harbour.test" is keeper's row, and "vcard" is the vcard table's
  // rather than "vcard_search", which says more.
  const extra = (e: SnapshotElement): number => {
    const row = words(e.row ?? '')
      .filter((w) => !STOPWORDS.has(w))
      .map(stemOf);
    return ownerWords.every((w) => row.includes(w)) ? row.length - ownerWords.length : Number.POSITIVE_INFINITY;
  };
  const saysThing = (e: SnapshotElement) => {
    const place = [...words(e.column ?? ''), ...words(e.name)].map(stemOf);
    return thingWords.every((w) => said(place, w));
  };
  const fitting = stated.snapshot.elements.filter((e) => e.interactive && e.visible && e.column && saysThing(e));
  const least = Math.min(...fitting.map(extra));
  const cells = fitting.filter((e) => extra(e) === least && Number.isFinite(least));
  const places = new Set(cells.map((e) => e.href ?? e.id));
  return places.size === 1 ? { match: cells[0], confidence: 0.55 } : undefined;
};
