/**
 * "Books in the breadcrumb": many pages draw their trail of parent pages as plain links separated by arrows
 * (`Server » library.sqlite » books`) with no `nav aria-label="Breadcrumb"` to say so. The trail is known by its
 * separators: links in a row, each after the one before with only a separator character between them.
 */
import type { SnapshotElement } from '../../ports/page-snapshot.js';

/** Characters drawn between the steps of a trail: the text just before each step after the first. */
const SEPARATOR = /^\s*(?:»|›|>|→|\/|\\|::|‣|▸|►)\s*$/;
/** A trail has at least this many steps. */
const STEPS = 2;

const trailsOf = new WeakMap<SnapshotElement[], Set<string>>();

/**
 * The page's breadcrumb links: runs of links in document order where each after the first has only a separator
 * before it and stands on the same line as the one before (the first has no separator, or another one). A
 * separator alone between links of a long menu ("a | b | c" in a footer) is also a row of links; only ones
 * with "»"-like arrows or slashes count, and never the bar.
 */
export const breadcrumbLinks = (elements: SnapshotElement[]): Set<string> => {
  let found = trailsOf.get(elements);
  if (found) return found;
  found = new Set<string>();
  let run: SnapshotElement[] = [];
  const close = () => {
    if (run.length >= STEPS) for (const e of run) found?.add(e.id);
    run = [];
  };
  for (const element of elements) {
    if (!element.interactive) continue;
    const previous = run[run.length - 1];
    const step =
      element.role === 'link' &&
      element.near !== undefined &&
      SEPARATOR.test(element.near) &&
      previous !== undefined &&
      Math.abs(previous.box.y - element.box.y) <= 4;
    if (step) run.push(element);
    else {
      close();
      if (element.role === 'link') run = [element];
    }
  }
  close();
  trailsOf.set(elements, found);
  return found;
};
