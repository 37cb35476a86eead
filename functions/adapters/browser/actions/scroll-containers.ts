/**
 * The page's scrolling boxes (a chat pane, a results list, a code block), listed as snapshot elements so a
 * description ("the messages panel") is resolved among them by the same resolver as any element, and registered
 * like snapshot elements so the scroll acts on exactly the box that was chosen.
 *
 * A box counts when its content overflows it and its style lets it scroll. The size comparison is read first: it
 * costs no style computation, and most elements fail it. Plain JavaScript run in the page (see snapshot/script.ts).
 */
import type { Page } from 'puppeteer-core';
import type { PageSnapshot, SnapshotElement } from '../../../ports/page-snapshot.js';
import { REGISTRY } from './snapshot/script.js';
import { evaluateInWorld } from './world.js';

/** More boxes than any page a person can read has; it bounds the work on a pathological page. */
const MAX_BOXES = 300;

const SCRIPT = String.raw`(max) => {
  const clean = (text, n) => (text || '').replace(/\s+/g, ' ').trim().slice(0, n);
  const boxes = [];
  const refs = [];
  const visit = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let el = walker.nextNode(); el && boxes.length < max; el = walker.nextNode()) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const tall = el.scrollHeight > el.clientHeight + 1, wide = el.scrollWidth > el.clientWidth + 1;
      if (!tall && !wide) continue;
      if (el === document.documentElement || el === document.body) continue;
      const style = getComputedStyle(el);
      const scrolls = (tall && /(auto|scroll|overlay)/.test(style.overflowY)) || (wide && /(auto|scroll|overlay)/.test(style.overflowX));
      if (!scrolls) continue;
      const rect = el.getBoundingClientRect();
      const labelledBy = (el.getAttribute('aria-labelledby') || '').split(/\s+/).map((id) => id && document.getElementById(id) ? document.getElementById(id).textContent : '').join(' ');
      const heading = el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading],legend,caption');
      const name = clean(el.getAttribute('aria-label') || labelledBy || el.getAttribute('title') || (heading && heading.textContent), 80);
      let before = '';
      for (let prev = el.previousElementSibling; prev && !before; prev = prev.previousElementSibling) before = clean(prev.textContent, 60);
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 3).join(' ') : '';
      const attributes = [el.id ? 'id ' + JSON.stringify(el.id) : '', classes ? 'class ' + JSON.stringify(classes) : ''].filter(Boolean).join(' · ');
      refs.push(el);
      boxes.push({
        role: el.getAttribute('role') || 'region',
        tag: el.localName,
        name,
        text: clean(el.innerText, 120),
        near: before,
        attributes,
        box: { x: Math.round(rect.left + scrollX), y: Math.round(rect.top + scrollY), width: Math.round(rect.width), height: Math.round(rect.height) },
        visible: rect.width >= 1 && rect.height >= 1 && style.visibility !== 'hidden',
        direction: tall && wide ? 'both' : tall ? 'vertical' : 'horizontal',
      });
    }
  };
  visit(document);
  const registry = window.${REGISTRY} || Object.defineProperty(window, '${REGISTRY}', { value: { next: 1, byKey: new Map() } }).${REGISTRY};
  const key = 'c' + registry.next++;
  registry.byKey.set(key, refs);
  for (const old of registry.byKey.keys()) if (registry.byKey.size > 4) registry.byKey.delete(old);
  return { key, url: location.href, title: document.title, viewport: { width: innerWidth, height: innerHeight }, scroll: { left: Math.round(scrollX), top: Math.round(scrollY) }, boxes, truncated: boxes.length >= max };
}`;

interface RawBox extends Pick<SnapshotElement, 'role' | 'tag' | 'name' | 'text' | 'near' | 'attributes' | 'box' | 'visible'> {
  direction: 'vertical' | 'horizontal' | 'both';
}

export const scrollContainers = async (page: Page, signal: AbortSignal): Promise<PageSnapshot> => {
  signal.throwIfAborted();
  const raw = await evaluateInWorld<Omit<PageSnapshot, 'elements' | 'nodeCount'> & { boxes: RawBox[] }>(page, `(${SCRIPT})(${MAX_BOXES})`, signal);
  const elements: SnapshotElement[] = raw.boxes.map(({ direction, ...box }, index) => ({
    ...box,
    id: `e${index}`,
    // What people call a scrolling box ("the messages panel", "the contacts list", "the sidebar") and its
    // direction ("the horizontal carousel") are words the resolver should find on it.
    title: `scrollable ${box.tag === 'aside' ? 'sidebar ' : ''}panel pane box area list container, scrolls ${direction === 'both' ? 'both ways' : direction === 'vertical' ? 'vertically up and down' : 'horizontally sideways carousel'}`,
    interactive: true,
    text: box.text || undefined,
    near: box.near || undefined,
    attributes: box.attributes || undefined,
  }));
  return { key: raw.key, url: raw.url, title: raw.title, viewport: raw.viewport, scroll: raw.scroll, elements, nodeCount: elements.length, ...(raw.truncated ? { truncated: true } : {}) };
};
