/**
 * Small DOM helpers the service's in-page scripts share. Elements may come from other frames, whose
 * constructors differ from this window's: tags are tested by `localName`, never with `instanceof`.
 */

/** An element read as a form control when it is one: every control property optional. */
export type Control = Element & Partial<HTMLInputElement>;
export const asControl = (el: Element): Control => el as Control;

/**
 * Input types a person types text into (a missing type is `text`). One definition for the snapshot (which marks
 * such fields editable) and for typing (which checks the focused element takes keys), so they never disagree.
 */
export const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set([
  '',
  'text',
  'email',
  'password',
  'search',
  'tel',
  'url',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** Whether an `input` element of this `type` attribute takes typed text. */
export const takesText = (input: Element): boolean =>
  TEXT_INPUT_TYPES.has((input.getAttribute('type') || '').toLowerCase());

/** Whitespace collapsed and trimmed. */
export const squash = (text: string | null | undefined): string => (text || '').replace(/\s+/g, ' ').trim();

/** Whitespace collapsed, cut at n characters. */
export const clip = (text: string | null | undefined, n: number): string => squash(text).slice(0, n);

/**
 * An image map's area has no box of its own: it is the part of its image its `coords` outline (a rectangle, a
 * circle, a polygon, in CSS pixels from the image's corner), drawn wherever the image using the map is. The image,
 * or null when no shown image uses the map.
 */
export const mapImage = (area: Element): Element | null => {
  const map = area.closest('map');
  const name = map?.getAttribute('name') || map?.id;
  if (!name) return null;
  for (const img of Array.from(area.ownerDocument.querySelectorAll('img[usemap], input[usemap], object[usemap]')))
    if ((img.getAttribute('usemap') || '').replace(/^#/, '').toLowerCase() === name.toLowerCase()) return img;
  return null;
};

/** The area's outline as a box in its viewport, or null when it has none (no image, no coordinates). */
export const areaRect = (area: Element): DOMRect | null => {
  const img = mapImage(area);
  if (!img) return null;
  const box = img.getBoundingClientRect();
  const shape = (area.getAttribute('shape') || 'rect').toLowerCase();
  const n = (area.getAttribute('coords') || '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (shape === 'default') return box;
  if (n.some((v) => !Number.isFinite(v))) return null;
  let x0: number;
  let y0: number;
  let x1: number;
  let y1: number;
  if (shape.startsWith('circ')) {
    if (n.length < 3) return null;
    [x0, y0, x1, y1] = [n[0] - n[2], n[1] - n[2], n[0] + n[2], n[1] + n[2]];
  } else if (shape.startsWith('poly')) {
    if (n.length < 6) return null;
    const xs = n.filter((_, i) => i % 2 === 0);
    const ys = n.filter((_, i) => i % 2 === 1);
    [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  } else {
    if (n.length < 4) return null;
    [x0, y0, x1, y1] = [Math.min(n[0], n[2]), Math.min(n[1], n[3]), Math.max(n[0], n[2]), Math.max(n[1], n[3])];
  }
  const left = box.left + Math.max(0, x0);
  const top = box.top + Math.max(0, y0);
  return new DOMRect(left, top, Math.min(box.right, box.left + x1) - left, Math.min(box.bottom, box.top + y1) - top);
};

/** The boxes of an element as a person sees them: an image map's area outlined on its image. */
export const boxesOf = (el: Element): DOMRect[] => {
  if (el.localName !== 'area') return Array.from(el.getClientRects());
  const rect = areaRect(el);
  return rect ? [rect] : [];
};

/** What shows an element: an image map's area shows through its image. */
export const shownBy = (el: Element): Element => (el.localName === 'area' ? (mapImage(el) ?? el) : el);

/** Whether the element has a box and is not hidden by style. */
export const shown = (node: Element): boolean => {
  const r = node.localName === 'area' ? areaRect(node) : node.getBoundingClientRect();
  return !!r && r.width >= 1 && r.height >= 1 && shownBy(node).checkVisibility({ visibilityProperty: true });
};

/** The content document of a same-origin frame element, or null (another origin, or not loaded). */
export const frameDocument = (el: Element): Document | null => {
  try {
    return (el as HTMLIFrameElement).contentDocument;
  } catch {
    return null;
  }
};

/** Whether `node` is `outer` or inside it, across shadow roots. */
export const within = (outer: Node, node: Node | null): boolean => {
  for (let n: Node | null = node; n; n = n.parentNode || (n as ShadowRoot).host || null) if (n === outer) return true;
  return false;
};

/** The element under the point, through open shadow roots. */
export const deepHit = (doc: Document | ShadowRoot, x: number, y: number): Element | null => {
  let hit = doc.elementFromPoint(x, y);
  while (hit && hit.shadowRoot) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
};

/** Resolves once `paint` calls back (after animation frames), or after `timeoutMs`: a hidden page paints none. */
export const paintedOr = (timeoutMs: number, paint: (done: () => void) => void): Promise<void> =>
  new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        resolve();
      }
    };
    paint(finish);
    setTimeout(finish, timeoutMs);
  });

/**
 * The next frame after a scroll, and what the page does with it: the frame fires the scroll events and animation
 * frame callbacks, then the browser delivers every intersection observer's entries in one task, the page's and this
 * one's alike. A task queued from this observer's callback runs after that delivery, so lazy loaders have seen the
 * new position. One frame, where waiting on animation frames needs two to be sure the delivery task has run.
 */
export const nextFrame = (timeoutMs: number): Promise<void> =>
  paintedOr(timeoutMs, (done) => {
    const observer = new IntersectionObserver(() => {
      observer.disconnect();
      setTimeout(done, 0);
    });
    observer.observe(document.documentElement);
  });
