/**
 * The page's repeated structures: data tables (rows under headers), lists, and runs of sibling "cards" built
 * alike (a product grid, search results). What pagination extracts without a language model: items copied from
 * the page as they are, never composed. Groups inside navigation, headers and footers are left out: a menu is a
 * list too, but never what a caller paginates for.
 *
 * The script is `page/list-items.ts`, bundled into a string (`bin/page-scripts.ts`).
 */
import type { Page } from 'puppeteer-core';
import type { ItemGroup } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { source as SCRIPT } from './page/list-items.generated.js';
import { callExpression, evaluateInWorld } from './world.js';

export const listItems = async (page: Page, signal: AbortSignal): Promise<ItemGroup[]> => {
  signal.throwIfAborted();
  const groups = await readSettled(page, signal, () =>
    evaluateInWorld<ItemGroup[]>(page, callExpression(SCRIPT), signal),
  );
  // Largest first: the page's main listing is almost always its biggest repeated structure.
  return groups.sort((a, b) => b.items.length - a.items.length);
};
