/**
 * In-page walk of the snapshot script (plain JavaScript: see `script.ts`). One depth-first pass over the DOM in
 * document order, into open shadow roots and same-origin iframes, keeping the context (regions, the last heading,
 * the enclosing candidate and text block, the frame's offset) on the way down. Styles and boxes are read only for
 * candidates and text blocks (`blocks.ts`), so a 16,000-element page costs a layout and a few thousand rectangle
 * reads, not a style per element.
 *
 * Each candidate becomes a compact row of numbers (strings interned in one table): an 80,000-element page has
 * tens of thousands of candidates, and objects with repeated keys and texts cost more to build, serialize and
 * send than the walk itself. Row layout: see `decode.ts`.
 */
export const WALK_SCRIPT = String.raw`
/** Controls and labelled elements; text blocks (blocks.ts) are counted apart. */
const MAX_CANDIDATES = 60000;
/** Ids and classes name page chrome near the top of the tree; deeper down "header" is a card's header. */
const CHROME_DEPTH = 6;
const LABELLED_ROLES = new Set(['img', 'heading', 'cell', 'columnheader', 'rowheader']);
const CONTROLS = 'a[href], button, input, select, textarea, [role=button], [role=link], [role=checkbox], [tabindex]';
const VISIBLE = 1, INTERACTIVE = 2, EDITABLE = 4, DISABLED = 8, CHECKABLE = 16, CHECKED = 32, BLOCK = 64;

const top = { scrollX: window.scrollX, scrollY: window.scrollY };
const strings = [''];
const interned = new Map([['', 0]]);
const intern = (value) => {
  let index = interned.get(value);
  if (index === undefined) { index = strings.length; strings.push(value); interned.set(value, index); }
  return index;
};
const put = (row, field, value) => { row.push(field, intern(value)); };
const rows = [];
const refs = [];
let nodeCount = 0;
let lastHeading = 0;
let truncated = false;

const isVisible = (el, rect, offset) =>
  rect.width >= 2 && rect.height >= 2 && rect.right + offset.x + top.scrollX > 0 && rect.bottom + offset.y + top.scrollY > 0 &&
  el.checkVisibility({ visibilityProperty: true, opacityProperty: true });

/** Whether the element is one a person could act on or name, and so belongs in the snapshot. */
const qualifies = (el, tag, role, ctx, region, bare) => {
  if (tag === 'label' || tag === 'iframe') return false;
  if (INTERACTIVE_ROLES.has(role) || tag === 'summary') return true;
  // Without attributes only the tag can make it a candidate (a table cell, a heading).
  if (bare) return !ctx.interactive && !region && LABELLED_ROLES.has(role) && role !== 'img' && ((role !== 'cell' && role !== 'columnheader' && role !== 'rowheader') || !el.querySelector(CONTROLS));
  if (el.hasAttribute('onclick')) return true;
  if (el.hasAttribute('tabindex') && el.tabIndex >= 0) return true;
  if (el.hasAttribute('contenteditable') && el.isContentEditable) return true;
  // Labelled but not actionable: worth listing only outside a control (whose name already holds their text).
  if (ctx.interactive || region) return false;
  if (role === 'img') return Boolean(el.getAttribute('alt') || el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('aria-labelledby'));
  if (role === 'cell' || role === 'columnheader' || role === 'rowheader') return !el.querySelector(CONTROLS);
  if (LABELLED_ROLES.has(role) || el.hasAttribute('aria-label')) return true;
  return tag === 'svg' && Boolean(el.querySelector(':scope > title'));
};

/** Whole enough to tell two destinations apart (links to one place are one answer); a model is shown less. */
const HREF_MAX = 300;

/**
 * A link's target as short as it stays clear: "#part" on the same page, a path on the same site, else the URL.
 * Read from the attribute first: each URL property of a link parses its href anew.
 */
const hrefOf = (el) => {
  const raw = el.getAttribute('href') || '';
  if (raw[0] === '#' || (raw[0] === '/' && raw[1] !== '/')) return clean(raw, HREF_MAX);
  let url;
  try { url = new URL(el.href); } catch (error) { return clean(raw, HREF_MAX); }
  if (url.origin !== location.origin) return clean(url.href, HREF_MAX);
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return clean(url.hash, HREF_MAX);
  return clean(url.pathname + url.search + url.hash, HREF_MAX);
};

const headingAnchorOf = (el) => {
  const inner = el.querySelector('a[id], a[name]');
  if (inner) return inner.id || inner.getAttribute('name') || '';
  const parent = el.parentElement;
  return parent && parent.firstElementChild === el && parent.id ? parent.id : '';
};

/** Appends the element's row; answers its index. */
const record = (el, tag, role, ctx, bare) => {
  const rect = el.getBoundingClientRect();
  const interactive = INTERACTIVE_ROLES.has(role) || tag === 'summary' || (!bare && (el.hasAttribute('onclick') || (el.hasAttribute('tabindex') && el.tabIndex >= 0) || el.isContentEditable));
  let flags = interactive ? INTERACTIVE : 0;
  if (isVisible(el, rect, ctx.offset) || labelsOf(el).some((label) => isVisible(label, label.getBoundingClientRect(), ctx.offset))) flags |= VISIBLE;
  if (isEditable(el, tag, bare)) flags |= EDITABLE;
  if ((FIELD_TAGS.has(tag) || tag === 'button') ? el.matches(':disabled') : !bare && el.getAttribute('aria-disabled') === 'true') flags |= DISABLED;
  if (role === 'checkbox' || role === 'radio' || role === 'switch') {
    flags |= CHECKABLE;
    if (tag === 'input' ? el.checked : el.getAttribute('aria-checked') === 'true') flags |= CHECKED;
  }
  const row = [
    intern(role || (tag === 'svg' ? 'img' : 'generic')), intern(tag), 0,
    Math.round(rect.left + ctx.offset.x + top.scrollX), Math.round(rect.top + ctx.offset.y + top.scrollY), Math.round(rect.width), Math.round(rect.height),
    flags, ctx.parent, 0, ctx.region,
  ];
  const name = namesInto(row, el, tag, role, bare);
  row[2] = intern(name);
  if (role !== 'heading' && strings[lastHeading] !== name) row[9] = lastHeading;
  const type = (tag === 'input' || tag === 'button') && el.getAttribute('type');
  if (type) put(row, F.type, type.toLowerCase());
  if (tag === 'a' && !bare && el.hasAttribute('href')) {
    put(row, F.href, hrefOf(el));
    const rel = relOf(el);
    if (rel) put(row, F.rel, rel);
  }
  // A heading's id may sit on an anchor inside it or on the section it opens: where a link to it points.
  const anchor = role === 'heading' && !el.id ? headingAnchorOf(el) : '';
  const attributes = anchor ? clean(anchor, 40) : !bare && (el.id || el.getAttribute('name')) ? clean(el.id + ' ' + (el.getAttribute('name') || ''), 40) : '';
  if (attributes) put(row, F.attributes, attributes);
  if (interactive || !name) { const near = nearOf(el); if (near && near !== name) put(row, F.near, near); }
  const table = ctx.cell && tableContext(ctx.cell);
  if (table && table.row) put(row, F.row, table.row);
  if (table && table.column) put(row, F.column, table.column);
  if (ctx.frame) put(row, F.frame, ctx.frame);
  rows.push(row);
  refs.push(el);
  if (role === 'heading' && name) lastHeading = intern(clean(name, CONTEXT_MAX));
  return rows.length - 1;
};

const visit = (el, ctx, depth) => {
  nodeCount += 1;
  const tag = el.localName;
  if (SKIP_TAGS.has(tag) || el.hidden) return;
  const bare = !el.hasAttributes();
  const region = regionOf(el, tag, depth <= CHROME_DEPTH, bare);
  if (region) ctx = { ...ctx, regions: [...ctx.regions, region], region: intern(ctx.regions.concat(region).join('\n')) };
  if (tag === 'td' || tag === 'th') ctx = { ...ctx, cell: el };
  const role = roleOf(el, tag, bare);
  if (qualifies(el, tag, role, ctx, region, bare)) {
    if (rows.length - blockCount >= MAX_CANDIDATES) truncated = true;
    else {
      const index = record(el, tag, role, ctx, bare);
      // A new context only for what is inside: most candidates (a button, a link) hold text alone.
      if (el.firstElementChild || el.shadowRoot) ctx = { ...ctx, parent: index, container: index, interactive: ctx.interactive || (rows[index][7] & INTERACTIVE) !== 0 };
    }
  } else if (role === 'heading') {
    const heading = textOf(el, CONTEXT_MAX);
    if (heading) lastHeading = intern(heading);
  } else if (TEXT_BLOCKS && !ctx.interactive && !region) {
    // Text a person reads, outside any control (see blocks.ts). Only blocks inside it get it as their parent.
    const blockRole = blockRoleOf(el, tag);
    const index = blockRole ? recordBlock(el, tag, blockRole, ctx, bare) : -1;
    if (index >= 0 && (el.firstElementChild || el.shadowRoot)) ctx = { ...ctx, container: index };
  }
  if (tag === 'svg' || tag === 'select' || tag === 'textarea') return;
  if (tag === 'iframe' || tag === 'frame') {
    let doc = null;
    try { doc = el.contentDocument; } catch (error) { doc = null; }
    if (!doc || !doc.documentElement) return;
    const rect = el.getBoundingClientRect();
    const offset = { x: ctx.offset.x + rect.left + el.clientLeft, y: ctx.offset.y + rect.top + el.clientTop };
    const label = clean(el.title || el.name || (doc.location ? doc.location.pathname : ''), CONTEXT_MAX);
    const region = label ? 'frame ' + label : 'frame';
    walk(doc, { ...ctx, cell: null, offset, frame: label || 'frame', regions: [...ctx.regions, region], region: intern(ctx.regions.concat(region).join('\n')) }, depth + 1);
    return;
  }
  if (el.shadowRoot) walk(el.shadowRoot, ctx, depth + 1);
  walk(el, ctx, depth + 1);
};

const walk = (parent, ctx, depth) => {
  for (let child = parent.firstElementChild; child; child = child.nextElementSibling) visit(child, ctx, depth);
};
`;
