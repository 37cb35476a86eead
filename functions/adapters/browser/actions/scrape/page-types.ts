/**
 * Types of the code that runs in the page. That code is sent as source text (script.ts): each module exports one
 * function that returns its part of the page API and reaches the other parts only through the `page` object it is
 * given, since nothing of a module's scope (imports included) exists in the page.
 */
import type { Readability } from '@mozilla/readability';

export interface PageLibraries {
  Readability: typeof Readability;
}

/** A markdown block; `list` marks lists, which join a preceding paragraph of a list item without a blank line. */
export interface Block {
  text: string;
  list?: boolean;
}

/**
 * Where rendering writes: inline pieces of the paragraph being built, and the blocks finished so far.
 * `escapeStarts`: escape what would read as markdown syntax at a line start (not in headings and table cells).
 */
export interface Sink {
  parts: string[];
  blocks: Block[];
  escapeStarts: boolean;
}

/** `inSection`: inside an article, main, section… where a header, footer or aside is content, not a landmark. */
export interface RenderContext {
  inSection: boolean;
  nesting: number;
}

export interface PageScrape {
  title: string;
  markdown: string;
  /** The markdown's whole length, when the page sent back only its start. */
  length?: number;
  selectedText?: string;
}

export interface PageApi {
  // visibility.ts
  /** Whether an element is part of what a reader sees as content (not hidden, not chrome, not code or a control). */
  isContent(el: HTMLElement, tag: string, context: RenderContext): boolean;
  isHidden(el: Element): boolean;
  /** The children that render: a shadow root's, a slot's assigned nodes, or the element's own. */
  composedChildren(node: Node): Node[];
  /** A slot's assigned nodes, when it is a slot with any. */
  slotted(node: Node): Node[] | null;
  isSection(el: Element): boolean;
  /** Whether an ancestor (in the same tree) is an article, aside, main, nav or section. */
  insideSection(el: Element): boolean;
  // text.ts
  newSink(escapeStarts?: boolean): Sink;
  text(sink: Sink, raw: string): void;
  /** Ends the paragraph being built. */
  flush(sink: Sink): void;
  codeSpan(raw: string): string;
  fence(code: string, language: string): string;
  // render.ts
  renderChildren(node: Node, sink: Sink, context: RenderContext): void;
  /** The markdown blocks of an element's content. */
  blocksOf(node: Node, context: RenderContext, escapeStarts?: boolean): Block[];
  // blocks.ts, table.ts
  list(el: HTMLElement, context: RenderContext): Block;
  quote(el: HTMLElement, context: RenderContext): Block;
  heading(el: HTMLElement, context: RenderContext): Block | undefined;
  table(el: HTMLTableElement, context: RenderContext): Block[];
  // attributes.ts
  linkHref(a: HTMLAnchorElement): string;
  imageSource(img: HTMLImageElement): string;
  layoutOf(el: HTMLElement, tag: string): 'inline' | 'item' | 'block';
  codeLanguage(pre: Element): string;
  // region.ts, extract.ts
  mainRegion(libraries: PageLibraries): Element;
  extract(libraries: PageLibraries): PageScrape;
}
