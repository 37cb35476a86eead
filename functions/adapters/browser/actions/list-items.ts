/**
 * The page's repeated structures: data tables (rows under headers), lists, and runs of sibling "cards" built
 * alike (a product grid, search results). What pagination extracts without a language model: items copied from
 * the page as they are, never composed. Groups inside navigation, headers and footers are left out: a menu is a
 * list too, but never what a caller paginates for.
 *
 * Plain JavaScript run in the page (see snapshot/script.ts for why).
 */
import type { Page } from 'puppeteer-core';
import type { ItemGroup } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { evaluateInWorld } from './world.js';

const SCRIPT = String.raw`() => {
  const clean = (text, n) => (text || '').replace(/\s+/g, ' ').trim().slice(0, n);
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width >= 1 && r.height >= 1 && getComputedStyle(el).visibility !== 'hidden'; };
  const chrome = (el) => !!el.closest('nav,header,footer,[role=navigation],[role=banner],[role=contentinfo],aside,menu,[role=menu],[role=menubar],[role=tablist]');
  const linkOf = (el) => { const a = el.matches('a[href]') ? el : el.querySelector('a[href]'); return a ? a.href : undefined; };
  const labelOf = (el) => {
    const caption = el.querySelector(':scope > caption');
    if (caption) return clean(caption.textContent, 80);
    if (el.getAttribute('aria-label')) return clean(el.getAttribute('aria-label'), 80);
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      for (let prev = node.previousElementSibling; prev; prev = prev.previousElementSibling) {
        if (/^H[1-6]$/.test(prev.tagName)) return clean(prev.textContent, 80);
        const inner = prev.querySelector && prev.querySelector('h1,h2,h3,h4,h5,h6');
        if (inner) return clean(inner.textContent, 80);
      }
    }
    return '';
  };
  const groups = [];
  const claimed = new Set();
  for (const table of document.querySelectorAll('table')) {
    if (!shown(table) || chrome(table) || table.querySelector('table')) continue;
    const rows = Array.from(table.rows).filter(shown);
    const headRow = table.tHead && table.tHead.rows[0] ? table.tHead.rows[0] : rows.find((r) => r.cells.length && Array.from(r.cells).every((c) => c.tagName === 'TH'));
    const headers = headRow ? Array.from(headRow.cells).map((c) => clean(c.textContent, 80)) : [];
    const body = rows.filter((r) => r !== headRow && Array.from(r.cells).some((c) => c.tagName === 'TD'));
    if (body.length < 2) continue;
    claimed.add(table);
    groups.push({ kind: 'table', label: labelOf(table), headers, items: body.map((r) => {
      const cells = Array.from(r.cells).map((c) => clean(c.innerText, 500));
      return { cells, text: cells.join(' | '), link: linkOf(r) };
    }) });
  }
  for (const list of document.querySelectorAll('ul,ol,[role=list]')) {
    if (!shown(list) || chrome(list) || list.closest('table')) continue;
    const entries = Array.from(list.children).filter((li) => (li.tagName === 'LI' || li.getAttribute('role') === 'listitem') && shown(li));
    if (entries.length < 2 || entries.every((li) => clean(li.innerText, 20).length < 2)) continue;
    claimed.add(list);
    groups.push({ kind: 'list', label: labelOf(list), items: entries.map((li) => ({ text: clean(li.innerText, 1000), link: linkOf(li) })) });
  }
  const signature = (el) => el.tagName + '.' + (typeof el.className === 'string' ? el.className.trim().split(/\s+/).sort().join('.') : '');
  for (const parent of document.querySelectorAll('main, section, div, article')) {
    if (chrome(parent) || claimed.has(parent) || parent.closest('table,ul,ol')) continue;
    const kids = Array.from(parent.children).filter((k) => !/^(SCRIPT|STYLE|TEMPLATE|BR|HR)$/.test(k.tagName));
    if (kids.length < 3) continue;
    const bySig = new Map();
    for (const kid of kids) { const s = signature(kid); bySig.set(s, (bySig.get(s) || []).concat(kid)); }
    for (const [, members] of bySig) {
      const cards = members.filter(shown);
      // A run of alike siblings carrying text: cards. Paragraphs of an article are alike too, so plain <p> runs are not cards.
      if (cards.length < 3 || cards[0].tagName === 'P' || cards.some((c) => claimed.has(c))) continue;
      if (cards.filter((c) => clean(c.innerText, 30).length >= 3).length < cards.length * 0.8) continue;
      if (!cards.every((c) => c.children.length > 0)) continue;
      groups.push({ kind: 'cards', label: labelOf(parent), items: cards.map((c) => ({ text: clean(c.innerText, 1000), link: linkOf(c) })) });
    }
  }
  return groups;
}`;

export const listItems = async (page: Page, signal: AbortSignal): Promise<ItemGroup[]> => {
  signal.throwIfAborted();
  const groups = await readSettled(page, signal, () => evaluateInWorld<ItemGroup[]>(page, `(${SCRIPT})()`, signal));
  // Largest first: the page's main listing is almost always its biggest repeated structure.
  return groups.sort((a, b) => b.items.length - a.items.length);
};
