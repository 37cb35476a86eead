/**
 * The page's repeated structures: data tables (rows under headers), lists, and runs of sibling "cards" built
 * alike (a product grid, search results). What pagination extracts without a language model: items copied from
 * the page as they are, never composed. Menus are left out, whether the page marks them (navigation, headers,
 * footers) or not (a column of links beside the main content), and so are pagers: a menu is a list too, but never
 * what a caller paginates for.
 *
 * The script is `page/list-items.ts`, bundled into a string (`bin/page-scripts.ts`).
 */
import type { Page } from 'puppeteer-core';
import type { ItemGroup } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { source as SCRIPT } from './page/list-items.generated.js';
import { callExpression, evaluateInWorld } from './world.js';

export const listItems = async (page: Page, signal: AbortSignal, follow?: string): Promise<ItemGroup[]> => {
  signal.throwIfAborted();
  const groups = await readSettled(page, signal, () =>
    evaluateInWorld<ItemGroup[]>(page, callExpression(SCRIPT, ...(follow === undefined ? [] : [follow])), signal),
  );
  // The main content's first, then largest first: a page's listing is almost always the biggest repeated structure
  // of its content, while a menu beside it can be longer.
  return groups.sort((a, b) => Number(b.main) - Number(a.main) || b.items.length - a.items.length);
};
