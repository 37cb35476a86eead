/**
 * "Bob Okafor", "alice", "select bob" on a list of records whose rows answer a click themselves (a `tr` with an
 * `onclick` that ticks the row's box, as directory and mail admin screens have): the row is one clickable element
 * whose name is every cell's text, so it meets any description of its record better than the record's link or box
 * does. A click on the row does what its script says (it ticks the box), which is rarely what a description of
 * the record asks for. The row is a container of the controls it holds: the one of them whose own words say the
 * description is meant; a verb of ticking ("select", "check") with one box in the row asks for the box; otherwise
 * the record's link (the row's links all reaching one place) is; a row of several destinations is asked about.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import { BOXES, rowOf } from './row-control.js';
import { inRegion, type Scored } from './score.js';
import type { Stated } from './stated.js';
import { candidateOf, scoredLookup } from './tier.js';
import { says, specificWords, tokensOf } from './unsaid.js';

const CONTAINERS = new Set(['generic', 'row']);
const TICK = /^\s*(?:please\s+)?(?:select|check|tick|mark|uncheck|untick|deselect|unselect)\b/i;

const within = (inner: SnapshotElement, outer: SnapshotElement): boolean =>
  inner.box.x >= outer.box.x - 1 &&
  inner.box.y >= outer.box.y - 1 &&
  inner.box.x + inner.box.width <= outer.box.x + outer.box.width + 1 &&
  inner.box.y + inner.box.height <= outer.box.y + outer.box.height + 1;

/**
 * The one element of these, counting copies of one link (an icon and a title to one record) once; of copies, the
 * one saying most, so the answer reads as the record's name rather than "icon".
 */
const oneOf = (elements: SnapshotElement[]): SnapshotElement | undefined => {
  const places = new Set(elements.map((e) => e.href ?? e));
  if (places.size !== 1) return undefined;
  return elements.reduce((a, b) => (b.name.length > a.name.length ? b : a));
};

export const clickableRow = (match: SnapshotElement, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (!match.interactive || !CONTAINERS.has(match.role) || !inRegion(match, 'table')) return undefined;
  if (stated.intent !== 'click' && stated.intent !== 'hover') return undefined;
  const inside = rowOf(match, stated).filter((e) => within(e, match));
  if (!inside.length) return undefined;
  const specific = specificWords(stated);
  const boxes = inside.filter((e) => BOXES.has(e.role));
  if (stated.intent === 'click' && TICK.test(stated.description) && boxes.length === 1)
    return { match: boxes[0], confidence: 0.6 };
  const saying = inside.filter((e) => specific.length > 0 && specific.every((w) => says(tokensOf(e), w)));
  const named = oneOf(saying);
  if (named) return { match: named, confidence: 0.6 };
  const links = inside.filter((e) => e.role === 'link' && e.href);
  const record = saying.length ? undefined : oneOf(links);
  if (record) return { match: record, confidence: 0.6 };
  const mine = sorted.find((s) => s.element === match);
  return {
    ambiguous: true,
    reason: `the best match is a clickable row ("${match.name}"), not one of its controls; say which of them`,
    candidates: [
      ...(mine ? [candidateOf(mine)] : []),
      ...inside.map(scoredLookup(sorted, stated.snapshot.elements)).map(candidateOf),
    ].slice(0, 5),
  };
};

/**
 * The same when the row and a control inside it tie ("alice" said by the row's text and by its link "uid=alice"):
 * every candidate is the row or held by it, so the row's reading decides.
 */
export const clickableRowAmong = (answer: Answer, stated: Stated, sorted: Scored[]): Answer | undefined => {
  if (!('ambiguous' in answer)) return undefined;
  const byId = new Map(stated.snapshot.elements.map((e) => [e.id, e]));
  const candidates = answer.candidates.map((c) => byId.get(c.id)).filter((e) => e !== undefined);
  const rows = candidates.filter((e) => e.interactive && CONTAINERS.has(e.role));
  if (rows.length !== 1 || candidates.length !== answer.candidates.length) return undefined;
  const [row] = rows;
  if (!candidates.every((e) => e === row || within(e, row))) return undefined;
  const read = clickableRow(row, stated, sorted);
  return read && 'match' in read ? read : undefined;
};
