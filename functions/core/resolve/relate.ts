/**
 * "The Delete button next to Jane Doe", "the field under Shipping", "the link after 'Terms'": find the anchor
 * (the element the description points from), then, among elements that fit the rest of the description nearly as
 * well as the best one, the one closest to the anchor on the asked side. Boxes are page coordinates.
 */
import type { Box, PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import {
  ancestorsOf,
  candidateOf,
  closestOf,
  dedupeNested,
  headingAnchors,
  oneOfEquals,
  sameDestination,
  THRESHOLD,
  TIE,
} from './tier.js';
import type { Query, Relation } from './query.js';
import type { Answer } from './resolver.js';
import { inRegion, scoreAll, type Scored } from './score.js';
import { asWritten, words } from './words.js';
import { formAsWritten } from './equals.js';

/** How much worse a text score may be than the best and still win by being closer. */
const RELATION_SLACK = 0.25;
/** Pixels a candidate may be behind the anchor's edge and still count as on the asked side. */
const EDGE_TOLERANCE = 5;
/** Pixels of distance one point of score is worth, when a closer element fits the words a little less. */
const PIXELS_PER_SCORE = 300;

const gap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, b0 - a1, a0 - b1);

/** Distance from anchor to candidate on the asked side; Infinity when the candidate is not on that side. */
const distance = (
  kind: Relation,
  anchor: SnapshotElement,
  candidate: SnapshotElement,
  anchorIndex: number,
  index: number,
): number => {
  const a: Box = anchor.box;
  const c: Box = candidate.box;
  const dx = gap(a.x, a.x + a.width, c.x, c.x + c.width);
  const dy = gap(a.y, a.y + a.height, c.y, c.y + c.height);
  // Centre offsets break ties between boxes that touch (table rows): the one in line with the anchor wins.
  const cx = Math.abs(a.x + a.width / 2 - (c.x + c.width / 2));
  const cy = Math.abs(a.y + a.height / 2 - (c.y + c.height / 2));
  switch (kind) {
    case 'below':
      return c.y >= a.y + a.height - EDGE_TOLERANCE ? c.y - (a.y + a.height) + 2 * dx + 0.1 * cx : Infinity;
    case 'above':
      return c.y + c.height <= a.y + EDGE_TOLERANCE ? a.y - (c.y + c.height) + 2 * dx + 0.1 * cx : Infinity;
    case 'right':
      return c.x >= a.x + a.width - EDGE_TOLERANCE ? c.x - (a.x + a.width) + 3 * dy + 0.5 * cy : Infinity;
    case 'left':
      return c.x + c.width <= a.x + EDGE_TOLERANCE ? a.x - (c.x + c.width) + 3 * dy + 0.5 * cy : Infinity;
    case 'near':
      return Math.hypot(dx, 1.5 * dy) + 0.25 * (cx + 2 * cy);
    case 'after':
      return index > anchorIndex ? (index - anchorIndex) * 20 : Infinity;
    case 'before':
      return index < anchorIndex ? (anchorIndex - index) * 20 : Infinity;
  }
};

/** "Below the table": the region's elements, as one box, and all of them kept out of the answer. */
const regionAnchor = (
  snapshot: PageSnapshot,
  kinds: string[],
): { anchors: Scored[]; family: Set<string> } | undefined => {
  const inside = snapshot.elements
    .map((element, index) => ({ element, index }))
    .filter(({ element }) => element.visible && kinds.every((kind) => inRegion(element, kind)));
  if (inside.length === 0) return undefined;
  const x = Math.min(...inside.map((i) => i.element.box.x));
  const y = Math.min(...inside.map((i) => i.element.box.y));
  const width = Math.max(...inside.map((i) => i.element.box.x + i.element.box.width)) - x;
  const height = Math.max(...inside.map((i) => i.element.box.y + i.element.box.height)) - y;
  const element: SnapshotElement = {
    id: '',
    role: 'region',
    tag: '',
    name: kinds.join(' '),
    box: { x, y, width, height },
    visible: true,
    interactive: false,
  };
  return { anchors: [{ element, index: inside[0].index, score: 1 }], family: new Set(inside.map((i) => i.element.id)) };
};

/** The elements the description points from, and their families (neither can be the answer). */
const anchorsOf = (
  snapshot: PageSnapshot,
  anchor: Query,
  byId: Map<string, SnapshotElement>,
): { anchors: Scored[]; family: Set<string> } | Answer => {
  if (!anchor.terms.length && !anchor.quotes.length) {
    return (
      regionAnchor(snapshot, anchor.regions) ?? {
        none: true,
        reason: `the page has no ${anchor.regions.join(' ')} to look from`,
        closest: [],
      }
    );
  }
  const anchorScores = scoreAll(snapshot, anchor, 'hover').sort((a, b) => b.score - a.score || a.index - b.index);
  const bestAnchor = anchorScores[0];
  if (!bestAnchor || bestAnchor.score < THRESHOLD) {
    return {
      none: true,
      reason: 'nothing on the page matches the element the description points from',
      closest: closestOf(anchorScores),
    };
  }
  const tied = dedupeNested(
    anchorScores.filter((s) => s.score >= bestAnchor.score - TIE),
    byId,
  );
  // "Under maps" met only in part by a dozen "map/2" links: with no anchor that says the words as written,
  // several that say them in part are no place to look from, whichever is closest to a candidate.
  if (tied.length > 2 && !tied.some((a) => writtenIn(a.element.name, anchor)) && !sameDestination(tied))
    return {
      ambiguous: true,
      reason: `${tied.length} elements match in part what the description points from; say which one`,
      candidates: tied.slice(0, 5).map(candidateOf),
    };
  const anchors = wholeFirst(tied, anchorScores, anchor).slice(0, 5);
  // A contents entry and the heading it points to are one place: "under Additional Notes" may be under either.
  const places = new Map([...headingAnchors(snapshot.elements, byId)].map(([id, href]) => [href, id]));
  for (const a of [...anchors]) {
    const heading = a.element.href?.startsWith('#') ? byId.get(places.get(a.element.href) ?? '') : undefined;
    if (heading && !anchors.some((b) => b.element === heading))
      anchors.push({ ...a, element: heading, index: snapshot.elements.indexOf(heading) });
  }
  const family = new Set<string>();
  for (const a of anchors) {
    family.add(a.element.id);
    for (const id of ancestorsOf(a.element, byId)) family.add(id);
  }
  return { anchors, family };
};

export const relate = (
  snapshot: PageSnapshot,
  sorted: Scored[],
  query: Query,
  byId: Map<string, SnapshotElement>,
): Answer => {
  const relation = query.relation!;
  const grouped = inNamedGroup(snapshot, sorted, relation);
  if (grouped) return grouped;
  const found = anchorsOf(snapshot, relation.anchor, byId);
  if (!('anchors' in found)) return found;
  const { anchors, family } = found;
  // Neither an anchor nor anything around or inside it: "the button next to X" is not X itself.
  const best = sorted[0].score;
  const inside = (s: Scored) => anchors.some((a) => a.element.id && ancestorsOf(s.element, byId).has(a.element.id));
  const pool = sorted.filter(
    (s) =>
      s.score >= Math.max(THRESHOLD, best - RELATION_SLACK) &&
      !family.has(s.element.id) &&
      (!inside(s) || besideWithin(relation, anchors, s)),
  );
  // "The first button under Printers" where "Printers" is both a section's heading and a tab at the top: under
  // a heading is in its section (the elements the page files under it), wherever another anchor of that name
  // stands. When the section holds elements that fit, the answer is among them, counted from its heading.
  const named = new Set(anchors.map((a) => words(a.element.name).join(' ')));
  const headings: Scored[] =
    relation.kind === 'below'
      ? snapshot.elements.flatMap((element, index) =>
          element.role === 'heading' && named.has(words(element.name).join(' ')) ? [{ element, index, score: 1 }] : [],
        )
      : [];
  const filed = pool.filter((s) => headings.some((h) => s.element.heading === h.element.name && s.index > h.index));
  // "The first button under Printers": counted in the section's own order, as a person reads it.
  if (filed.length && query.ordinal !== undefined) {
    const items = [...filed].sort((a, b) => a.index - b.index);
    const pick = query.ordinal > 0 ? items[query.ordinal - 1] : items[items.length + query.ordinal];
    if (!pick)
      return {
        none: true,
        reason: `only ${items.length} elements matching the description are under "${headings[0].element.name}"`,
        closest: items.slice(0, 3).map(candidateOf),
      };
    return { match: pick.element, confidence: Math.round(Math.min(1, pick.score) * 60) / 100 };
  }
  const from = filed.length ? headings : anchors;
  // A control that stands beside the anchor's words inside the anchor's own box is as close as can be.
  const apart = (a: Scored, s: Scored) =>
    ancestorsOf(s.element, byId).has(a.element.id)
      ? 0
      : distance(relation.kind, a.element, s.element, a.index, s.index);
  const ranked = formAsWritten(filed.length ? filed : pool, query)
    .map((s) => ({
      s,
      d: Math.min(...from.map((a) => apart(a, s))) + PIXELS_PER_SCORE * (best - s.score),
    }))
    .filter((r) => Number.isFinite(r.d))
    .sort((a, b) => a.d - b.d || a.s.index - b.s.index);
  if (ranked.length === 0)
    return {
      none: true,
      reason: `no element matching the description is ${relation.kind} of "${anchors[0].element.name}"`,
      closest: closestOf(sorted),
    };
  const [first, second] = ranked;
  // Equally close elements that lead to one place (a contents entry, its copy in a chapter's contents and the
  // heading they point to) are one answer, as they are without a relation.
  const close = ranked.filter((r) => r.d - first.d < 2).map((r) => r.s);
  if (close.length > 1 && sameDestination(close, headingAnchors(snapshot.elements, byId)))
    return oneOfEquals(close, (chosen) => Math.round(Math.min(1, chosen.score) * 60) / 100);
  if (
    second &&
    second.d - first.d < 2 &&
    !ancestorsOf(second.s.element, byId).has(first.s.element.id) &&
    !ancestorsOf(first.s.element, byId).has(second.s.element.id)
  ) {
    return {
      ambiguous: true,
      reason: `several elements are equally close ${relation.kind === 'near' ? 'to' : relation.kind + ' of'} "${anchors[0].element.name}"`,
      candidates: ranked.slice(0, 5).map((r) => candidateOf(r.s)),
    };
  }
  const margin = second ? Math.min(1, (second.d - first.d) / 100) : 1;
  return {
    match: first.s.element,
    confidence: Math.round(Math.min(1, first.s.score) * (0.6 + 0.4 * margin) * 100) / 100,
  };
};

/**
 * "Details next to Issue tracking" where the page's heading is "Issue tracking Details", the link inside it: a
 * control within the anchor stands beside it when the anchor's text is the described words and the control's
 * own, and the control's words are none of the described ones. Only beside, after or right of: a control
 * inside a heading is neither above nor below it.
 */
const besideWithin = (relation: NonNullable<Query['relation']>, anchors: Scored[], s: Scored): boolean => {
  if (relation.kind !== 'near' && relation.kind !== 'after' && relation.kind !== 'right') return false;
  const own = words(s.element.name);
  const described = new Set([...relation.anchor.terms, ...relation.anchor.quotes.flat()]);
  if (!own.length || own.some((w) => described.has(w))) return false;
  return anchors.some((a) => {
    const rest = words(a.element.name);
    return (
      rest.length === own.length + described.size &&
      own.every((w) => rest.includes(w)) &&
      [...described].every((w) => rest.includes(w))
    );
  });
};

/**
 * "The button under Report errors" where the heading "Report errors" and the button "Send error report" both say
 * the anchor's words, "the link under Manual Pages full text search" where the link "Search the full text of the
 * Manual Pages" says them better than the heading "Manual Pages full text search" does by the scoring: an element
 * whose whole name is those words, as written, is the place meant; one that says them among words of its own only
 * mentions them (and, taken as the anchor, would keep the answer itself out).
 */
const wholeFirst = (tied: Scored[], scores: Scored[], anchor: Query): Scored[] => {
  const wanted = asWritten(anchor.text ?? '').filter((w) => w !== 'the');
  const isWhole = (a: Scored) =>
    asWritten(a.element.name).length === wanted.length && holdsInOrder(a.element.name, wanted);
  if (tied.some(isWhole)) {
    const whole = tied.filter(isWhole);
    return whole.length < tied.length ? whole : tied;
  }
  const whole = scores.filter((a) => a.score >= THRESHOLD && isWhole(a));
  return whole.length ? whole : tied;
};

/** Whether a name holds the words as written, one after another. */
const holdsInOrder = (name: string, wanted: string[]): boolean => {
  const have = asWritten(name);
  for (let i = 0; i + wanted.length <= have.length; i += 1) if (wanted.every((w, j) => have[i + j] === w)) return true;
  return false;
};

/** Whether a name holds the anchor's words as written, one after another ("2.2.6 Function Calls, Again"). */
const writtenIn = (name: string, anchor: Query): boolean => {
  const wanted = asWritten(anchor.text ?? '').filter((w) => w !== 'the');
  return !wanted.length || holdsInOrder(name, wanted);
};

/**
 * "Graphical setup under Windows in the sidebar" on a page with a link "1.2 Graphical setup under Windows": the
 * relation word is part of a name, not a place to look from (read as one, the link just below that one, "under
 * macOS", was the answer). When a shown element's name holds the description's words as written from its start
 * past the relation word, the description is read whole, the anchor's words and place joined to its own.
 */
export const relationAsName = (snapshot: PageSnapshot, query: Query): Query => {
  const relation = query.relation;
  const written = query.written ?? [];
  if (!relation || written.length < 3) return query;
  const anchorWords = asWritten(relation.anchor.text ?? '');
  // The words up to and including the relation's and the anchor's first: "graphical setup under windows".
  const upTo = written.length - anchorWords.length + 1;
  if (upTo < 3 || upTo > written.length) return query;
  const wanted = written.slice(0, upTo);
  if (!snapshot.elements.some((e) => e.visible && e.name && holdsInOrder(e.name, wanted))) return query;
  const { anchor } = relation;
  return {
    ...query,
    terms: [...query.terms, ...anchor.terms],
    regions: [...query.regions, ...anchor.regions],
    regionWords: [...query.regionWords, ...anchor.regionWords],
    relation: undefined,
  };
};

/** Parts of a page that carry a name of their own: a fieldset's legend, a form's or a region's label. */
const NAMED_PARTS = /^(?:group|form|region) (.+)$/;

/**
 * "The button under Add new user" where "Add new user" is the legend of the fieldset holding the button: no
 * element bears those words as its own name (the button "Add" only says one of them, and taken as the anchor
 * would keep itself out), the part of the page does. Under a part so named is in it: when one element of it fits
 * the rest of the description best, that is the answer.
 */
const inNamedGroup = (
  snapshot: PageSnapshot,
  sorted: Scored[],
  relation: NonNullable<Query['relation']>,
): Answer | undefined => {
  if (relation.kind !== 'below' && relation.kind !== 'near') return undefined;
  const wanted = asWritten(relation.anchor.text ?? '').filter((w) => w !== 'the');
  if (wanted.length < 2) return undefined;
  const named = (e: SnapshotElement) =>
    (e.region ?? []).some((r) => {
      const name = NAMED_PARTS.exec(r)?.[1];
      return name !== undefined && asWritten(name).join(' ') === wanted.join(' ');
    });
  if (snapshot.elements.some((e) => e.visible && asWritten(e.name).join(' ') === wanted.join(' '))) return undefined;
  const best = sorted[0]?.score ?? 0;
  const inside = sorted.filter((s) => s.score >= Math.max(THRESHOLD, best - TIE) && named(s.element));
  return inside.length === 1
    ? { match: inside[0].element, confidence: Math.round(Math.min(1, inside[0].score) * 60) / 100 }
    : undefined;
};
