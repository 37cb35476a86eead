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
export const destinationOf = (element: SnapshotElement, anchors?: Map<string, string>): string | undefined => {
  const href = element.href ?? anchors?.get(element.id);
  if (!href || href === '#' || /^javascript:/i.test(href)) return undefined;
  return href;
};

/** Whether the tier's elements all lead to one place (a heading "leads" to itself: see `anchorsOf`). */
export const sameDestination = (tier: Scored[], anchors?: Map<string, string>): boolean => {
  const first = destinationOf(tier[0].element, anchors);
  return first !== undefined && tier.every((s) => destinationOf(s.element, anchors) === first);
};

/**
 * Where each heading is, as a link to it would say: `#` and its id, or the target of the "¶" link inside it
 * (documentation generators put the id on the section around the heading). A table of contents entry and the
 * heading it points to are then one place.
 */
export const headingAnchors = (elements: SnapshotElement[], byId: Map<string, SnapshotElement>): Map<string, string> => {
  const anchors = new Map<string, string>();
  for (const element of elements) {
    if (element.role === 'heading' && element.attributes && !element.attributes.startsWith(' ')) anchors.set(element.id, `#${element.attributes.split(' ')[0]}`);
    const parent = element.parent ? byId.get(element.parent) : undefined;
    if (parent?.role === 'heading' && element.href?.startsWith('#') && !anchors.has(parent.id)) anchors.set(parent.id, element.href);
  }
  return anchors;
};

/**
 * A heading that titles a small box of links ("Previous topic", "Next topic", "This Page") stands for what it
 * titles when the description is to be clicked: the one place its links lead to, else undefined.
 */
export const boxedLink = (elements: SnapshotElement[], heading: SnapshotElement): SnapshotElement | undefined => {
  // Only in page chrome: a heading in the body titles a part of the document, whatever links it holds.
  if (!heading.region?.some((r) => /^(nav|aside|header|footer)\b/.test(r))) return undefined;
  const start = elements.indexOf(heading);
  const under: SnapshotElement[] = [];
  for (let i = start + 1; i < elements.length && elements[i].role !== 'heading' && under.length <= 3; i += 1) {
    if (elements[i].interactive && elements[i].parent !== heading.id) under.push(elements[i]);
  }
  const first = under[0] && destinationOf(under[0]);
  return under.length <= 3 && first !== undefined && under.every((e) => destinationOf(e) === first) ? under.find((e) => e.visible) ?? under[0] : undefined;
};
