/**
 * A page's actions for a part often come just before the part's heading in the markup and sit on the heading's
 * line, floated to its right (Redmine's "Edit" of a version, a wiki's "edit" of a section). The snapshot files
 * them under the heading before, whose part they do not belong to: here they are filed under the heading whose
 * line they share.
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';

/** How many elements may stand between such an action and its heading (other actions on the same line). */
const REACH = 4;

const onOneLine = (a: SnapshotElement, b: SnapshotElement): boolean =>
  a.box.height > 0 &&
  b.box.height > 0 &&
  a.box.y < b.box.y + b.box.height &&
  b.box.y < a.box.y + a.box.height &&
  // The action's middle is within the heading's height: a tall neighbour is no action on its line.
  Math.abs(a.box.y + a.box.height / 2 - (b.box.y + b.box.height / 2)) <= b.box.height / 2;

export const headingLines = (snapshot: PageSnapshot): PageSnapshot => {
  const { elements } = snapshot;
  let changed: SnapshotElement[] | undefined;
  for (let i = 0; i < elements.length; i += 1) {
    const heading = elements[i];
    if (heading.role !== 'heading' || !heading.visible) continue;
    for (let j = i - 1; j >= 0 && j >= i - REACH; j -= 1) {
      const before = elements[j];
      if (before.role === 'heading' || !before.visible || !onOneLine(before, heading)) break;
      if (before.heading === heading.name) continue;
      changed ??= elements.slice();
      changed[j] = { ...before, heading: heading.name };
    }
  }
  return changed ? { ...snapshot, elements: changed } : snapshot;
};
