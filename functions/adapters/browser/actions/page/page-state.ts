/**
 * The page's visible text and a few facts about its state (see `../page-state.ts`). `innerText` is the rendered
 * text (hidden elements left out), and same-origin frames are read too, as a person sees them.
 */
import type { PageState } from '../../../../ports/window-driver.js';

export default function pageState(max: number): PageState {
  const texts: string[] = [];
  let length = 0;
  const read = (doc: Document | null) => {
    if (!doc || !doc.body || length >= max) return;
    const text = doc.body.innerText || '';
    texts.push(text);
    length += text.length;
    for (const frame of doc.querySelectorAll<HTMLIFrameElement>('iframe,frame')) {
      try {
        read(frame.contentDocument);
      } catch {
        // Another origin: not readable, as for a person's copy.
      }
    }
  };
  read(document);
  const next = document.querySelector<HTMLAnchorElement | HTMLLinkElement>(
    'link[rel~="next" i][href], a[rel~="next" i][href]',
  );
  const root = document.scrollingElement || document.documentElement;
  return {
    url: location.href,
    title: document.title,
    text: texts.join('\n').slice(0, max),
    // A document with no element at all (an empty XML or text response) has no height and no scroll.
    scrollHeight: root ? root.scrollHeight : 0,
    scrollTop: root ? Math.round(root.scrollTop) : 0,
    viewportHeight: innerHeight,
    nextHref: next ? next.href : undefined,
  };
}
