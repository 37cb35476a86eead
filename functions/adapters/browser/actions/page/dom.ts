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

/** Whether the element has a box and is not hidden by style. */
export const shown = (node: Element): boolean => {
  const r = node.getBoundingClientRect();
  return r.width >= 1 && r.height >= 1 && node.checkVisibility({ visibilityProperty: true });
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
