/**
 * "The Reference of Boost.Any": in a table of contents, an entry's parts are the links indented under it
 * ("4. Boost.Any" over "Introduction", "Examples", "Reference"). A part word such as "reference" or "examples" is
 * only a filler when it names nothing; when the entry the rest of the description found has a part of exactly
 * that name, the part is meant.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import { GENERIC } from './query-words.js';
import type { Query } from './query.js';
import type { Answer } from './resolver.js';
import { asWritten, words } from './words.js';

/** How far a list of parts is read: tables of contents give an entry a handful. */
const PARTS = 30;
/** Pixels a part is indented at least. */
const INDENT = 8;

/** The links indented under an entry, up to the next one at its own depth or less. */
const partsOf = (elements: SnapshotElement[], entry: SnapshotElement): SnapshotElement[] => {
  const out: SnapshotElement[] = [];
  const start = elements.indexOf(entry);
  for (let i = start + 1; i < elements.length && out.length < PARTS; i += 1) {
    const e = elements[i];
    if (e.role !== entry.role || !e.visible) continue;
    if (e.box.x < entry.box.x + INDENT || e.box.y < entry.box.y) break;
    out.push(e);
  }
  return out;
};

export const partOfEntry = (snapshot: PageSnapshot, answer: Answer, query: Query): Answer => {
  if (!('match' in answer) || answer.match.role !== 'link' || query.relation) return answer;
  // The part word comes first and the entry after it: "the Reference of Boost.Any", "the examples for X".
  const said = asWritten(query.text ?? '');
  const joint = said.findIndex((w, i) => i > 0 && (w === 'of' || w === 'for' || w === 'in'));
  if (joint < 0) return answer;
  const partWords = said.slice(0, joint).filter((w) => w !== 'the' && w !== 'a');
  if (!partWords.length || !partWords.every((w) => GENERIC.has(words(w)[0] ?? w))) return answer;
  const entryName = asWritten(answer.match.name);
  if (partWords.some((w) => entryName.includes(w))) return answer;
  const named = partsOf(snapshot.elements, answer.match).filter(
    (p) => asWritten(p.name).join(' ') === partWords.join(' '),
  );
  return named.length === 1 ? { match: named[0], confidence: answer.confidence } : answer;
};
