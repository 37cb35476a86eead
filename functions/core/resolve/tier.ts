/** What choosing and relating share: the thresholds, nested families, and how candidates are reported. */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Candidate } from './resolver.js';
import type { Scored } from './score.js';

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

export const closestOf = (sorted: Scored[]): Candidate[] => sorted.filter((s) => s.score > 0.15).slice(0, 3).map(candidateOf);

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


/**
 * Where acting on the element leads, when that alone says what it does: a link's target. Two links to one place
 * (a navigation bar at the top and again at the bottom) are one answer, not a choice to put back to the caller.
 * A bare "#" or a script URL leads nowhere in particular, so it makes no two links alike.
 */
export const destinationOf = (element: SnapshotElement): string | undefined => {
  const href = element.href;
  if (!href || href === '#' || /^javascript:/i.test(href)) return undefined;
  return href;
};

/** The tier's elements when they all lead to one place, else undefined. */
export const sameDestination = (tier: Scored[]): boolean => {
  const first = destinationOf(tier[0].element);
  return first !== undefined && tier.every((s) => destinationOf(s.element) === first);
};
