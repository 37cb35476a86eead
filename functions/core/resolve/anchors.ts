/** Where elements lead: a link's target, and where each heading is as a link to it would say. */
import type { SnapshotElement } from '../../ports/page-snapshot.js';

/** Regions of the page's frame, which a page may show twice (a navigation bar at the top and again at the bottom). */
const PAGE_CHROME = /^(?:nav|header|footer)\b/;

/**
 * Where acting on the element leads, when that alone says what it does: a link's target. Two links to one place
 * (a navigation bar at the top and again at the bottom) are one answer, not a choice to put back to the caller.
 * A bare "#" or a script URL leads nowhere in particular, so it makes no two links alike.
 */
export const destinationOf = (element: SnapshotElement, anchors?: Map<string, string>): string | undefined => {
  // Two text fields alike in everything but place (a site search at the top and again at the bottom: same name,
  // same field name, same kind of form) do the same thing when typed into.
  if (element.editable && element.attributes)
    return `field ${element.role} ${element.name} ${element.attributes} ${(element.region ?? []).join('>')}`;
  // Their submit buttons, alike in name and place, send the same search: one answer too. Only in a search form,
  // where every copy asks the same thing; elsewhere ("Delete" on each row) each button acts on its own record.
  if (element.type === 'submit' && element.region?.some((r) => r.startsWith('search')))
    return `submit ${element.name} ${element.region.join('>')}`;
  // The same picture or text in a navigation bar the page repeats (at the top and again at the bottom) is one thing.
  if (
    !element.interactive &&
    element.name &&
    element.role !== 'heading' &&
    element.region?.some((r) => PAGE_CHROME.test(r))
  )
    return `copy ${element.role} ${element.name} ${element.region.join('>')}`;
  const href = element.href ?? anchors?.get(element.id);
  if (!href || href === '#' || /^javascript:/i.test(href)) return undefined;
  return href;
};

/**
 * Where each heading is, as a link to it would say: `#` and its id, or the target of the "¶" link inside it
 * (documentation generators put the id on the section around the heading). A table of contents entry and the
 * heading it points to are then one place.
 */
export const headingAnchors = (
  elements: SnapshotElement[],
  byId: Map<string, SnapshotElement>,
): Map<string, string> => {
  const anchors = new Map<string, string>();
  /** Where the page's other links lead: what a table of contents names a heading by. */
  const linkedTo = new Set<string>();
  for (const element of elements) {
    if (element.role === 'heading' && element.attributes && !element.attributes.startsWith(' '))
      anchors.set(element.id, `#${element.attributes.split(' ')[0]}`);
    const parent = element.parent ? byId.get(element.parent) : undefined;
    if (parent?.role === 'heading' && element.href?.startsWith('#')) {
      const own = anchors.get(parent.id);
      // A heading's id and its "¶" link may name two places (haproxy-dconv: `<h3 id="chapter-3.4.5">` holding a
      // link to "#3.4.5"): the one the page's other links lead to is where a table of contents says it is.
      if (!own || (own !== element.href && linkedTo.has(element.href) && !linkedTo.has(own)))
        anchors.set(parent.id, element.href);
    } else if (element.href?.startsWith('#')) linkedTo.add(element.href);
  }
  // A generator may put the id on the section around the heading and give the heading no link of its own
  // (makeinfo's `<div id="Encodings"><h4>1.1.1 Encodings</h4>`): the table of contents still names each entry as
  // its heading is named, so a heading's one in-page link of exactly its name says where it is.
  const unplaced = new Map<string, SnapshotElement[]>();
  for (const element of elements)
    if (element.role === 'heading' && element.name && !anchors.has(element.id))
      unplaced.set(element.name, [...(unplaced.get(element.name) ?? []), element]);
  if (!unplaced.size) return anchors;
  const targets = new Map<string, Set<string>>();
  for (const element of elements)
    if (element.href?.startsWith('#') && element.href.length > 1 && unplaced.has(element.name))
      targets.set(element.name, (targets.get(element.name) ?? new Set()).add(element.href));
  for (const [name, hrefs] of targets) {
    const headings = unplaced.get(name) ?? [];
    if (hrefs.size === 1 && headings.length === 1) anchors.set(headings[0].id, [...hrefs][0]);
  }
  return anchors;
};

/**
 * Whether a link target is one of these places. Snapshots cut long ids ("#api-reference-material-for-client-devel…"):
 * such a place is matched by its prefix.
 */
export const placeTest = (places: Iterable<string>): ((href: string) => boolean) => {
  const whole = new Set<string>();
  const cut: string[] = [];
  for (const place of places)
    if (place.endsWith('…')) cut.push(place.slice(0, -1));
    else whole.add(place);
  return (href) => whole.has(href) || cut.some((prefix) => href.startsWith(prefix));
};
