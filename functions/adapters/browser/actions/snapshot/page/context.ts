/**
 * Context rules of the snapshot script: where an element is, in the words a person uses to say which one they
 * mean, "the Save button in the footer", "the email field of the Shipping form", "Delete in Jane's row", "the
 * field after 'Phone'".
 */
import { clean, FIELD_TAGS, labelledBy, SKIP_TAGS, textOf } from './text.js';

export const CONTEXT_MAX = 50;
const LANDMARK_ROLES: Record<string, string> = {
  banner: 'header',
  contentinfo: 'footer',
  navigation: 'nav',
  main: 'main',
  complementary: 'aside',
  form: 'form',
  search: 'search',
  dialog: 'dialog',
  alertdialog: 'dialog',
  region: 'region',
  menu: 'menu',
  menubar: 'menu',
  toolbar: 'toolbar',
  tablist: 'tabs',
  group: '',
  table: 'table',
  grid: 'table',
};
const LANDMARK_TAGS: Record<string, string> = {
  header: 'header',
  footer: 'footer',
  nav: 'nav',
  main: 'main',
  aside: 'aside',
  form: 'form',
  dialog: 'dialog',
  fieldset: 'group',
  table: 'table',
};
/** Ids and classes sites give their page chrome when they do not use the landmark elements. */
const CHROME_NAMES: Record<string, string> = {
  header: 'header',
  'site-header': 'header',
  'page-header': 'header',
  masthead: 'header',
  topbar: 'header',
  'top-bar': 'header',
  footer: 'footer',
  'site-footer': 'footer',
  'page-footer': 'footer',
  navbar: 'nav',
  sidebar: 'aside',
};

const SIDEBAR = /side-?bar|side-?(?:menu|nav)(?![\w-])/i;
const CHROME_PART = /(?:^|[^a-z]|nav|page|site|top|main)(header|footer|masthead|nav)(?![a-z])/i;
/** Query fields of site searches: the names search engines and documentation generators give them. */
const SEARCH_FIELDS =
  'input[type=search], input[name=q], input[name=s], input[name=query], input[name=search], input[name=keywords]';
const isSearchForm = (el: Element) =>
  /search|find|query/i.test(el.getAttribute('action') || '') || el.querySelector(SEARCH_FIELDS) !== null;
const own = (map: Record<string, string>, key: string): string | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

/** The region an element opens, as "kind name", or '' when it opens none; ids and classes count when byName. */
export const regionOf = (el: Element, tag: string, byName: boolean, bare: boolean): string => {
  // Without attributes only the tag can open a region: the common case, answered without reading any.
  if (bare && !own(LANDMARK_TAGS, tag)) return '';
  const role = bare ? null : el.getAttribute('role');
  let kind = role ? own(LANDMARK_ROLES, role.trim().split(/\s+/)[0]) : own(LANDMARK_TAGS, tag);
  if (kind === undefined && !role && byName && !bare) {
    kind = own(CHROME_NAMES, el.id.toLowerCase()) || '';
    if (!kind && el.classList.length) {
      for (const c of el.classList) {
        kind = own(CHROME_NAMES, c.toLowerCase()) || '';
        if (kind) break;
      }
    }
  }
  // Page chrome named in part ("navfooter", "site-header", "page_nav"): near the top of the tree, names say what it is.
  if (byName && !bare && !kind && !role) {
    const named = CHROME_PART.exec(el.id + ' ' + el.getAttribute('class'));
    if (named) kind = named[1].toLowerCase() === 'masthead' ? 'header' : named[1].toLowerCase();
  }
  // A column named a sidebar, a side menu or a side navigation is one whatever role it has ("sphinxsidebar",
  // "rightsidebar", "sidemenu", "sidenav"; not the "side-nav-search" box in one): people call it the sidebar.
  if (
    byName &&
    !bare &&
    (kind === '' || kind === undefined || kind === 'nav') &&
    SIDEBAR.test(el.id + ' ' + el.getAttribute('class'))
  )
    kind = 'aside';
  // A form that searches the site is a search, though its markup rarely says so with a role.
  if (kind === 'form' && isSearchForm(el)) kind = 'search';
  if (!kind && tag === 'section' && (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')))
    kind = 'region';
  if (!kind) return '';
  let name = bare ? '' : labelledBy(el, CONTEXT_MAX) || clean(el.getAttribute('aria-label'), CONTEXT_MAX);
  const caption = tag === 'table' ? (el as HTMLTableElement).caption : null;
  if (!name && caption) name = textOf(caption, CONTEXT_MAX);
  if (
    !name &&
    (kind === 'form' ||
      kind === 'search' ||
      kind === 'dialog' ||
      kind === 'group' ||
      kind === 'region' ||
      kind === 'aside')
  ) {
    const title = el.querySelector('legend, h1, h2, h3, h4, h5, h6, [role=heading]');
    if (title) name = textOf(title, CONTEXT_MAX);
  }
  return name ? kind + ' ' + name : kind;
};

/** Link relations and access keys that say where a link leads in a sequence of pages, in the words people use. */
const NAV_RELS: Record<string, string> = {
  next: 'next',
  prev: 'previous',
  previous: 'previous',
  up: 'up',
  parent: 'up',
  home: 'home',
  start: 'home',
  first: 'first',
  last: 'last',
  index: 'index',
  contents: 'contents',
  toc: 'contents',
};
const ACCESS_KEYS: Record<string, string> = { n: 'next', p: 'previous', u: 'up', h: 'home' };
/**
 * An access key is only a page's own convention: DocBook and Sphinx give n/p/u/h to Next/Prev/Up/Home, MediaWiki
 * gives n to "Talk", p to "Printable version" and h to "View history". So keys name places in a sequence only on
 * a page where a link keyed n or p says next or previous in its words (or has no words: an arrow): then its "up"
 * link may carry the parent's title. Read once per document.
 */
const KEY_WORDS: Record<string, RegExp> = {
  next: /\b(next|forward)\b/i,
  previous: /\b(prev|previous|back)\b/i,
};
const sequenceKeys = new Map<Document, boolean>();
const keysAreSequence = (doc: Document): boolean => {
  let known = sequenceKeys.get(doc);
  if (known !== undefined) return known;
  known = false;
  for (const link of doc.querySelectorAll('a[accesskey]')) {
    const word = own(ACCESS_KEYS, (link.getAttribute('accesskey') || '').trim().toLowerCase());
    const text = link.textContent || '';
    if (word && KEY_WORDS[word] && (!/\p{L}/u.test(text) || KEY_WORDS[word].test(text))) {
      known = true;
      break;
    }
  }
  sequenceKeys.set(doc, known);
  return known;
};
const headRels = new Map<Document, Map<string, string[]>>();
/** The document's head links (rel=next, prev, up…), by the URL they point to; read once per document. */
const headRelsOf = (doc: Document) => {
  let map = headRels.get(doc);
  if (map) return map;
  map = new Map();
  for (const link of doc.querySelectorAll<HTMLLinkElement>('head link[rel][href]')) {
    for (const r of link.rel.toLowerCase().split(/\s+/)) {
      const word = own(NAV_RELS, r);
      if (word) map.set(link.href, (map.get(link.href) || []).concat(word));
    }
  }
  headRels.set(doc, map);
  return map;
};
/** "next", "previous up"…: what a link's rel, its access key, or a head link to the same URL say it is. */
export const relOf = (el: Element): string => {
  const words: string[] = [];
  const add = (word: string | undefined) => {
    if (word && !words.includes(word)) words.push(word);
  };
  const rel = el.getAttribute('rel');
  if (rel) for (const r of rel.toLowerCase().split(/\s+/)) add(own(NAV_RELS, r));
  const key = el.getAttribute('accesskey');
  const keyed = key ? own(ACCESS_KEYS, key.trim().toLowerCase()) : undefined;
  if (keyed && keysAreSequence(el.ownerDocument)) add(keyed);
  // A link's absolute address is built anew on each read of `href`: read only when the head names any place.
  const heads = headRelsOf(el.ownerDocument);
  const fromHead = heads.size ? heads.get((el as HTMLAnchorElement).href) : undefined;
  if (fromHead) fromHead.forEach(add);
  return words.join(' ');
};

const NEAR_STOPS = new Set(['td', 'th', 'tr', 'li', 'body']);
const NEAR_CONTROLS = 'input, select, textarea, button';
const NEAR_SKIPPED = 'a[href], button, [role=button], [role=link]';
const NEAR_FIELDS = 'input, select, textarea, [contenteditable=""], [contenteditable=true]';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether an element block comes right after a block holding a link or button: it describes that one. */
const describesPrevious = (block: Element): boolean => {
  const before = block.previousElementSibling;
  return !!before && (before.matches(NEAR_SKIPPED) || before.querySelector(NEAR_SKIPPED) !== null);
};

/** Short text just before the element: a sibling's, or its parent's sibling's, up to three levels up. */
export const nearOf = (el: Element): string => {
  let node: Element | null = el;
  const field = el.matches(NEAR_FIELDS);
  // Not out of a landmark, a cell, a row or a list item: what precedes those belongs to something else.
  for (
    let depth = 0;
    node && depth < 3 && !own(LANDMARK_TAGS, node.localName) && !NEAR_STOPS.has(node.localName);
    depth += 1
  ) {
    for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
      if (sibling.nodeType === 3) {
        const t = clean((sibling as Text).data, CONTEXT_MAX);
        if (t) return t;
        continue;
      }
      if (sibling.nodeType !== 1) continue;
      const element = sibling as Element;
      if (SKIP_TAGS.has(element.localName) || FIELD_TAGS.has(element.localName)) continue;
      // A control before it is a neighbour in a row of controls ("Tags: [JS] [Node] [Async]"): look past it.
      if (element.matches(NEAR_SKIPPED)) continue;
      // A block holding its own control labels that control, not this one.
      if (element.querySelector(NEAR_CONTROLS)) return '';
      const t = textOf(element, CONTEXT_MAX);
      // A long block in between is not "next to" the element: stop rather than quote it.
      if (t.endsWith('…')) return '';
      // In a list of items each a link and then its description (`<dt><a>X</a></dt><dd>About X</dd><dt><a>Y</a>`,
      // javadoc's summary grids), the block before a link's item describes the item before it. A field's
      // label is not like that: "Name [ ] Email [ ]" keeps "Email" as the second field's.
      // A mark alone ("»" between the steps of a trail) describes nothing: it says where the element stands.
      if (t && !field && describesPrevious(element) && LETTER_OR_DIGIT.test(t)) return '';
      if (t) return t;
    }
    node = node.parentElement;
  }
  return '';
};

interface Headers {
  row: HTMLTableRowElement | null;
  texts: string[];
}

/** A table's header row and its texts by column position, colspans counted; cached per table for one snapshot. */
const headerCache = new Map<HTMLTableElement, Headers>();
const columnHeaders = (table: HTMLTableElement): Headers => {
  const cached = headerCache.get(table);
  if (cached) return cached;
  let row = table.tHead && table.tHead.rows.length ? table.tHead.rows[table.tHead.rows.length - 1] : null;
  if (!row && table.rows.length && Array.from(table.rows[0].cells).every((cell) => cell.localName === 'th'))
    row = table.rows[0];
  const texts: string[] = [];
  if (row)
    for (const cell of row.cells) for (let i = 0; i < cell.colSpan; i += 1) texts.push(textOf(cell, CONTEXT_MAX));
  const headers = { row, texts };
  headerCache.set(table, headers);
  return headers;
};

/** A row header's text, read once per snapshot however many of the row's controls it names. */
const rowHeaderTexts = new Map<Element, string>();
const rowHeaderText = (header: Element): string => {
  let text = rowHeaderTexts.get(header);
  if (text === undefined) rowHeaderTexts.set(header, (text = textOf(header, CONTEXT_MAX)));
  return text;
};

/** Row and column header texts of a table cell (for the cell itself, or a control inside it). */
export const tableContext = (cell: Element): { row?: string; column?: string } | null => {
  const row = cell.parentElement as HTMLTableRowElement | null;
  const table = row && row.closest('table');
  if (!row || !table) return null;
  const headers = columnHeaders(table);
  if (row === headers.row || (row.parentElement && row.parentElement.localName === 'thead')) return null;
  let column = 0;
  for (let c = cell.previousElementSibling; c; c = c.previousElementSibling)
    column += (c as HTMLTableCellElement).colSpan || 1;
  const context: { row?: string; column?: string } = {};
  const header = headers.texts[column];
  if (header) context.column = header;
  const cells = Array.from(row.cells);
  const rowHeader =
    cell.localName === 'th' ? null : cells.find((c) => c.localName === 'th') || (cells[0] !== cell ? cells[0] : null);
  const rowText = rowHeader ? rowHeaderText(rowHeader) : '';
  if (rowText) context.row = rowText;
  return context;
};
