/**
 * The page's repeated structures: data tables (rows under headers), lists, and runs of sibling "cards" built
 * alike (a product grid, search results), copied from the page as they are (see `../list-items.ts`). Each says
 * whether it is in the page's main content (`main-region.ts`); menus are left out: those the page marks as chrome,
 * runs of links beside the content, and pagers (a listing's page numbers are not its items).
 */
import type { ItemGroup } from '../../../../ports/window-driver.js';
import { clip } from './dom.js';
import { chrome, linkish, mainRegion, measure, type Masses } from './main-region.js';

const shown = (el: Element) => {
  const r = el.getBoundingClientRect();
  return r.width >= 1 && r.height >= 1 && getComputedStyle(el).visibility !== 'hidden';
};
const linkOf = (el: Element) => {
  const a = el.matches('a[href]') ? el : el.querySelector('a[href]');
  return a ? (a as HTMLAnchorElement).href : undefined;
};
const labelOf = (el: Element) => {
  const caption = el.querySelector(':scope > caption');
  if (caption) return clip(caption.textContent, 80);
  if (el.getAttribute('aria-label')) return clip(el.getAttribute('aria-label'), 80);
  for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
    for (let prev = node.previousElementSibling; prev; prev = prev.previousElementSibling) {
      if (/^H[1-6]$/.test(prev.tagName)) return clip(prev.textContent, 80);
      const inner = prev.querySelector && prev.querySelector('h1,h2,h3,h4,h5,h6');
      if (inner) return clip(inner.textContent, 80);
    }
  }
  return '';
};
/** What a cell of a layout table holds: whole blocks of the page, where a data cell holds a value. */
const BLOCKS = 'ul,ol,dl,table,h1,h2,h3,h4,h5,h6';
const headed = (table: HTMLTableElement) =>
  !!table.caption ||
  !!table.tHead ||
  Array.from(table.rows).some((r) => Array.from(r.cells).some((c) => c.tagName === 'TH'));
/**
 * A table used to lay the page out (an index in columns: one row whose cells each hold a list), not to hold data.
 * Its lists are the page's content and count as lists; a data table's rows are its items, lists in its cells are
 * parts of a row. Data: several rows under headers or a caption, or rows of plain cells. Layout: said so by its role,
 * or cells holding blocks, with no more than one row, or without headers in at least half of its rows.
 */
const isLayoutTable = (table: HTMLTableElement) => {
  if (/^(presentation|none)$/.test(table.getAttribute('role') || '')) return true;
  const body = Array.from(table.rows).filter((r) => Array.from(r.cells).some((c) => c.tagName === 'TD'));
  const blocky = body.filter((r) => Array.from(r.cells).some((c) => c.querySelector(BLOCKS))).length;
  if (blocky === 0) return false;
  return body.length < 2 || (!headed(table) && blocky * 2 >= body.length);
};
const innerText = (el: Element) => (el as HTMLElement).innerText;
const signature = (el: Element) =>
  el.tagName + '.' + (typeof el.className === 'string' ? el.className.trim().split(/\s+/).sort().join('.') : '');
/** Numbers left out: `post-12` on one page and `post-13` on the next are one template's output. */
const template = (text: string) => text.replace(/\d+/g, '0');
/** Where an element sits: tags, ids and classes from the body down, the same on every page one template builds. */
const keyOf = (el: Element) => {
  const steps: string[] = [];
  for (let node: Element | null = el; node && node !== document.body; node = node.parentElement)
    steps.push(template(`${signature(node).toLowerCase()}${node.id ? `#${node.id}` : ''}`));
  return steps.reverse().join('>');
};

/** A pager's entries: page numbers, "Previous"/"Next" and the like, arrows and ellipses. */
const PAGER_ENTRY = /^(\d{1,3}|…|\.{2,3}|first( page)?|last( page)?|prev(ious)?( page)?|next( page)?|older|newer|)$/;
const STEP_ENTRY = /^(\d{1,3}|prev(ious)?( page)?|next( page)?|older|newer)$/;
const pager = (texts: string[]) => {
  const entries = texts.map((text) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}.…]+/gu, ' ')
      .trim(),
  );
  return entries.every((entry) => PAGER_ENTRY.test(entry)) && entries.some((entry) => STEP_ENTRY.test(entry));
};

/**
 * `follow`: the key of the structure a walk read on the pages before, found again here however few its items
 * (a last page of one card is still that listing's page).
 */
export default function listItems(follow?: string): ItemGroup[] {
  const groups: ItemGroup[] = [];
  // A document with no body (an empty XML or text response) lists nothing.
  if (!document.body) return groups;
  const claimed = new Set<Element>();
  const layout = new Set(Array.from(document.querySelectorAll('table')).filter(isLayoutTable));
  /** Inside a data table's cell: part of its row, not a structure of its own. */
  const inDataTable = (el: Element) => {
    const table = el.closest('table');
    return !!table && !layout.has(table);
  };
  const masses: Masses = measure(document.body);
  const main = mainRegion(
    masses,
    (el) => /^(UL|OL|DL)$/.test(el.tagName) || (el.tagName === 'TABLE' && !layout.has(el as HTMLTableElement)),
  );
  /**
   * A structure found: kept when it is in the main content, or beside it but mostly more than links (beside it and
   * made of links, it is a menu whatever its markup: a side column, a "Prev | Up | Next" bar); a pager nowhere.
   * Siblings one of which holds the whole main content are the page's frame (header, content, footer), not items.
   */
  const add = (group: Omit<ItemGroup, 'main'>, container: Element, entries: Element[]) => {
    const frame = entries.some((entry) => entry.contains(main));
    const inMain = !frame && (main.contains(container) || container.contains(main));
    if (!inMain && entries.filter((entry) => linkish(masses, entry)).length * 2 >= entries.length) return;
    // One entry is a page of results where results are: in the main content, or where the listing was before.
    if (!inMain && entries.length < 2 && group.key !== follow) return;
    if (pager(group.items.map((item) => item.text))) return;
    claimed.add(container);
    groups.push({ ...group, main: inMain });
  };
  for (const table of document.querySelectorAll('table')) {
    if (!shown(table) || chrome(table) || layout.has(table) || table.querySelector('table')) continue;
    const rows = Array.from(table.rows).filter(shown);
    const headRow =
      table.tHead && table.tHead.rows[0]
        ? table.tHead.rows[0]
        : rows.find((r) => r.cells.length && Array.from(r.cells).every((c) => c.tagName === 'TH'));
    const headers = headRow ? Array.from(headRow.cells).map((c) => clip(c.textContent, 80)) : [];
    const body = rows.filter((r) => r !== headRow && Array.from(r.cells).some((c) => c.tagName === 'TD'));
    const key = keyOf(table);
    // One row under column headers is a table of one item (a listing's last page); one row under a title, or
    // under nothing, a strip of cells.
    if (body.length < (headers.length > 1 || key === follow ? 1 : 2)) continue;
    add(
      {
        kind: 'table',
        label: labelOf(table),
        headers,
        key,
        items: body.map((r) => {
          const cells = Array.from(r.cells).map((c) => clip(c.innerText, 500));
          return { cells, text: cells.join(' | '), link: linkOf(r) };
        }),
      },
      table,
      body,
    );
  }
  for (const list of document.querySelectorAll('ul,ol,[role=list]')) {
    if (!shown(list) || chrome(list) || inDataTable(list)) continue;
    const entries = Array.from(list.children).filter(
      (li) => (li.tagName === 'LI' || li.getAttribute('role') === 'listitem') && shown(li),
    );
    if (!entries.length || entries.every((li) => clip(innerText(li), 20).length < 2)) continue;
    add(
      {
        kind: 'list',
        label: labelOf(list),
        key: keyOf(list),
        items: entries.map((li) => ({ text: clip(innerText(li), 1000), link: linkOf(li) })),
      },
      list,
      entries,
    );
  }
  // Definition lists: a manual's table of contents (DocBook, texinfo), a glossary, options and what they do.
  for (const list of document.querySelectorAll('dl')) {
    if (!shown(list) || chrome(list) || inDataTable(list)) continue;
    const terms = Array.from(list.querySelectorAll(':scope > dt, :scope > div > dt')).filter(shown);
    const key = keyOf(list);
    if (terms.length < (key === follow ? 1 : 2)) continue;
    add(
      {
        kind: 'list',
        label: labelOf(list),
        key,
        items: terms.map((term) => {
          // A term's entry runs to the next term: its descriptions with it.
          const parts: Element[] = [term];
          for (let next = term.nextElementSibling; next && next.tagName === 'DD'; next = next.nextElementSibling)
            parts.push(next);
          const text = clip(parts.map(innerText).join(' '), 1000);
          return { text, link: linkOf(term) ?? parts.map(linkOf).find(Boolean) };
        }),
      },
      list,
      terms,
    );
  }
  for (const parent of document.querySelectorAll('main, section, div, article')) {
    if (chrome(parent) || claimed.has(parent) || parent.closest('ul,ol') || inDataTable(parent)) continue;
    const kids = Array.from(parent.children).filter((k) => !/^(SCRIPT|STYLE|TEMPLATE|BR|HR)$/.test(k.tagName));
    if (!kids.length) continue;
    const place = keyOf(parent);
    // Alike siblings are told apart from a page's blocks by their number, unless this is where a listing was.
    const few = follow?.startsWith(`${place}>`) && !follow.slice(place.length + 1).includes('>');
    if (kids.length < (few ? 1 : 3)) continue;
    const bySig = new Map<string, Element[]>();
    for (const kid of kids) {
      const s = signature(kid);
      bySig.set(s, (bySig.get(s) || []).concat(kid));
    }
    for (const [sig, members] of bySig) {
      const cards = members.filter(shown);
      const key = `${place}>${template(sig.toLowerCase())}`;
      const least = key === follow ? 1 : 3;
      // A run of alike siblings carrying text: cards. Paragraphs of an article are alike too, so plain <p> runs are not cards.
      if (cards.length < least || cards[0].tagName === 'P' || cards.some((c) => claimed.has(c))) continue;
      if (cards.filter((c) => clip(innerText(c), 30).length >= 3).length < cards.length * 0.8) continue;
      if (!cards.every((c) => c.children.length > 0)) continue;
      add(
        {
          kind: 'cards',
          label: labelOf(parent),
          key,
          items: cards.map((c) => ({ text: clip(innerText(c), 1000), link: linkOf(c) })),
        },
        parent,
        cards,
      );
    }
  }
  return groups;
}
