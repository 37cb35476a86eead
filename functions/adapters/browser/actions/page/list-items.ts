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
const innerText = (el: Element) => (el as HTMLElement).innerText;
const signature = (el: Element) =>
  el.tagName + '.' + (typeof el.className === 'string' ? el.className.trim().split(/\s+/).sort().join('.') : '');

export default function listItems(): ItemGroup[] {
  const groups: ItemGroup[] = [];
  const claimed = new Set<Element>();
  for (const table of document.querySelectorAll('table')) {
    if (!shown(table) || chrome(table) || table.querySelector('table')) continue;
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
    if (!shown(list) || chrome(list) || list.closest('table')) continue;
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
    if (chrome(parent) || claimed.has(parent) || parent.closest('table,ul,ol')) continue;
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
