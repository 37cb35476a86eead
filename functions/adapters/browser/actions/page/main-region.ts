/**
 * Where a page's own content is, told apart from the chrome around it. Pages mark their menus and sidebars with
 * `nav`, `aside`, `header`, `footer` or a landmark role when they are written well; many are not (a manual whose
 * menu is a column of a layout table, an app whose project menu is a plain `div`). What they all share is that
 * chrome is made of links while content is made of text: the main region is found by following, from the `main`
 * landmark (or the body) down, the child that holds most of the page's text, for as long as the siblings it leaves
 * behind are only links or little text.
 */

/** Elements that say they are chrome, and whose text is never the page's content. */
export const CHROME =
  'nav,header,footer,aside,menu,[role=navigation],[role=banner],[role=contentinfo],[role=complementary],[role=menu],[role=menubar],[role=tablist]';
export const chrome = (el: Element): boolean => !!el.closest(CHROME);

/** Characters of rendered text under an element, and how many of them are the text of links. */
export interface Mass {
  text: number;
  linked: number;
}
export type Masses = Map<Element, Mass>;

/** A link's text counts this much towards where the content is: a column of links is a menu, not the page. */
const LINK_WEIGHT = 0.3;
/** Descend into a child holding at least this share of its parent's weight... */
const MAJORITY = 0.5;
/**
 * ...unless a sibling left behind is more than links and holds this share of the parent's unlinked text: content
 * too, where a menu is links and a banner a few words.
 */
const CONTENT_SIBLING = 0.2;
/** Blocks of running text: the content's parts, never a region (the list after a long paragraph is content too). */
const TEXT_BLOCK = /^(P|PRE|BLOCKQUOTE|H[1-6]|ADDRESS|FIGURE|CODE)$/;

const weight = (m: Mass) => m.text - m.linked + LINK_WEIGHT * m.linked;
const NO_TEXT = /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|SELECT|TEXTAREA|svg|canvas)$/;

const rendered = (el: Element) =>
  el.checkVisibility({ visibilityProperty: true }) || getComputedStyle(el).display === 'contents';

/** The text mass of every rendered element under `root`, chrome counting as none. One pass over the tree. */
export const measure = (root: Element): Masses => {
  const masses: Masses = new Map();
  const visit = (el: Element, inLink: boolean): Mass => {
    const mass = { text: 0, linked: 0 };
    const linking = inLink || (el.localName === 'a' && el.hasAttribute('href'));
    for (let node = el.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === Node.TEXT_NODE) {
        const length = (node.nodeValue || '').replace(/\s+/g, ' ').trim().length;
        mass.text += length;
        if (linking) mass.linked += length;
      } else if (node.nodeType === Node.ELEMENT_NODE) {
        const child = node as Element;
        if (NO_TEXT.test(child.tagName) || child.matches(CHROME) || !rendered(child)) continue;
        const inner = visit(child, linking);
        mass.text += inner.text;
        mass.linked += inner.linked;
      }
    }
    masses.set(el, mass);
    return mass;
  };
  visit(root, false);
  return masses;
};

/**
 * The deepest element holding most of the page's content, with only chrome-like siblings on the way down. The way
 * ends at a `structure` (a list, a data table): that is content itself, and its entries are items, not regions.
 */
export const mainRegion = (masses: Masses, structure: (el: Element) => boolean): Element => {
  const landmark = Array.from(document.querySelectorAll('main,[role=main]')).find((el) => masses.has(el));
  let current: Element = landmark || document.body;
  for (;;) {
    if (structure(current)) return current;
    const own = masses.get(current);
    if (!own) return current;
    const kids = Array.from(current.children).filter((kid) => masses.has(kid));
    let best: Element | undefined;
    for (const kid of kids) if (!best || weight(masses.get(kid)!) > weight(masses.get(best)!)) best = kid;
    if (!best || TEXT_BLOCK.test(best.tagName) || weight(masses.get(best)!) < MAJORITY * weight(own)) return current;
    const unlinked = own.text - own.linked;
    const content = kids.some(
      (kid) =>
        kid !== best &&
        !linkish(masses, kid) &&
        masses.get(kid)!.text - masses.get(kid)!.linked >= Math.max(1, CONTENT_SIBLING * unlinked),
    );
    if (content) return current;
    current = best;
  }
};

/** Whether most of an element's text is the text of links (or it has none): a menu entry, not an item of content. */
export const linkish = (masses: Masses, el: Element): boolean => {
  const mass = masses.get(el);
  return !mass || mass.text === 0 || mass.linked >= 0.8 * mass.text;
};
