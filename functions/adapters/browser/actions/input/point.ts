/**
 * Where to put the mouse for an element of a snapshot: scrolled into view, then the first point of it that the
 * browser's own hit test gives to the element (or something inside it), in its document and through every frame
 * around it. The centre first, then points around it, so a badge or a sticky bar over part of it does not stop
 * a click that a person would make elsewhere on it. A control hidden behind its label (custom checkboxes) is
 * reached through the label, as a person would.
 *
 * Plain JavaScript run in the page (see `snapshot/script.ts` for why).
 */
import type { Page } from 'puppeteer-core';
import type { ActionOutcome, ElementTarget } from '../../../../ports/page-snapshot.js';
import { REGISTRY } from '../snapshot/script.js';
import { isContextLost } from './settled.js';
import { evaluateInWorld } from '../world.js';

const POINT_SCRIPT = String.raw`async (args) => {
  const registry = window.${REGISTRY};
  const list = registry && registry.byKey.get(args.key);
  const el = list && list[args.index];
  if (!el || !el.isConnected) return { acted: false, code: 'element_stale', message: 'the element is no longer on the page (the page changed after it was found)' };
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return 'something outside the page';
    const classes = typeof node.className === 'string' ? node.className.trim().split(/\s+/).filter(Boolean).slice(0, 2) : [];
    const text = (node.getAttribute('aria-label') || node.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return node.localName + (node.id ? '#' + node.id : '') + (classes.length ? '.' + classes.join('.') : '') + (text ? ' "' + text + '"' : '');
  };
  const shown = (node) => { const r = node.getBoundingClientRect(); return r.width >= 1 && r.height >= 1 && node.checkVisibility({ visibilityProperty: true }); };
  let target = el;
  if (!shown(el)) {
    const label = el.labels ? Array.from(el.labels).find(shown) : null;
    if (!label) return { acted: false, code: 'element_not_visible', message: 'the element is on the page but not visible (hidden, collapsed or without size)' };
    target = label;
  }
  target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  await new Promise((resolve) => {
    let done = false;
    const finish = () => { if (!done) { done = true; resolve(); } };
    requestAnimationFrame(() => requestAnimationFrame(finish));
    setTimeout(finish, 100);
  });
  const frames = [];
  for (let view = target.ownerDocument.defaultView; view && view !== window && view.frameElement; view = view.parent) frames.push(view.frameElement);
  const deepHit = (doc, x, y) => {
    let hit = doc.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  const within = (outer, node) => { for (let n = node; n; n = n.parentNode || n.host) if (n === outer) return true; return false; };
  const test = (x, y) => {
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
  const view = target.ownerDocument.defaultView;
  const fractions = [[0.5, 0.5], [0.25, 0.5], [0.75, 0.5], [0.5, 0.25], [0.5, 0.75], [0.15, 0.2], [0.85, 0.2], [0.15, 0.8], [0.85, 0.8], [0.05, 0.5], [0.95, 0.5]];
  let cover = null;
  for (const rect of Array.from(target.getClientRects()).slice(0, 4)) {
    // The part of the box inside its window: a box taller than the viewport is aimed at where it shows.
    const left = Math.max(rect.left, 0), top = Math.max(rect.top, 0);
    const right = Math.min(rect.right, view.innerWidth), bottom = Math.min(rect.bottom, view.innerHeight);
    if (right - left < 1 || bottom - top < 1) continue;
    for (const [fx, fy] of fractions) {
      const result = test(left + (right - left) * fx, top + (bottom - top) * fy);
      if (result.point) {
        const notes = [];
        if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true') notes.push({ code: 'element_disabled', message: 'the element is disabled: the page may ignore the input' });
        return { acted: true, point: result.point, notes };
      }
      cover = cover || result.hit;
    }
  }
  return { acted: false, code: 'element_covered', message: 'another element covers it everywhere: ' + describe(cover) };
}`;

/** The point to aim at, in the top-level viewport, or why there is none. No input is sent here. */
export const pointFor = async (page: Page, target: ElementTarget, signal: AbortSignal): Promise<ActionOutcome> => {
  signal.throwIfAborted();
  const args = { key: target.snapshot, index: Number(target.element.replace(/^e/, '')) };
  try {
    return await evaluateInWorld<ActionOutcome>(page, `(${POINT_SCRIPT})(${JSON.stringify(args)})`, signal);
  } catch (error) {
    if (!isContextLost(error) || signal.aborted) throw error;
    return { acted: false, code: 'element_stale', message: 'the page navigated after the element was found' };
  }
};
