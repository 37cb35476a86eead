/**
 * "The second tab" on a page whose tabs are drawn from plain links (a list of links styled as tabs above a
 * panel, with no `role=tab`): counting every link the kind fits softly would count the language bar or the site's
 * title instead. A tab bar is one row of links side by side, alone on its line: links wrapping over several lines
 * (a language bar, a tag cloud) are text, not tabs.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Query } from './query.js';
import { inRegion, type Scored } from './score.js';

/** Links of one row stand this close in their top edge and height. */
const SAME_LINE = 2;

const oneLine = (a: SnapshotElement, b: SnapshotElement): boolean =>
  Math.abs(a.box.y - b.box.y) <= SAME_LINE && Math.abs(a.box.height - b.box.height) <= SAME_LINE;

/**
 * The rows of links that stand alone: no row of links drawn alike just above or below it (the same row wrapped
 * onto the next line). Whatever stands under a tab bar (its panel's links) is drawn otherwise.
 */
const rowsAlone = (links: Scored[]): Scored[][] => {
  const rows: Scored[][] = [];
  for (const s of links) {
    const row = rows.find((r) => oneLine(r[0].element, s.element));
    if (row) row.push(s);
    else rows.push([s]);
  }
  const wrapped = (row: Scored[]) => {
    const { y, height } = row[0].element.box;
    return rows.some((other) => {
      const box = other[0].element.box;
      return other !== row && Math.abs(box.height - height) <= SAME_LINE && Math.abs(box.y - y) <= 2 * height;
    });
  };
  return rows.filter((row) => row.length >= 2 && !wrapped(row));
};

/**
 * The tier narrowed to the page's one tab bar, when tabs are asked for by kind, none is marked as a tab, and the
 * page shows one such row of links (or one in its navigation); otherwise the tier as it was.
 */
export const tabRow = (tier: Scored[], query: Query): Scored[] => {
  if (query.role?.word !== 'tab' || tier.some((s) => s.element.role === 'tab')) return tier;
  const links = tier.filter((s) => s.element.role === 'link' && s.element.visible && s.element.box.height > 0);
  let rows = rowsAlone(links);
  if (rows.length > 1) rows = rows.filter((row) => row.every((s) => inRegion(s.element, 'nav')));
  return rows.length === 1 ? rows[0] : tier;
};
