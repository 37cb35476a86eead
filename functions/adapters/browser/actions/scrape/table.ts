/**
 * Page code (see page-types.ts): tables. A data table becomes a GFM table: the first row is the header (GFM needs
 * one; a table without header cells gets its first row promoted), spanned cells are laid on a grid, each cell is
 * one line (breaks become <br>, pipes are escaped). A table that lays out a page rather than data (one column,
 * tables inside, role=presentation) gives its cells' content as blocks.
 */
import type { Block, PageApi, RenderContext } from './page-types.js';

export function tableFunctions(page: PageApi): Pick<PageApi, 'table'> {
  const MAX_SPAN = 100;

  function table(el: HTMLTableElement, context: RenderContext): Block[] {
    const rows = Array.from(el.rows).filter((row) => !page.isHidden(row) && row.cells.length > 0);
    // A loop, not Math.max(...rows): a table of a hundred thousand rows would overflow the call stack.
    const columns = rows.reduce((most, row) => Math.max(most, row.cells.length), 0);
    const layout = columns < 2 || el.getAttribute('role') === 'presentation' || el.querySelector('table') !== null;
    const caption = el.caption && !page.isHidden(el.caption) ? page.blocksOf(el.caption, context) : [];
    if (layout)
      return [
        ...caption,
        ...rows.flatMap((row) => Array.from(row.cells).flatMap((cell) => page.blocksOf(cell, context))),
      ];
    const grid: string[][] = rows.map(() => []);
    rows.forEach((row, r) => {
      let column = 0;
      for (const cell of Array.from(row.cells)) {
        while (grid[r][column] !== undefined) column += 1;
        const text = page.isHidden(cell) ? '' : cellText(cell, context);
        const across = Math.min(MAX_SPAN, Math.max(1, cell.colSpan));
        const down = Math.min(rows.length - r, Math.max(1, cell.rowSpan || 1));
        for (let i = 0; i < down; i += 1)
          for (let j = 0; j < across; j += 1) grid[r + i][column + j] = i === 0 && j === 0 ? text : '';
        column += across;
      }
    });
    const width = grid.reduce((most, row) => Math.max(most, row.length), 0);
    const line = (row: string[]) => `| ${Array.from({ length: width }, (_, i) => row[i] ?? '').join(' | ')} |`;
    const lines = [line(grid[0]), line(Array.from({ length: width }, () => '---')), ...grid.slice(1).map(line)];
    return [...caption, { text: lines.join('\n') }];
  }

  function cellText(cell: HTMLTableCellElement, context: RenderContext): string {
    return page
      .blocksOf(cell, context, false)
      .map((block) => block.text)
      .join('<br>')
      .replace(/\s*\n+\s*/g, '<br>')
      .replace(/\|/g, '\\|');
  }

  return { table };
}
