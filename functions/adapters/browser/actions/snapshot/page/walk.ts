/**
 * The walk of the snapshot script. One depth-first pass over the DOM in document order, into open shadow roots
 * and same-origin iframes, keeping the context (regions, the last heading, the enclosing candidate and text
 * block, the frame's offset) on the way down. Styles and boxes are read only for candidates and text blocks
 * (`blocks.ts`), so a 16,000-element page costs a layout and a few thousand rectangle reads, not a style per
 * element.
 *
 * Each candidate becomes a compact row of numbers (strings interned in one table): an 80,000-element page has
 * tens of thousands of candidates, and objects with repeated keys and texts cost more to build, serialize and
 * send than the walk itself. Row layout: see `decode.ts`.
 */
import { areaRect, shownBy } from '../../page/dom.js';
import { blockRoleOf, recordBlock } from './blocks.js';
import { CONTEXT_MAX, nearOf, regionOf, relOf, tableContext } from './context.js';
import { INTERACTIVE_ROLES, isEditable, namesInto, roleOf } from './roles.js';
import {
  boxOf,
  CHECKABLE,
  CHECKED,
  type Context,
  CONTROLS,
  counts,
  DISABLED,
  EDITABLE,
  INTERACTIVE,
  intern,
  isVisible,
  put,
  refs,
  rows,
  strings,
  VISIBLE,
} from './state.js';
import { clean, FIELD_TAGS, labelsOf, SKIP_TAGS, textOf } from './text.js';

/** Controls and labelled elements; text blocks (blocks.ts) are counted apart. */
const MAX_CANDIDATES = 60000;
/** Ids and classes name page chrome near the top of the tree; deeper down "header" is a card's header. */
const CHROME_DEPTH = 6;
const LABELLED_ROLES = new Set(['img', 'heading', 'cell', 'columnheader', 'rowheader']);

const isCellRole = (role: string) => role === 'cell' || role === 'columnheader' || role === 'rowheader';

/** Whether the element is one a person could act on or name, and so belongs in the snapshot. */
const qualifies = (el: Element, tag: string, role: string, ctx: Context, region: string, bare: boolean): boolean => {
  if (tag === 'label' || tag === 'iframe') return false;
  // The document itself is no control, even with a handler on it (`<body onclick="hide_menu()">`, closing menus on
  // any click): taken for one, it would hold every element as its part and hide the headings and cells inside it.
  if (tag === 'body' || tag === 'html') return false;
  if (INTERACTIVE_ROLES.has(role) || tag === 'summary') return true;
  // Without attributes only the tag can make it a candidate (a table cell, a heading).
  if (bare)
    return (
      !ctx.interactive &&
      !region &&
      LABELLED_ROLES.has(role) &&
      role !== 'img' &&
      (!isCellRole(role) || !el.querySelector(CONTROLS))
    );
  if (el.hasAttribute('onclick')) return true;
  if (el.hasAttribute('tabindex') && (el as HTMLElement).tabIndex >= 0) return true;
  if (el.hasAttribute('contenteditable') && (el as HTMLElement).isContentEditable) return true;
  // Labelled but not actionable: worth listing only outside a control (whose name already holds their text).
  if (ctx.interactive || region) return false;
  if (role === 'img')
    return Boolean(
      el.getAttribute('alt') ||
        el.getAttribute('aria-label') ||
        el.getAttribute('title') ||
        el.getAttribute('aria-labelledby'),
    );
  if (isCellRole(role)) return !el.querySelector(CONTROLS);
  if (LABELLED_ROLES.has(role) || el.hasAttribute('aria-label')) return true;
  return tag === 'svg' && Boolean(el.querySelector(':scope > title'));
};

/** Whole enough to tell two destinations apart (links to one place are one answer); a model is shown less. */
const HREF_MAX = 300;

/**
 * A link's target as short as it stays clear: "#part" on the same page, a path on the same site, else the URL.
 * Read from the attribute first: each URL property of a link parses its href anew. One document's links with one
 * attribute share their answer (a contents and an index link to the same parts many times over), so it is worked
 * out once per snapshot: the script is evaluated anew for each one.
 */
const hrefOf = (el: Element): string => {
  const raw = el.getAttribute('href') || '';
  const doc = el.ownerDocument;
  let known = hrefsByDocument.get(doc);
  if (!known) hrefsByDocument.set(doc, (known = new Map()));
  let href = known.get(raw);
  if (href === undefined) known.set(raw, (href = clean(targetOf(el, raw), HREF_MAX)));
  return href;
};
const hrefsByDocument = new WeakMap<Document, Map<string, string>>();

const targetOf = (el: Element, raw: string): string => {
  if (raw[0] === '#') return raw.length > 1 ? landingOf(el, raw) : raw;
  if (raw[0] === '/' && raw[1] !== '/') return raw;
  let url;
  try {
    url = new URL((el as HTMLAnchorElement).href);
  } catch {
    return raw;
  }
  if (url.origin !== location.origin) return url.href;
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return landingOf(el, url.hash);
  return url.pathname + url.search + url.hash;
};

/** An element that only marks a place (`<span id="label"></span>`): no text, no children. */
const marksOnly = (el: Element): boolean => !el.firstElementChild && !(el.textContent || '').trim();

/**
 * The element a "#part" link scrolls to, as a browser finds it: the element with that id, else an `<a name>` of
 * that name (older generators, SQLite's and DocBook's pages, mark sections so). Null when none or not decodable.
 */
const fragmentTarget = (doc: Document, hash: string): Element | null => {
  let name: string;
  try {
    name = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  if (!name) return null;
  return doc.getElementById(name) ?? namedAnchors(doc).get(name) ?? null;
};

/**
 * Each document's `<a name>` marks by name (the first of a name wins, as a browser scrolls to it), read once per
 * snapshot: looking each link's name up with a selector would walk the whole document for every link to a missing
 * part, thousands of walks on a long page. The script is evaluated anew for each snapshot, so this never goes stale.
 */
const anchorsByDocument = new WeakMap<Document, Map<string, Element>>();
const namedAnchors = (doc: Document): Map<string, Element> => {
  let anchors = anchorsByDocument.get(doc);
  if (!anchors) {
    anchors = new Map();
    for (const anchor of Array.from(doc.querySelectorAll('a[name]'))) {
      const name = anchor.getAttribute('name') || '';
      if (name && !anchors.has(name)) anchors.set(name, anchor);
    }
    anchorsByDocument.set(doc, anchors);
  }
  return anchors;
};

/** Whether `target` is one of the place marks right before `heading` (Sphinx's `<span id="label">`). */
const marksBefore = (heading: Element, target: Element): boolean => {
  for (let before = heading.previousElementSibling; before && marksOnly(before); before = before.previousElementSibling)
    if (before === target) return true;
  return false;
};

/**
 * A heading's permalink: a link inside it to the heading itself, to something inside it, to a place mark right
 * before it, or to the section that opens with it (Sphinx's "¶"). A link inside a heading that leads elsewhere
 * (Docutils' back-link to the table of contents) is not one: taking it as the heading's anchor would send "the
 * Reference link" to the contents.
 */
const permalinkOf = (heading: Element): Element | null => {
  for (const link of Array.from(heading.querySelectorAll('a[href^="#"]'))) {
    const target = fragmentTarget(heading.ownerDocument, link.getAttribute('href') || '');
    if (!target) continue;
    // The section counts only when this is its own heading, not any heading somewhere inside a wrapper.
    const ownSection = target.contains(heading) && target.querySelector('h1, h2, h3, h4, h5, h6') === heading;
    if (target === heading || heading.contains(target) || ownSection || marksBefore(heading, target)) return link;
  }
  return null;
};

/**
 * The id a heading is reached by: its own (the caller checks), one inside it (`<a name>`, MediaWiki's
 * `<span class="mw-headline" id>`), or its section's when nothing but place marks comes before it in the section
 * and it holds no permalink of its own.
 */
const headingAnchorOf = (el: Element): string => {
  const inner = el.querySelector('[id], a[name]');
  if (inner) return inner.id || inner.getAttribute('name') || '';
  const parent = el.parentElement;
  // A permalink inside the heading ("¶") says its anchor best: resolution reads it from the link itself.
  if (!parent || !parent.id || permalinkOf(el)) return '';
  for (let before = el.previousElementSibling; before; before = before.previousElementSibling)
    if (!marksOnly(before)) return '';
  return parent.id;
};

/**
 * Where a link within the page lands: a cross-reference label (Sphinx puts `<span id="formatexamples"></span>`
 * right before the heading it labels) lands on that heading, so its target is the heading's own permalink or
 * anchor, the one the table of contents links to. Any other target is kept as written.
 */
const landingOf = (el: Element, hash: string): string => {
  const target = fragmentTarget(el.ownerDocument, hash);
  const next = target && marksOnly(target) ? target.nextElementSibling : null;
  if (!next || !/^h[1-6]$/.test(next.localName)) return hash;
  const permalink = permalinkOf(next);
  const anchor = next.id || headingAnchorOf(next);
  return permalink ? permalink.getAttribute('href') || hash : anchor ? '#' + anchor : hash;
};

const isInteractive = (el: Element, tag: string, role: string, bare: boolean): boolean =>
  INTERACTIVE_ROLES.has(role) ||
  tag === 'summary' ||
  (!bare &&
    (el.hasAttribute('onclick') ||
      (el.hasAttribute('tabindex') && (el as HTMLElement).tabIndex >= 0) ||
      (el as HTMLElement).isContentEditable));

/** Appends the element's row; answers its index. */
const record = (el: Element, tag: string, role: string, ctx: Context, bare: boolean): number => {
  // An image map's area is the part of its image it outlines: placed, and shown or not, with that image.
  const rect = (tag === 'area' && areaRect(el)) || el.getBoundingClientRect();
  const interactive = isInteractive(el, tag, role, bare);
  let flags = interactive ? INTERACTIVE : 0;
  if (
    isVisible(shownBy(el), rect, ctx.offset) ||
    labelsOf(el).some((label) => isVisible(label, label.getBoundingClientRect(), ctx.offset))
  )
    flags |= VISIBLE;
  if (isEditable(el, tag, bare)) flags |= EDITABLE;
  if (
    FIELD_TAGS.has(tag) || tag === 'button'
      ? el.matches(':disabled')
      : !bare && el.getAttribute('aria-disabled') === 'true'
  )
    flags |= DISABLED;
  if (role === 'checkbox' || role === 'radio' || role === 'switch') {
    flags |= CHECKABLE;
    if (tag === 'input' ? (el as HTMLInputElement).checked : el.getAttribute('aria-checked') === 'true')
      flags |= CHECKED;
  }
  const row = [
    intern(role || (tag === 'svg' ? 'img' : 'generic')),
    intern(tag),
    0,
    ...boxOf(rect, ctx),
    flags,
    ctx.parent,
    0,
    ctx.region,
  ];
  const name = namesInto(row, el, tag, role, bare);
  row[2] = intern(name);
  if (role !== 'heading' && strings[counts.lastHeading] !== name) row[9] = counts.lastHeading;
  const type = (tag === 'input' || tag === 'button') && el.getAttribute('type');
  if (type) put(row, 'type', type.toLowerCase());
  if ((tag === 'a' || tag === 'area') && !bare && el.hasAttribute('href')) {
    put(row, 'href', hrefOf(el));
    const rel = relOf(el);
    if (rel) put(row, 'rel', rel);
  }
  // A heading's id may sit on an anchor inside it or on the section it opens: where a link to it points.
  const anchor = role === 'heading' && !el.id ? headingAnchorOf(el) : '';
  const attributes = anchor
    ? clean(anchor, 40)
    : !bare && (el.id || el.getAttribute('name'))
      ? clean(el.id + ' ' + (el.getAttribute('name') || ''), 40)
      : '';
  if (attributes) put(row, 'attributes', attributes);
  if (interactive || !name) {
    const near = nearOf(el);
    if (near && near !== name) put(row, 'near', near);
  }
  const table = ctx.cell && tableContext(ctx.cell);
  if (table && table.row) put(row, 'row', table.row);
  if (table && table.column) put(row, 'column', table.column);
  if (ctx.frame) put(row, 'frame', ctx.frame);
  rows.push(row);
  refs.push(el);
  if (role === 'heading' && name) counts.lastHeading = intern(clean(name, CONTEXT_MAX));
  return rows.length - 1;
};

/** The context inside a region: its words added to the regions around it. */
const withRegion = (ctx: Context, region: string): Context => ({
  ...ctx,
  regions: [...ctx.regions, region],
  region: intern(ctx.regions.concat(region).join('\n')),
});

const visit = (el: Element, ctx: Context, depth: number, textBlocks: boolean) => {
  counts.nodes += 1;
  const tag = el.localName;
  if (SKIP_TAGS.has(tag) || (el as HTMLElement).hidden === true) return;
  const bare = !el.hasAttributes();
  const region = regionOf(el, tag, depth <= CHROME_DEPTH, bare);
  if (region) ctx = withRegion(ctx, region);
  if (tag === 'td' || tag === 'th') ctx = { ...ctx, cell: el };
  const role = roleOf(el, tag, bare);
  if (qualifies(el, tag, role, ctx, region, bare)) {
    if (rows.length - counts.blocks >= MAX_CANDIDATES) counts.truncated = true;
    else {
      const index = record(el, tag, role, ctx, bare);
      // A new context only for what is inside: most candidates (a button, a link) hold text alone.
      if (el.firstElementChild || el.shadowRoot) {
        ctx = {
          ...ctx,
          parent: index,
          container: index,
          interactive: ctx.interactive || (rows[index][7] & INTERACTIVE) !== 0,
        };
      }
    }
  } else if (role === 'heading') {
    const heading = textOf(el, CONTEXT_MAX);
    if (heading) counts.lastHeading = intern(heading);
  } else if (textBlocks && !ctx.interactive && !region) {
    // Text a person reads, outside any control (see blocks.ts). Only blocks inside it get it as their parent.
    const blockRole = blockRoleOf(el, tag);
    const index = blockRole ? recordBlock(el, tag, blockRole, ctx, bare) : -1;
    if (index >= 0 && (el.firstElementChild || el.shadowRoot)) ctx = { ...ctx, container: index };
  }
  if (tag === 'svg' || tag === 'select' || tag === 'textarea') return;
  if (tag === 'iframe' || tag === 'frame') {
    const frame = el as HTMLIFrameElement;
    let doc: Document | null = null;
    try {
      doc = frame.contentDocument;
    } catch {
      doc = null;
    }
    if (!doc || !doc.documentElement) return;
    const rect = el.getBoundingClientRect();
    const offset = { x: ctx.offset.x + rect.left + el.clientLeft, y: ctx.offset.y + rect.top + el.clientTop };
    const label = clean(frame.title || frame.name || (doc.location ? doc.location.pathname : ''), CONTEXT_MAX);
    const framed = withRegion(
      { ...ctx, cell: null, offset, frame: label || 'frame' },
      label ? 'frame ' + label : 'frame',
    );
    walk(doc, framed, depth + 1, textBlocks);
    return;
  }
  if (el.shadowRoot) walk(el.shadowRoot, ctx, depth + 1, textBlocks);
  walk(el, ctx, depth + 1, textBlocks);
};

/** Walks the children of `parent` (a document, a shadow root or an element), appending rows. */
export const walk = (parent: ParentNode, ctx: Context, depth: number, textBlocks: boolean) => {
  for (let child = parent.firstElementChild; child; child = child.nextElementSibling)
    visit(child, ctx, depth, textBlocks);
};
