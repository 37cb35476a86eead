/**
 * The page's scrolling boxes, registered like snapshot elements (see `../scroll-containers.ts`). A box counts when
 * its content overflows it and its style lets it scroll. The size comparison is read first: it costs no style
 * computation, and most elements fail it.
 */
import type { PageSnapshot, SnapshotElement } from '../../../../ports/page-snapshot.js';
import { registry } from '../snapshot/page/registry.js';
import { clip } from './dom.js';

/** Boxes listings kept addressable, as snapshots are. */
const KEPT = 4;

export interface RawBox
  extends Pick<SnapshotElement, 'role' | 'tag' | 'name' | 'text' | 'near' | 'attributes' | 'box' | 'visible'> {
  direction: 'vertical' | 'horizontal' | 'both';
}

export type RawBoxes = Omit<PageSnapshot, 'elements' | 'nodeCount'> & { boxes: RawBox[] };

const SCROLLS = /(auto|scroll|overlay)/;

export default function scrollContainers(max: number): RawBoxes {
  const boxes: RawBox[] = [];
  const refs: Element[] = [];
  const visit = (root: Node) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (
      let el = walker.nextNode() as Element | null;
      el && boxes.length < max;
      el = walker.nextNode() as Element | null
    ) {
      if (el.shadowRoot) visit(el.shadowRoot);
      const tall = el.scrollHeight > el.clientHeight + 1;
      const wide = el.scrollWidth > el.clientWidth + 1;
      if (!tall && !wide) continue;
      if (el === document.documentElement || el === document.body) continue;
      const style = getComputedStyle(el);
      const scrolls = (tall && SCROLLS.test(style.overflowY)) || (wide && SCROLLS.test(style.overflowX));
      if (!scrolls) continue;
      const rect = el.getBoundingClientRect();
      const labelledBy = (el.getAttribute('aria-labelledby') || '')
        .split(/\s+/)
        .map((id) => (id && document.getElementById(id) ? document.getElementById(id)!.textContent : ''))
        .join(' ');
      const heading = el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading],legend,caption');
      const name = clip(
        el.getAttribute('aria-label') || labelledBy || el.getAttribute('title') || (heading && heading.textContent),
        80,
      );
      let before = '';
      for (let prev = el.previousElementSibling; prev && !before; prev = prev.previousElementSibling)
        before = clip(prev.textContent, 60);
      const classes =
        typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 3).join(' ') : '';
      const attributes = [el.id ? 'id ' + JSON.stringify(el.id) : '', classes ? 'class ' + JSON.stringify(classes) : '']
        .filter(Boolean)
        .join(' · ');
      refs.push(el);
      boxes.push({
        role: el.getAttribute('role') || 'region',
        tag: el.localName,
        name,
        text: clip((el as HTMLElement).innerText, 120),
        near: before,
        attributes,
        box: {
          x: Math.round(rect.left + scrollX),
          y: Math.round(rect.top + scrollY),
          width: Math.round(rect.width),
          height: Math.round(rect.height),
        },
        visible: rect.width >= 1 && rect.height >= 1 && style.visibility !== 'hidden',
        direction: tall && wide ? 'both' : tall ? 'vertical' : 'horizontal',
      });
    }
  };
  visit(document);
  const known = registry();
  const key = 'c' + known.next++;
  known.byKey.set(key, refs);
  for (const old of known.byKey.keys()) if (known.byKey.size > KEPT) known.byKey.delete(old);
  return {
    key,
    url: location.href,
    title: document.title,
    viewport: { width: innerWidth, height: innerHeight },
    scroll: { left: Math.round(scrollX), top: Math.round(scrollY) },
    boxes,
    truncated: boxes.length >= max,
  };
}
