/**
 * Page code (see page-types.ts): what the markdown takes from elements besides their text. Links and images come
 * out absolute, scripted links and inline data images not at all; spans and custom elements get the block or
 * inline role their layout gives them; code blocks get their language.
 */
import type { PageApi } from './page-types.js';

export function attributeFunctions(): Pick<PageApi, 'linkHref' | 'imageSource' | 'layoutOf' | 'codeLanguage'> {
  /** The link's absolute URL (a frame's links resolve against the frame); scripted links have none. */
  function linkHref(a: HTMLAnchorElement): string {
    const href = a.href;
    return href && /^(https?|mailto|tel|ftp):/i.test(href) ? href : '';
  }

  /**
   * The image the page shows (`currentSrc` follows srcset), or the lazy-loading attribute's when the page still
   * shows a placeholder. A loaded 1×1 image is a tracking pixel, not content.
   */
  function imageSource(img: HTMLImageElement): string {
    const shown = img.currentSrc || img.src;
    if (shown && !shown.startsWith('data:'))
      return img.complete && img.naturalWidth === 1 && img.naturalHeight === 1 ? '' : shown;
    const lazy = img.getAttribute('data-src') || img.getAttribute('data-lazy-src') || img.getAttribute('data-original');
    if (!lazy) return '';
    try {
      return new URL(lazy, img.baseURI).href;
    } catch {
      return '';
    }
  }

  /**
   * Spans and custom elements laid out as blocks become divs, so their text does not run into the next block's.
   * Items of a flex row or grid stay inline but are marked: markdown.ts separates neighbours with a space
   * (`Widget` `$10` → `Widget $10`) as the layout did.
   */
  function layoutOf(el: HTMLElement, tag: string): 'inline' | 'item' | 'block' {
    const custom = tag.includes('-') || Object.prototype.toString.call(el) === '[object HTMLUnknownElement]';
    if (!custom && tag !== 'span' && tag !== 'label') return 'inline';
    const view = el.ownerDocument.defaultView;
    if (!view) return 'inline';
    const display = view.getComputedStyle(el).display;
    if (display === 'inline' || display === 'contents' || display.startsWith('inline')) return 'inline';
    const parent = el.assignedSlot?.parentElement ?? el.parentElement;
    const box = parent ? view.getComputedStyle(parent) : undefined;
    const row =
      box && ((box.display.endsWith('flex') && box.flexDirection.startsWith('row')) || box.display.endsWith('grid'));
    return row ? 'item' : 'block';
  }

  /** The language of a code block, from the conventions of common highlighters on the block or its wrappers. */
  function codeLanguage(pre: Element): string {
    const places = [pre, pre.querySelector('code'), pre.parentElement, pre.parentElement?.parentElement];
    for (const el of places) {
      if (!el) continue;
      const declared = el.getAttribute('data-language') || el.getAttribute('data-lang');
      const match = declared
        ? [declared, declared]
        : /(?:^|\s)(?:lang(?:uage)?-|highlight-(?:source|text)-|brush:\s*)([\w#+.-]+)/i.exec(
            el.getAttribute('class') ?? '',
          );
      if (!match) continue;
      const language = match[1].toLowerCase();
      return ['none', 'plain', 'plaintext', 'nohighlight', 'text'].includes(language) ? '' : language;
    }
    return '';
  }

  return { linkHref, imageSource, layoutOf, codeLanguage };
}
