/**
 * The page's repeated structures: data tables (rows under headers), lists, and runs of sibling "cards" built
 * alike (a product grid, search results), copied from the page as they are (see `../list-items.ts`).
 */
import type { ItemGroup } from '../../../../ports/window-driver.js';
import { clip } from './dom.js';

const shown = (el: Element) => {
  const r = el.getBoundingClientRect();
  return r.width >= 1 && r.height >= 1 && getComputedStyle(el).visibility !== 'hidden';
};
const chrome = (el: Element) =>
  !!el.closest(
    'nav,header,footer,[role=navigation],[role=banner],[role=contentinfo],aside,menu,[role=menu],[role=menubar],[role=tablist]',
  );
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

export default function listItems(): ItemGroup[] {
  const groups: ItemGroup[] = [];
  const claimed = new Set<Element>();
  const layout = new Set(Array.from(document.querySelectorAll('table')).filter(isLayoutTable));
  /** Inside a data table's cell: part of its row, not a structure of its own. */
  const inDataTable = (el: Element) => {
    const table = el.closest('table');
    return !!table && !layout.has(table);
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
    if (body.length < 2) continue;
    claimed.add(table);
    groups.push({
      kind: 'table',
      label: labelOf(table),
      headers,
      items: body.map((r) => {
        const cells = Array.from(r.cells).map((c) => clip(c.innerText, 500));
        return { cells, text: cells.join(' | '), link: linkOf(r) };
      }),
    });
  }
  for (const list of document.querySelectorAll('ul,ol,[role=list]')) {
    if (!shown(list) || chrome(list) || inDataTable(list)) continue;
    const entries = Array.from(list.children).filter(
      (li) => (li.tagName === 'LI' || li.getAttribute('role') === 'listitem') && shown(li),
    );
    if (entries.length < 2 || entries.every((li) => clip(innerText(li), 20).length < 2)) continue;
    claimed.add(list);
    groups.push({
      kind: 'list',
      label: labelOf(list),
      items: entries.map((li) => ({ text: clip(innerText(li), 1000), link: linkOf(li) })),
    });
  }
  for (const parent of document.querySelectorAll('main, section, div, article')) {
    if (chrome(parent) || claimed.has(parent) || parent.closest('ul,ol') || inDataTable(parent)) continue;
    const kids = Array.from(parent.children).filter((k) => !/^(SCRIPT|STYLE|TEMPLATE|BR|HR)$/.test(k.tagName));
    if (kids.length < 3) continue;
    const bySig = new Map<string, Element[]>();
    for (const kid of kids) {
      const s = signature(kid);
      bySig.set(s, (bySig.get(s) || []).concat(kid));
    }
    for (const [, members] of bySig) {
      const cards = members.filter(shown);
      // A run of alike siblings carrying text: cards. Paragraphs of an article are alike too, so plain <p> runs are not cards.
      if (cards.length < 3 || cards[0].tagName === 'P' || cards.some((c) => claimed.has(c))) continue;
      if (cards.filter((c) => clip(innerText(c), 30).length >= 3).length < cards.length * 0.8) continue;
      if (!cards.every((c) => c.children.length > 0)) continue;
      groups.push({
        kind: 'cards',
        label: labelOf(parent),
        items: cards.map((c) => ({ text: clip(innerText(c), 1000), link: linkOf(c) })),
      });
    }
  }
  return groups;
}
