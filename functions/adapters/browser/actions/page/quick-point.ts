/**
 * Where to click an element that is in view already, hit-tested (shadow roots included), with no scrolling and
 * so no wait for a frame; null sends the caller to `pointFor`, which scrolls, waits and looks around the element.
 */
import { type RegisteredTarget, registered } from '../snapshot/page/registry.js';
import { asControl, deepHit, within } from './dom.js';

export default function quickPoint({ key, index }: RegisteredTarget): { x: number; y: number } | null {
  const el = registered(key, index);
  if (!el || el.ownerDocument !== document) return null;
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2;
  const y = r.top + r.height / 2;
  if (r.width < 1 || r.height < 1 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight || el.matches(':disabled'))
    return null;
  const hit = deepHit(document, x, y);
  const hits = (outer: Node) => within(outer, hit);
  return hits(el) || Array.from(asControl(el).labels || []).some(hits) ? { x, y } : null;
}
