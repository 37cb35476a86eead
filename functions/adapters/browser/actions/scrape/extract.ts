/**
 * Page code (see page-types.ts): the scrape itself. The main region (region.ts) of an HTML document is rendered
 * to markdown (render.ts); a document the browser shows as text (plain text, JSON) is its text. The title and the
 * selected text come from the page as the user sees it.
 */
import type { PageApi, PageLibraries, PageScrape } from './page-types.js';

export function extractFunctions(page: PageApi): Pick<PageApi, 'extract'> {
  /**
   * The most of the markdown sent back (the service keeps no more: MAX_SCRAPE_CHARS in core/operations/scrape.ts).
   * A page of tens of megabytes of text would otherwise fail the transfer itself, with no answer at all.
   */
  const KEPT_CHARS = 4_000_000;

  function extract(libraries: PageLibraries): PageScrape {
    const title =
      document.title.trim() || (document.querySelector('h1')?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const selectedText = selection();
    const markdown = content(libraries);
    const result: PageScrape =
      markdown.length > KEPT_CHARS
        ? { title, markdown: markdown.slice(0, KEPT_CHARS), length: markdown.length }
        : { title, markdown };
    if (selectedText) result.selectedText = selectedText.slice(0, KEPT_CHARS);
    return result;
  }

  function content(libraries: PageLibraries): string {
    const body = document.body;
    if (!body) return '';
    if (document.contentType !== 'text/html' && document.contentType !== 'application/xhtml+xml') return body.innerText;
    const region = page.mainRegion(libraries);
    const inSection = region !== body && (page.isSection(region) || page.insideSection(region));
    return page
      .blocksOf(region, { inSection, nesting: 0 })
      .map((block) => block.text)
      .join('\n\n');
  }

  /**
   * What the user selected: in a focused text field (never a password), else in the document, else in a focused
   * same-origin frame, followed down.
   */
  function selection(): string | undefined {
    let doc: Document = document;
    for (let depth = 0; depth < 10; depth += 1) {
      let active = doc.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      const field = fieldSelection(active);
      if (field) return field;
      const text = doc.getSelection()?.toString() ?? '';
      if (text.trim()) return text;
      let inner: Document | null = null;
      try {
        inner =
          active?.localName === 'iframe' || active?.localName === 'frame'
            ? (active as HTMLIFrameElement).contentDocument
            : null;
      } catch {
        inner = null;
      }
      if (!inner) return undefined;
      doc = inner;
    }
    return undefined;
  }

  function fieldSelection(active: Element | null): string | undefined {
    if (!active || (active.localName !== 'textarea' && active.localName !== 'input')) return undefined;
    const field = active as HTMLInputElement;
    if (field.type === 'password') return undefined;
    try {
      const { selectionStart: start, selectionEnd: end } = field;
      return start !== null && end !== null && end > start ? field.value.slice(start, end) : undefined;
    } catch {
      // Inputs such as email or number have no selection API and throw.
      return undefined;
    }
  }

  return { extract };
}
