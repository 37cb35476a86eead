/**
 * Page code (see page-types.ts): what of the page is content. Scripts, styles, media without text and form
 * controls are not; neither is anything hidden (no box, or visibility: hidden) nor navigation chrome: nav and
 * search always, and a header, footer or aside when it is a page landmark (ARIA: only outside sectioning
 * elements). The tree walked is the composed one: open shadow roots with their slots filled.
 */
import type { PageApi, RenderContext } from './page-types.js';

export function visibilityFunctions(): Pick<
  PageApi,
  'isContent' | 'isHidden' | 'composedChildren' | 'slotted' | 'isSection' | 'insideSection'
> {
  // A checkbox in a list item stays (a task mark); other controls are interaction, not content.
  const SKIPPED = new Set([
    'script',
    'style',
    'noscript',
    'template',
    'link',
    'meta',
    'head',
    'title',
    'base',
    'canvas',
    'video',
    'audio',
    'object',
    'embed',
    'source',
    'track',
    'param',
    'map',
    'button',
    'input',
    'select',
    'option',
    'optgroup',
    'datalist',
    'textarea',
    'dialog',
    'rp',
  ]);
  const SECTION =
    'article, aside, main, nav, section, [role="article"], [role="complementary"], [role="main"], [role="navigation"], [role="region"]';
  const SECTION_TAGS = new Set(['article', 'aside', 'main', 'nav', 'section']);
  const SECTION_ROLES = new Set(['article', 'complementary', 'main', 'navigation', 'region']);
  const HTML = 'http://www.w3.org/1999/xhtml';

  function isContent(el: HTMLElement, tag: string, context: RenderContext): boolean {
    if (SKIPPED.has(tag) && !isTaskCheckbox(el, tag)) return false;
    if (el.namespaceURI !== HTML || isHidden(el)) return false;
    const role = el.getAttribute('role');
    if (tag === 'nav' || role === 'navigation' || role === 'search' || role === 'menubar') return false;
    const landmark =
      tag === 'header' ||
      tag === 'footer' ||
      tag === 'aside' ||
      role === 'banner' ||
      role === 'contentinfo' ||
      role === 'complementary';
    return !landmark || context.inSection || insideSection(el);
  }

  /** No box (display: none, inside a closed <details>) or visibility: hidden; `display: contents` shows its children. */
  function isHidden(el: Element): boolean {
    if (el.checkVisibility({ visibilityProperty: true })) return false;
    return el.ownerDocument.defaultView?.getComputedStyle(el).display !== 'contents';
  }

  function isTaskCheckbox(el: HTMLElement, tag: string): boolean {
    return tag === 'input' && (el as HTMLInputElement).type === 'checkbox' && el.parentElement?.localName === 'li';
  }

  function composedChildren(node: Node): Node[] {
    const assigned = slotted(node);
    if (assigned) return assigned;
    return Array.from(((node as Element).shadowRoot ?? node).childNodes);
  }

  /** A slot renders the nodes assigned to it, or its own children (the fallback) when none are. */
  function slotted(node: Node): Node[] | null {
    if ((node as Element).localName !== 'slot') return null;
    const assigned = (node as HTMLSlotElement).assignedNodes();
    return assigned.length > 0 ? assigned : null;
  }

  function insideSection(el: Element): boolean {
    return Boolean(el.parentElement?.closest(SECTION));
  }

  function isSection(el: Element): boolean {
    if (SECTION_TAGS.has(el.localName)) return true;
    const role = el.getAttribute('role');
    return role !== null && SECTION_ROLES.has(role);
  }

  return { isContent, isHidden, composedChildren, slotted, isSection, insideSection };
}
