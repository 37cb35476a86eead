/**
 * In-page text helpers of the snapshot script (plain JavaScript: see `script.ts` for why).
 *
 * `textOf` gathers a subtree's text the way an accessible name is computed from content: images give their alt,
 * descendants with an aria-label give that label, `aria-hidden` and `hidden` parts are left out, a shadow host
 * gives its rendered (shadow) content with slotted children in place. It stops once `max` characters are
 * gathered, so a huge container costs no more than a small one.
 */
export const TEXT_SCRIPT = String.raw`
const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link']);
const FIELD_TAGS = new Set(['input', 'select', 'textarea']);

/** Whitespace collapsed, cut at max. Most texts need no collapsing: they are only scanned, not rebuilt. */
const clean = (value, max) => {
  if (!value) return '';
  let text = value;
  const last = text.charCodeAt(text.length - 1);
  if (text.charCodeAt(0) <= 32 || last <= 32 || text.indexOf('  ') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\t') >= 0 || text.indexOf('\u00a0') >= 0) text = text.replace(/\s+/g, ' ').trim();
  return text.length > max ? text.slice(0, max - 1).trimEnd() + '…' : text;
};

const textOf = (root, max) => {
  // The common case, an element holding one text node, without the walk.
  const only = root.firstChild;
  if (only && only === root.lastChild && only.nodeType === 3 && !root.shadowRoot && !root.hidden && root.getAttribute('aria-hidden') !== 'true') return clean(only.data, max);
  let out = '';
  const visit = (node) => {
    if (out.length >= max) return;
    if (node.nodeType === 3) { out += node.data; return; }
    if (node.nodeType !== 1) return;
    const tag = node.localName;
    if (SKIP_TAGS.has(tag) || node.hidden || node.getAttribute('aria-hidden') === 'true') return;
    if (node !== root) {
      // A field inside is a value, not a label: left out, whatever its aria-label says.
      if (FIELD_TAGS.has(tag)) return;
      const aria = node.getAttribute('aria-label');
      if (aria) { out += ' ' + aria + ' '; return; }
    }
    if (tag === 'img' || (tag === 'input' && node.type === 'image')) { out += ' ' + (node.getAttribute('alt') || '') + ' '; return; }
    if (tag === 'svg') {
      const title = node.querySelector('title');
      if (title) out += ' ' + title.textContent + ' ';
      return;
    }
    if (tag === 'slot') {
      const assigned = node.assignedNodes({ flatten: true });
      for (const child of assigned.length ? assigned : node.childNodes) visit(child);
      return;
    }
    out += ' ';
    const children = node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes;
    for (const child of children) { visit(child); if (out.length >= max) break; }
    out += ' ';
  };
  visit(root);
  return clean(out, max);
};

/** Text of the elements an aria-labelledby names, looked up in the element's own tree (document or shadow root). */
const labelledBy = (el, max) => {
  const ids = el.getAttribute('aria-labelledby');
  if (!ids) return '';
  const root = el.getRootNode();
  const parts = [];
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
const labelMaps = new Map();
const labelsOf = (el) => {
  if (!LABELABLE.has(el.localName)) return [];
  const root = el.getRootNode();
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
const labelsText = (el, max) => {
  const labels = labelsOf(el);
  return labels.length ? clean(labels.map((label) => textOf(label, max)).join(' '), max) : '';
};
`;
