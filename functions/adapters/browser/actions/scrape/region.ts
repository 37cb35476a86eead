/**
 * Page code (see page-types.ts): where the main content is. A page that declares it (one visible `main`, or one
 * top-level `article`) is taken at its word; otherwise Readability scores a clone of the page, and its pick is
 * mapped back as the smallest element holding everything it kept. Readability's own cleaned output is not used: it
 * drops title headings, link lists and tables it judges as layout, and the scrape must not lose content.
 *
 * A pick counts only when it holds at least half the page's prose (text outside links, so link lists weigh
 * little); otherwise the whole body, less its chrome, is the content. Pages Readability dislikes (product
 * grids, short pages) thus come out whole rather than cut to one block. Past a size Readability is not run at all
 * (its scoring grows with the page, to seconds on a megabyte), and such a page without landmarks comes out whole.
 */
import type { PageApi, PageLibraries } from './page-types.js';

export function regionFunctions(page: PageApi): Pick<PageApi, 'mainRegion'> {
  const ENOUGH = 0.5;
  const READABILITY_MAX_ELEMENTS = 6000;

  function mainRegion(libraries: PageLibraries): Element {
    const body = document.body;
    const declared = declaredRegion(body);
    const picked = declared ?? withTitle(readabilityRegion(body, libraries));
    if (!picked || picked === body) return body;
    return prose(picked) >= prose(body) * ENOUGH ? picked : body;
  }

  /**
   * Readability keeps the title heading out of its pick. The pick widens to take in the nearest h1 before it when
   * that adds little else (up to a tenth more prose): a post's title, not the column beside it.
   */
  function withTitle(region: Element | null): Element | null {
    if (!region) return null;
    const before = Array.from(document.body.getElementsByTagName('h1')).filter(
      (h1) => !region.contains(h1) && h1.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const title = before[before.length - 1];
    if (!title || page.isHidden(title)) return region;
    let wider = region.parentElement;
    while (wider && !wider.contains(title)) wider = wider.parentElement;
    if (!wider || wider === document.body) return region;
    return prose(wider) - prose(region) <= prose(region) * 0.1 + prose(title) ? wider : region;
  }

  function declaredRegion(body: HTMLElement): Element | null {
    const mains = Array.from(body.querySelectorAll('main, [role="main"]')).filter((el) => !page.isHidden(el));
    if (mains.length === 1) return mains[0];
    const articles = Array.from(body.querySelectorAll('article, [role="article"]')).filter(
      (el) => !page.isHidden(el) && !el.parentElement?.closest('article, [role="article"]'),
    );
    return articles.length === 1 ? articles[0] : null;
  }

  /**
   * Readability's pick, kept for the next read of the same document (the scrape's functions stay in the service's
   * world, see `keptCall`): scoring is most of a scrape of a mid-sized page. Readability reads a clone of the DOM
   * tree and nothing else (no styles, no layout, no field values), so a pick stays right exactly as long as no node,
   * attribute or text of the document changes, which is what a MutationObserver reports. The observer lets go at
   * the first change, so a page that keeps changing pays for one record; records not yet delivered are taken
   * before the kept pick is trusted.
   */
  let kept: { body: HTMLElement; region: Element | null; changed: boolean; observer: MutationObserver } | undefined;

  function readabilityRegion(body: HTMLElement, libraries: PageLibraries): Element | null {
    if (kept && kept.body === body && !kept.changed && !kept.observer.takeRecords().length) return kept.region;
    kept?.observer.disconnect();
    const region = scoredRegion(body, libraries);
    const watch = {
      body,
      region,
      changed: false,
      observer: new MutationObserver(() => {
        watch.changed = true;
        watch.observer.disconnect();
      }),
    };
    watch.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    kept = watch;
    return region;
  }

  function scoredRegion(body: HTMLElement, libraries: PageLibraries): Element | null {
    const originals = body.getElementsByTagName('*');
    if (originals.length > READABILITY_MAX_ELEMENTS) return null;
    // Readability rewrites the document it reads: it gets an inert clone, whose elements map back by position.
    const clone = document.implementation.createHTMLDocument(document.title);
    clone.replaceChild(clone.importNode(document.documentElement, true), clone.documentElement);
    const copies = clone.body?.getElementsByTagName('*');
    if (!copies || copies.length !== originals.length) return null;
    const originalOf = new Map<Element, Element>();
    for (let i = 0; i < copies.length; i += 1) originalOf.set(copies[i], originals[i]);
    let content: Element | null = null;
    try {
      const article = new libraries.Readability(clone, { serializer: (el: Node) => el as unknown as string }).parse();
      content = (article?.content as unknown as Element | null | undefined) ?? null;
    } catch {
      return null;
    }
    let region: Element | null = null;
    for (const kept of Array.from(content?.getElementsByTagName('*') ?? [])) {
      const original = originalOf.get(kept);
      if (!original) continue;
      region ??= original;
      while (region && !region.contains(original)) region = region.parentElement;
    }
    return region;
  }

  /**
   * Text outside links, whitespace aside. Counted from textContent, which the browser hands over without
   * laying anything out (innerText would cost tens of milliseconds on a large page); only what never renders
   * (scripts, styles, templates) is taken out besides the links.
   */
  function prose(root: Element): number {
    let length = visibleLength(root.textContent ?? '');
    for (const tag of ['a', 'script', 'style', 'noscript', 'template']) {
      const found = root.getElementsByTagName(tag);
      for (let i = 0; i < found.length; i += 1) length -= visibleLength(found[i].textContent ?? '');
    }
    return length;
  }

  function visibleLength(text: string): number {
    return text.replace(/\s+/g, '').length;
  }

  return { mainRegion };
}
