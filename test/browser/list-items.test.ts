/**
 * The repeated structures pagination copies without a model, on real Chromium: tables that lay a page out (an
 * index in columns, lists side by side under headings) give their lists; data tables give their rows, and a list
 * in a data cell stays part of its row.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemGroup, WindowDriver } from '../../functions/ports/window-driver.js';
import { startRealPagesServer } from '../fixtures/real-pages/corpus.js';
import { openServedWindow, type ServedWindow } from '../support/driver-window.js';

let served: ServedWindow<Awaited<ReturnType<typeof startRealPagesServer>>>;
let pages: Awaited<ReturnType<typeof startRealPagesServer>>;
let page: Page;
let driver: WindowDriver;

beforeAll(async () => {
  served = await openServedWindow(startRealPagesServer);
  ({ server: pages, page, driver } = served);
});
afterAll(async () => {
  await served?.close();
});

const groupsOf = (): Promise<ItemGroup[]> => driver.listItems(new AbortController().signal);
const withItem = (groups: ItemGroup[], text: string) =>
  groups.find((group) => group.items.some((item) => item.text === text));

describe('list items', () => {
  it('gives the lists of a table that lays them out side by side under headings (Apache docs)', async () => {
    await page.goto(`${pages.url}/apache/en/howto/htaccess.html`, { waitUntil: 'load' });
    const groups = await groupsOf();
    const modules = withItem(groups, 'mod_rewrite');
    expect(modules).toMatchObject({ kind: 'list' });
    expect(modules?.items.map((item) => item.text)).toContain('core');
    expect(modules?.items.find((item) => item.text === 'core')?.link).toMatch(/\/mod\/core\.html$/);
    expect(withItem(groups, 'AccessFileName')).toMatchObject({ kind: 'list' });
    // The table itself is no group: its one row is not a run of items.
    expect(groups.filter((group) => group.kind === 'table' && group.headers?.includes('Related Modules'))).toEqual([]);
  });

  it('gives the lists of an index laid out as one row of columns without headers', async () => {
    await page.setContent(`<h1>Index – A</h1><table class="indextable"><tr>
      <td><ul><li><a href="#abc">abc (module)</a></li><li><a href="#abs">abs() (built-in function)</a></li></ul></td>
      <td><ul><li><a href="#add">add() (set method)</a></li><li><a href="#all">all() (built-in function)</a></li></ul></td>
    </tr></table>`);
    const groups = await groupsOf();
    expect(groups.map((group) => [group.kind, group.label, group.items.length])).toEqual([
      ['list', 'Index – A', 2],
      ['list', 'Index – A', 2],
    ]);
    expect(withItem(groups, 'all() (built-in function)')?.items[1].link).toMatch(/#all$/);
  });

  it('keeps a data table whole: its rows are the items, a list in a cell is part of its row', async () => {
    await page.setContent(`<table><caption>Releases</caption>
      <tr><th>Version</th><th>Changes</th></tr>
      <tr><td>1.1</td><td><ul><li>faster start</li><li>smaller images</li></ul></td></tr>
      <tr><td>1.0</td><td><ul><li>first release</li><li>documentation</li></ul></td></tr>
    </table>`);
    const groups = await groupsOf();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ kind: 'table', label: 'Releases', headers: ['Version', 'Changes'] });
    expect(groups[0].items.map((item) => item.cells?.[0])).toEqual(['1.1', '1.0']);
  });
});
