/**
 * Text helpers of the snapshot script.
 *
 * `textOf` gathers a subtree's text the way an accessible name is computed from content: images give their alt,
 * descendants with an aria-label give that label, `aria-hidden` and `hidden` parts are left out, a shadow host
 * gives its rendered (shadow) content with slotted children in place. It stops once `max` characters are
 * gathered, so a huge container costs no more than a small one.
 */

export const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link']);
export const FIELD_TAGS = new Set(['input', 'select', 'textarea']);

/** Whitespace collapsed, cut at max. Most texts need no collapsing: they are only scanned, not rebuilt. */
export const clean = (value: string | null | undefined, max: number): string => {
  if (!value) return '';
  let text = value;
  const last = text.charCodeAt(text.length - 1);
  if (
    text.charCodeAt(0) <= 32 ||
    last <= 32 ||
    text.indexOf('  ') >= 0 ||
    text.indexOf('\n') >= 0 ||
    text.indexOf('\t') >= 0 ||
    text.indexOf('\u00a0') >= 0
  )
    text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? text.slice(0, max - 1).trimEnd() + '…' : text;
};

const isHidden = (el: Element) => (el as HTMLElement).hidden === true || el.getAttribute('aria-hidden') === 'true';

export const textOf = (root: Element, max: number): string => {
  // The common case, an element holding one text node, without the walk.
  const only = root.firstChild;
  if (only && only === root.lastChild && only.nodeType === 3 && !root.shadowRoot && !isHidden(root))
    return clean((only as Text).data, max);
  let out = '';
  const visit = (node: Node) => {
    if (out.length >= max) return;
    if (node.nodeType === 3) {
      out += (node as Text).data;
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.localName;
    if (SKIP_TAGS.has(tag) || isHidden(el)) return;
    if (el !== root) {
      // A field inside is a value, not a label: left out, whatever its aria-label says.
      if (FIELD_TAGS.has(tag)) return;
      const aria = el.getAttribute('aria-label');
      if (aria) {
        out += ' ' + aria + ' ';
        return;
      }
    }
    if (tag === 'img' || (tag === 'input' && (el as HTMLInputElement).type === 'image')) {
      out += ' ' + (el.getAttribute('alt') || '') + ' ';
      return;
    }
    if (tag === 'svg') {
      const title = el.querySelector('title');
      if (title) out += ' ' + title.textContent + ' ';
      return;
    }
    if (tag === 'slot') {
      const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true });
      for (const child of assigned.length ? assigned : Array.from(el.childNodes)) visit(child);
      return;
    }
    out += ' ';
    const children = el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes;
    for (const child of children) {
      visit(child);
      if (out.length >= max) break;
    }
    out += ' ';
  };
  visit(root);
  return clean(out, max);
};

/** Text of the elements an aria-labelledby names, looked up in the element's own tree (document or shadow root). */
export const labelledBy = (el: Element, max: number): string => {
  const ids = el.getAttribute('aria-labelledby');
  if (!ids) return '';
  const root = el.getRootNode() as Document | ShadowRoot;
  const parts: string[] = [];
  for (const id of ids.split(/\s+/)) {
    const ref = id && root.getElementById ? root.getElementById(id) : null;
    if (ref) parts.push(ref === el ? clean(el.getAttribute('aria-label'), max) : textOf(ref, max));
  }
  return clean(parts.join(' '), max);
};

/**
 * Labels by control, one map per tree (document or shadow root), built on first use. The native "labels" list
 * walks the whole tree on first access per control: thousands of controls on a big page made that quadratic.
 */
const LABELABLE = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);
const labelMaps = new Map<Node, Map<Element, HTMLLabelElement[]>>();
export const labelsOf = (el: Element): HTMLLabelElement[] => {
  if (!LABELABLE.has(el.localName)) return [];
  const root = el.getRootNode() as Document | ShadowRoot;
  let map = labelMaps.get(root);
  if (!map) {
    map = new Map();
    for (const label of root.querySelectorAll('label')) {
      const control = label.control;
      if (!control) continue;
      const list = map.get(control);
      if (list) list.push(label);
      else map.set(control, [label]);
    }
    labelMaps.set(root, map);
  }
  return map.get(el) || [];
};

/** Text of an element's labels (label[for] and a wrapping label), the control's own contents left out. */
export const labelsText = (el: Element, max: number): string => {
  const labels = labelsOf(el);
  return labels.length ? clean(labels.map((label) => textOf(label, max)).join(' '), max) : '';
};
