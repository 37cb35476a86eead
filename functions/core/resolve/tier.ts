/** What choosing and relating share: the thresholds, nested families, and how candidates are reported. */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer, Candidate } from './resolver.js';
import type { Intent, Scored } from './score.js';
import { destinationOf, placeTest } from './anchors.js';

export { destinationOf, headingAnchors } from './anchors.js';

/** Below this nothing is a match: the description's words are mostly absent. */
export const THRESHOLD = 0.5;
/** Scores this close are equally good. */
export const TIE = 0.06;

export const candidateOf = (scored: Scored): Candidate => ({
  id: scored.element.id,
  role: scored.element.role,
  name: scored.element.name,
  ...(scored.element.region?.length ? { region: scored.element.region[scored.element.region.length - 1] } : {}),
  score: Math.round(scored.score * 100) / 100,
});

/** Each element as scored; one that scoring passed by (a row's control no word names) stands at 0. */
export const scoredLookup = (sorted: Scored[], elements: SnapshotElement[]) => {
  const byElement = new Map(sorted.map((s) => [s.element, s]));
  return (element: SnapshotElement): Scored =>
    byElement.get(element) ?? { element, index: elements.indexOf(element), score: 0 };
};

export const closestOf = (sorted: Scored[]): Candidate[] =>
  sorted
    .filter((s) => s.score > 0.15)
    .slice(0, 3)
    .map(candidateOf);

/** Ancestors of an element among the candidates (parent chain). */
export const ancestorsOf = (element: SnapshotElement, byId: Map<string, SnapshotElement>): Set<string> => {
  const out = new Set<string>();
  for (let id = element.parent; id && !out.has(id); id = byId.get(id)?.parent) out.add(id);
  return out;
};

/** One per nested family: the outer one when it is a control (a link around an image), else the inner control. */
export const dedupeNested = (tier: Scored[], byId: Map<string, SnapshotElement>): Scored[] => {
  const ids = new Map(tier.map((s) => [s.element.id, s]));
  const dropped = new Set<string>();
  for (const scored of tier) {
    for (const ancestor of ancestorsOf(scored.element, byId)) {
      const outer = ids.get(ancestor);
      if (!outer) continue;
      dropped.add(outer.element.interactive ? scored.element.id : ancestor);
    }
  }
  return tier.filter((s) => !dropped.has(s.element.id));
};

/** Whether the tier's elements all lead to one place (a heading "leads" to itself: see `anchorsOf`). */
export const sameDestination = (tier: Scored[], anchors?: Map<string, string>): boolean => {
  const first = destinationOf(tier[0].element, anchors);
  if (first === undefined) return false;
  const same = placeTest([first]);
  return tier.every((s) => {
    const other = destinationOf(s.element, anchors);
    return other !== undefined && (same(other) || placeTest([other])(first));
  });
};

/**
 * A heading that titles a small box of links ("Previous topic", "Next topic", "This Page") stands for what it
 * titles when the description is to be clicked: the one place its links lead to, else undefined.
 */
export const boxedLink = (elements: SnapshotElement[], heading: SnapshotElement): SnapshotElement | undefined => {
  // Only in page chrome: a heading in the body titles a part of the document, whatever links it holds. The
  // innermost part decides: a theme may wrap the whole page, its main part too, in a navigation block.
  const parts = (heading.region ?? []).filter((r) => /^(nav|aside|header|footer|main)\b/.test(r));
  if (!parts.length || parts[parts.length - 1].startsWith('main')) return undefined;
  const start = elements.indexOf(heading);
  const under: SnapshotElement[] = [];
  for (let i = start + 1; i < elements.length && elements[i].role !== 'heading' && under.length <= 3; i += 1) {
    if (elements[i].interactive && elements[i].parent !== heading.id) under.push(elements[i]);
  }
  const first = under[0] && destinationOf(under[0]);
  return under.length <= 3 && first !== undefined && under.every((e) => destinationOf(e) === first)
    ? (under.find((e) => e.visible) ?? under[0])
    : undefined;
};

/**
 * Equals that lead to one place as one answer: the best visible one, the others named with it. To click or hover,
 * a control among them is taken over a heading it leads to: the heading only shows where the control goes. To
 * scroll, the heading is taken: it is the place, the links only point to it.
 */
export const oneOfEquals = (
  tier: Scored[],
  confidence: (chosen: Scored) => number,
  intent: Intent = 'click',
): Answer => {
  const acting = intent === 'click' || intent === 'hover';
  const chosen =
    (acting ? tier.find((s) => s.element.visible && s.element.interactive) : undefined) ??
    (intent === 'scroll' ? tier.find((s) => s.element.visible && s.element.role === 'heading') : undefined) ??
    tier.find((s) => s.element.visible) ??
    tier[0];
  return {
    match: chosen.element,
    confidence: confidence(chosen),
    equivalents: tier
      .filter((s) => s !== chosen)
      .slice(0, 5)
      .map(candidateOf),
  };
};
