/**
 * A navigation table of a manual (DocBook's header and footer): a row of step links ("Prev", "Up", "Next") and,
 * under each step, the title of the page it leads to as plain text ("13.2. Test suite structure"). A title met
 * for a click is the step standing over it in its column, not the one link of the title's own row ("Home",
 * standing between the titles).
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';
import type { Answer } from './resolver.js';
import { sameTable } from './row-control.js';
import type { Stated } from './stated.js';

const CELLS = new Set(['cell', 'gridcell']);
/** A step's relation, marked (`rel`, an access key) or only said ("Prev", "Next"). */
const STEP = /^(?:prev|previous|next)$/i;
/** How far over a title its step may stand: the row just above. */
const GAP = 40;

const isStep = (e: SnapshotElement): boolean => STEP.test(e.rel ?? '') || STEP.test(e.name.trim());

const over = (link: SnapshotElement, cell: SnapshotElement): boolean => {
  const below = cell.box.y - (link.box.y + link.box.height);
  const across = Math.min(link.box.x + link.box.width, cell.box.x + cell.box.width) - Math.max(link.box.x, cell.box.x);
  return below >= 0 && below <= GAP && across > 0;
};

export const stepTitle = (match: SnapshotElement, stated: Stated): Answer | undefined => {
  if (match.interactive || !CELLS.has(match.role) || (stated.intent !== 'click' && stated.intent !== 'hover'))
    return undefined;
  const steps = stated.snapshot.elements.filter(
    (e) => e.role === 'link' && e.interactive && e.visible && isStep(e) && sameTable(e, match) && over(e, match),
  );
  return steps.length === 1 ? { match: steps[0], confidence: 0.6 } : undefined;
};
