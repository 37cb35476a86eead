/**
 * A folder's listing (Apache's, lighttpd's, nginx's, a repository browser's): one row per item, its name a link,
 * beside it a type icon ("[DIR]", "[IMG]") or a type cell, and a first row leading up to the folder above. What a
 * person counts in it ("the second directory", "the first photo") is the items, by their links.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import { sameRow, sameTable } from './row-control.js';
import { inRegion, type Scored } from './score.js';

/** A listing's way up: ".." or "Parent Directory", leading to the folder above. */
const PARENT = /^(?:\.\.\/?|parent\s+directory|up\s+one\s+level)$/i;

/** Whether a link is a listing's way up to the folder above. */
export const isWayUp = (e: SnapshotElement): boolean => e.role === 'link' && PARENT.test(e.name.trim());

/**
 * "The third directory" on a folder's listing whose first row is "..", typed "Directory" like the folders under
 * it: the way up is no item of the listing, so what stands in its row is not counted.
 */
export const withoutParentRow = (ordered: Scored[], elements: SnapshotElement[]): Scored[] => {
  const parents = elements.filter(isWayUp);
  if (!parents.length) return ordered;
  const inParentRow = (e: SnapshotElement) =>
    parents.some((p) => p === e || (inRegion(p, 'table') && sameTable(p, e) && sameRow(p, e)));
  const kept = ordered.filter((s) => !inParentRow(s.element));
  return kept.length ? kept : ordered;
};

/** Text and pictures that do nothing when clicked: a type icon, a cell. */
const STILL = new Set(['img', 'cell', 'gridcell']);

/**
 * "The last folder" met by every row's "[DIR]" icon and its cell, "the first photo" by every "[IMG]": the icons
 * say each row's type, and what is counted is the items, each reached through its row's one link. When every
 * element counted is such an icon or cell in a table row whose one control is a link, the links are counted,
 * one per row; otherwise the elements stay as they are.
 */
export const rowLinksOf = (tier: Scored[], elements: SnapshotElement[]): Scored[] => {
  const still = (s: Scored) => !s.element.interactive && STILL.has(s.element.role) && inRegion(s.element, 'table');
  if (tier.length < 2 || !tier.every(still)) return tier;
  const links = new Map<string, Scored>();
  for (const s of tier) {
    const row = elements.filter(
      (e) => e.interactive && e.visible && e !== s.element && sameTable(e, s.element) && sameRow(e, s.element),
    );
    if (row.length !== 1 || row[0].role !== 'link' || !row[0].href) return tier;
    if (!links.has(row[0].id)) links.set(row[0].id, { ...s, element: row[0], index: elements.indexOf(row[0]) });
  }
  return [...links.values()];
};
