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

describe('list items: the main content over the chrome around it', () => {
  const text = (words: number) =>
    Array.from({ length: words }, (_, i) => ['harbour', 'tide', 'chart', 'depth'][i % 4]).join(' ');

  it('leaves out a column of links beside the content when nothing marks it as navigation', async () => {
    const menu = ['Home', 'Introduction', 'Downloads', 'News', 'FAQ', 'Bugs', 'Help', 'Contributions']
      .map((name) => `<li><a href="#${name}">${name}</a></li>`)
      .join('');
    await page.setContent(`<table><tr><td width="200"><b>Main Menu</b><ul>${menu}</ul></td>
      <td><h1>Installing</h1><p>${text(60)}</p><ol><li>Unpack the archive</li><li>Run the installer</li></ol></td></tr></table>`);
    const groups = await groupsOf();
    expect(groups.map((group) => [group.kind, group.main, group.items.map((item) => item.text)])).toEqual([
      ['list', true, ['Unpack the archive', 'Run the installer']],
    ]);
  });

  it('gives a table of one row under column headers, and leaves out the pager under it', async () => {
    await page.setContent(`<h1>Open tickets</h1><table><tr><th>Ticket</th><th>Subject</th></tr>
      <tr><td>#1042</td><td>Printer jams</td></tr></table>
      <ul><li><a href="?p=1">« Previous</a></li><li><a href="?p=1">1</a></li><li>2</li><li><a href="?p=3">Next »</a></li></ul>`);
    const groups = await groupsOf();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      kind: 'table',
      headers: ['Ticket', 'Subject'],
      items: [{ text: '#1042 | Printer jams' }],
    });
  });

  it('takes a bar of "Prev | Up | Next" links under a title for no table', async () => {
    await page.setContent(`<div class="navheader"><table width="100%"><tr><th colspan="3">2. Using the tool</th></tr>
      <tr><td><a href="ch01.html">Prev</a></td><td><a href="index.html">Up</a></td><td><a href="ch03.html">Next</a></td></tr>
      </table></div><div class="chapter"><h1>2. Using the tool</h1><p>${text(80)}</p></div>`);
    expect(await groupsOf()).toEqual([]);
  });

  it("gives no page's frame (banner, content, footer) as items", async () => {
    await page.setContent(`<div id="wrapper"><div><a href="/">Home</a> <a href="/my">My account</a> Signed in as ada</div>
      <div><h1>Projects</h1><ul><li>Tide tables: predicts high and low water</li><li>Harbour website: the public site</li></ul>
      <p>${text(40)}</p></div><div>Powered by the tracker, release 5</div></div>`);
    const groups = await groupsOf();
    expect(groups[0]).toMatchObject({ kind: 'list', main: true, label: 'Projects' });
    expect(groups.filter((group) => group.main).map((group) => group.kind)).toEqual(['list']);
  });

  it("gives a definition list's terms, each with its description", async () => {
    await page.setContent(`<h1>Options</h1><dl><dt><code>-c</code></dt><dd>Write to standard output.</dd>
      <dt><code>-d</code></dt><dd>Decompress.</dd><dt><code>-k</code></dt><dd>Keep the input files.</dd></dl>`);
    const groups = await groupsOf();
    expect(groups.map((group) => group.items.map((item) => item.text))).toEqual([
      ['-c Write to standard output.', '-d Decompress.', '-k Keep the input files.'],
    ]);
  });

  it('finds a single card again where a listing of cards was read before', async () => {
    const card = (name: string) => `<div class="walk"><h2><a href="#${name}">${name}</a></h2><p>4 km, flat</p></div>`;
    await page.setContent(
      `<h1>Walks</h1><div class="results">${['Cliff path', 'Dune loop', 'Harbour wall'].map(card).join('')}</div>`,
    );
    const [listing] = await groupsOf();
    expect(listing).toMatchObject({ kind: 'cards', main: true });
    await page.setContent(`<h1>Walks</h1><div class="results">${card('Lighthouse point')}</div>`);
    expect(await groupsOf()).toEqual([]);
    const again = await driver.listItems(new AbortController().signal, listing.key);
    expect(again.map((group) => [group.key, group.items.map((item) => item.text)])).toEqual([
      [listing.key, ['Lighthouse point 4 km, flat']],
    ]);
  });
});
