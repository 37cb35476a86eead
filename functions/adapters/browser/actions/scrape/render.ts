/**
 * Page code (see page-types.ts): the walk from the live page to markdown, in one pass over the composed tree.
 * Containers (div, section, p, and spans or custom elements laid out as blocks) end the paragraph before and after
 * them; inline elements add their marks around what their children render; lists, quotes, headings, tables and
 * code blocks are blocks of their own (blocks.ts, table.ts). Same-origin frames render in place.
 */
import type { Block, PageApi, RenderContext, Sink } from './page-types.js';

export function renderFunctions(page: PageApi): Pick<PageApi, 'renderChildren' | 'blocksOf'> {
  const CONTAINERS = new Set([
    'address',
    'article',
    'aside',
    'body',
    'center',
    'dd',
    'details',
    'dir',
    'div',
    'dl',
    'dt',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hgroup',
    'legend',
    'li',
    'main',
    'menu',
    'p',
    'search',
    'section',
    'summary',
    'caption',
    'tbody',
    'thead',
    'tfoot',
    'tr',
    'td',
    'th',
  ]);
  const MARKS: Record<string, string> = { strong: '**', b: '**', em: '*', i: '*', del: '~~', s: '~~', strike: '~~' };
  const CODE = new Set(['code', 'kbd', 'samp', 'tt']);
  const MAX_NESTING = 400;

  function renderChildren(node: Node, sink: Sink, context: RenderContext): void {
    const assigned = page.slotted(node);
    if (assigned) {
      for (const child of assigned) renderNode(child, sink, context);
      return;
    }
    // Sibling links, not childNodes: indexing a NodeList from script costs more on large pages.
    for (let child = ((node as Element).shadowRoot ?? node).firstChild; child; child = child.nextSibling)
      renderNode(child, sink, context);
  }

  function renderNode(node: Node, sink: Sink, context: RenderContext): void {
    if (node.nodeType === 3) page.text(sink, (node as Text).data);
    else if (node.nodeType === 1) renderElement(node as HTMLElement, sink, context);
  }

  function renderElement(el: HTMLElement, sink: Sink, context: RenderContext): void {
    const tag = el.localName;
    if (!page.isContent(el, tag, context) || context.nesting > MAX_NESTING) return;
    const inner: RenderContext = { inSection: context.inSection || page.isSection(el), nesting: context.nesting + 1 };
    // Own entries only: an unknown element named `constructor` is not Object's member of that name.
    const mark = Object.hasOwn(MARKS, tag) ? MARKS[tag] : undefined;
    if (mark) return wrap(el, sink, inner, mark);
    if (CODE.has(tag)) return void sink.parts.push(page.codeSpan(el.textContent ?? ''));
    switch (tag) {
      case 'br':
        return void sink.parts.push('\u2028'); // the line-break marker text.ts turns into a hard break
      case 'a':
        return link(el as HTMLAnchorElement, sink, inner);
      case 'img': {
        const src = page.imageSource(el as HTMLImageElement);
        const alt = (el.getAttribute('alt') ?? '')
          .replace(/\s+/g, ' ')
          .trim()
          .replace(/[[\]\\]/g, '\\$&');
        return void (src && sink.parts.push(`![${alt}](${url(src)})`));
      }
      case 'input':
        return void sink.parts.push((el as HTMLInputElement).checked ? '[x] ' : '[ ] ');
      case 'pre':
        return block(sink, { text: page.fence(el.innerText, page.codeLanguage(el)) });
      case 'hr':
        return block(sink, { text: '---' });
      case 'ul':
      case 'ol':
        return block(sink, page.list(el, inner));
      case 'blockquote':
        return block(sink, page.quote(el, inner));
      case 'table':
        // An array, not spread arguments: a layout table of a hundred thousand cells gives as many blocks.
        return blocks(sink, page.table(el as HTMLTableElement, inner));
      case 'iframe':
      case 'frame':
        return frame(el as HTMLIFrameElement, sink, inner);
    }
    if (/^h[1-6]$/.test(tag)) return block(sink, page.heading(el, inner));
    const layout = CONTAINERS.has(tag) ? 'block' : page.layoutOf(el, tag);
    if (layout === 'block') page.flush(sink);
    if (layout === 'item') sink.parts.push(' ');
    renderChildren(el, sink, inner);
    if (layout === 'item') sink.parts.push(' ');
    if (layout === 'block') page.flush(sink);
  }

  function block(sink: Sink, item: Block | undefined): void {
    blocks(sink, [item]);
  }

  function blocks(sink: Sink, items: (Block | undefined)[]): void {
    page.flush(sink);
    for (const item of items) if (item?.text) sink.blocks.push(item);
  }

  /** Renders children apart; block content inside an inline element (a card in a link) is passed up as blocks. */
  function inlineOf(el: Element, sink: Sink, context: RenderContext): string | undefined {
    const inner = page.newSink(sink.escapeStarts);
    renderChildren(el, inner, context);
    if (inner.blocks.length === 0) return inner.parts.join('');
    page.flush(sink);
    page.flush(inner);
    // One by one: a layout table of a hundred thousand cells spread as arguments would overflow the call stack.
    for (const block of inner.blocks) sink.blocks.push(block);
    return undefined;
  }

  /** Marks hug the text: `a<b> bold </b>b` → `a **bold** b`. */
  function hug(text: string, open: string, close = open): string {
    const core = text.trim();
    if (!core) return text ? ' ' : '';
    return `${/^\s/.test(text) ? ' ' : ''}${open}${core}${close}${/\s$/.test(text) ? ' ' : ''}`;
  }

  function wrap(el: Element, sink: Sink, context: RenderContext, mark: string): void {
    const text = inlineOf(el, sink, context);
    if (text !== undefined) sink.parts.push(hug(text, mark));
  }

  function link(a: HTMLAnchorElement, sink: Sink, context: RenderContext): void {
    const href = page.linkHref(a);
    const text = inlineOf(a, sink, context);
    if (text === undefined) {
      if (href) sink.blocks.push({ text: `<${url(href)}>` });
      return;
    }
    // A link with nothing to read (an icon) says nothing in markdown.
    if (!href || !text.trim()) sink.parts.push(text.trim() ? text : '');
    else sink.parts.push(hug(text, '[', `](${url(href)})`));
  }

  function url(value: string): string {
    return value.replace(/[ ()<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }

  function frame(el: HTMLIFrameElement, sink: Sink, context: RenderContext): void {
    let body: HTMLElement | null = null;
    try {
      body = el.contentDocument?.body ?? null;
    } catch {
      body = null; // another origin's frame cannot be read from here
    }
    if (!body) return;
    page.flush(sink);
    renderChildren(body, sink, context);
    page.flush(sink);
  }

  function blocksOf(node: Node, context: RenderContext, escapeStarts = true): Block[] {
    const sink = page.newSink(escapeStarts);
    renderChildren(node, sink, context);
    page.flush(sink);
    return sink.blocks;
  }

  return { renderChildren, blocksOf };
}
