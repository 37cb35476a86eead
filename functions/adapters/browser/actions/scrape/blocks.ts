/**
 * Page code (see page-types.ts): the blocks that wrap other blocks. List items are marked `- ` or `N. ` (from the
 * list's `start`), their continuation lines indented to the item's text so nested lists and code stay inside;
 * a list is tight unless an item holds several paragraphs. Quotes prefix every line; headings are one line.
 */
import type { Block, PageApi, RenderContext } from './page-types.js';

export function blockFunctions(page: PageApi): Pick<PageApi, 'list' | 'quote' | 'heading'> {
  function list(el: HTMLElement, context: RenderContext): Block {
    const ordered = el.localName === 'ol';
    const start = Number.parseInt(el.getAttribute('start') ?? '1', 10);
    let number = Number.isFinite(start) ? start : 1;
    const items: string[] = [];
    let loose = false;
    const children = page.composedChildren(el);
    for (let i = 0; i < children.length; i += 1) {
      const child = children[i] as HTMLElement;
      if (child.nodeType !== 1 || !page.isContent(child, child.localName, context)) continue;
      // A list nested straight in a list (not in an item) belongs to the item before it.
      const nested = child.localName === 'ul' || child.localName === 'ol';
      const blocks = nested ? [page.list(child, context)] : page.blocksOf(child, context);
      if (nested && items.length > 0) {
        items[items.length - 1] += `\n${indent(blocks[0].text, 2)}`;
        continue;
      }
      if (blocks.filter((block) => !block.list).length > 1) loose = true;
      const marker = ordered ? `${number}. ` : '- ';
      number += 1;
      items.push(blocks.length === 0 ? marker.trimEnd() : marker + indent(joinItem(blocks), marker.length));
    }
    return { text: items.join(loose ? '\n\n' : '\n'), list: true };
  }

  /** An item's paragraph and the list under it stay on adjacent lines, as in a tight list. */
  function joinItem(blocks: Block[]): string {
    return blocks
      .map((block, i) => (i === 0 ? '' : block.list && !blocks[i - 1].list ? '\n' : '\n\n') + block.text)
      .join('');
  }

  function indent(text: string, width: number): string {
    return text.replace(/\n(?=[^\n])/g, `\n${' '.repeat(width)}`);
  }

  function quote(el: HTMLElement, context: RenderContext): Block {
    const text = page
      .blocksOf(el, context)
      .map((block) => block.text)
      .join('\n\n');
    return {
      text: text
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n'),
    };
  }

  function heading(el: HTMLElement, context: RenderContext): Block | undefined {
    const text = page
      .blocksOf(el, context, false)
      .map((block) => block.text)
      .join(' ')
      .replace(/\s*\n\s*/g, ' ')
      .trim();
    // A trailing run of # after a space would be read as the heading's closing sequence.
    return text ? { text: `${'#'.repeat(Number(el.localName[1]))} ${text.replace(/ (#+)$/, ' \\$1')}` } : undefined;
  }

  return { list, quote, heading };
}
