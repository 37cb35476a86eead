/**
 * Where to put the mouse for an element of a snapshot: scrolled into view, then the first point of it that the
 * browser's own hit test gives to the element (or something inside it), in its document and through every frame
 * around it. The centre first, then points around it, so a badge or a sticky bar over part of it does not stop
 * a click that a person would make elsewhere on it. A control hidden behind its label (custom checkboxes) is
 * reached through the label, as a person would.
 */
import type { ActionOutcome } from '../../../../../ports/page-snapshot.js';
import { asControl, boxesOf, deepHit, nextFrame, shown, shownBy, within } from '../../page/dom.js';
import { type RegisteredTarget, registered } from '../../snapshot/page/registry.js';

const describe = (node: Element | null): string => {
  if (!node || node.nodeType !== 1) return 'something outside the page';
  const classes =
    typeof node.className === 'string' ? node.className.trim().split(/\s+/).filter(Boolean).slice(0, 2) : [];
  const text = (node.getAttribute('aria-label') || node.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
  return (
    node.localName +
    (node.id ? '#' + node.id : '') +
    (classes.length ? '.' + classes.join('.') : '') +
    (text ? ' "' + text + '"' : '')
  );
};

/**
 * The frame after the scroll into view, with the page's scroll listeners and lazy loaders run (see `nextFrame`), or
 * 100 ms when the page paints none (hidden).
 */
const settled = () => nextFrame(100);

/** Every box of the element lies inside the viewport, so nothing would move for it to be seen. */
const whollyInView = (el: Element): boolean => {
  const rects = boxesOf(el);
  return (
    rects.length > 0 &&
    rects.every((rect) => rect.left >= 0 && rect.top >= 0 && rect.right <= innerWidth && rect.bottom <= innerHeight)
  );
};

/** Points tried in each box, as fractions of its width and height: the centre first. */
const FRACTIONS = [
  [0.5, 0.5],
  [0.25, 0.5],
  [0.75, 0.5],
  [0.5, 0.25],
  [0.5, 0.75],
  [0.15, 0.2],
  [0.85, 0.2],
  [0.15, 0.8],
  [0.85, 0.8],
  [0.05, 0.5],
  [0.95, 0.5],
];

export default async function point({ key, index }: RegisteredTarget): Promise<ActionOutcome> {
  const el = registered(key, index);
  if (!el)
    return {
      acted: false,
      code: 'element_stale',
      message: 'the element is no longer on the page (the page changed after it was found)',
    };
  let target: Element = el;
  if (!shown(el)) {
    const labels = asControl(el).labels;
    const label = labels ? Array.from(labels).find(shown) : null;
    if (!label)
      return {
        acted: false,
        code: 'element_not_visible',
        message: 'the element is on the page but not visible (hidden, collapsed or without size)',
      };
    target = label;
  }
  const frames: Element[] = [];
  for (
    let view: Window | null = target.ownerDocument.defaultView;
    view && view !== window && view.frameElement;
    view = view.parent
  )
    frames.push(view.frameElement);
  const test = (
    x: number,
    y: number,
  ): { hit: Element | null; point?: undefined } | { point: { x: number; y: number } } => {
    const hit = deepHit(target.ownerDocument, x, y);
    if (!hit || !(within(target, hit) || within(el, hit))) return { hit };
    let px = x;
    let py = y;
    for (const frame of frames) {
      const box = frame.getBoundingClientRect();
      px += box.left + frame.clientLeft;
      py += box.top + frame.clientTop;
      const outer = deepHit(frame.ownerDocument, px, py);
      if (outer !== frame) return { hit: outer };
    }
    return { point: { x: px, y: py } };
  };
  const view = target.ownerDocument.defaultView!;
  let cover: Element | null = null;
  const aim = (): ActionOutcome | null => {
    for (const rect of boxesOf(target).slice(0, 4)) {
      // The part of the box inside its window: a box taller than the viewport is aimed at where it shows.
      const left = Math.max(rect.left, 0);
      const top = Math.max(rect.top, 0);
      const right = Math.min(rect.right, view.innerWidth);
      const bottom = Math.min(rect.bottom, view.innerHeight);
      if (right - left < 1 || bottom - top < 1) continue;
      for (const [fx, fy] of FRACTIONS) {
        const result = test(left + (right - left) * fx, top + (bottom - top) * fy);
        if (result.point) {
          const notes: Array<{ code: string; message: string }> = [];
          if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true') {
            notes.push({ code: 'element_disabled', message: 'the element is disabled: the page may ignore the input' });
          }
          return { acted: true, point: result.point, notes };
        }
        cover = cover || result.hit;
      }
    }
    return null;
  };
  // Wholly in view already (top document): aimed at where it is, with no scroll and no frames waited for, as a
  // person clicks what they see. Anything else, or an element covered where it is, is centred first as before.
  if (!frames.length && whollyInView(target)) {
    const here = aim();
    if (here) return here;
    cover = null;
  }
  // An image map's area scrolls with its image (it has no box of its own to bring into view).
  shownBy(target).scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  await settled();
  const centred = aim();
  if (centred) return centred;
  return { acted: false, code: 'element_covered', message: 'another element covers it everywhere: ' + describe(cover) };
}
