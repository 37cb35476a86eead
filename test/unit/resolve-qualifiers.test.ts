/**
 * Answer checks on what a description qualifies: an order word ("the oldest commit"), a word beside a name found
 * in a table row ("the raw units.c", "history of main.c"), a question asking where a choice is made ("what to
 * search by"), and a chapter clicked whose heading no link leads to. Each turns a match on the noun alone into an
 * abstention, or into the one control that says the rest.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, placed as at, resolveClick as resolve, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://app.test/repo', 'Repository');

describe('an order word', () => {
  const summary = page(
    at(20, 10, el('t1', 'link', 'summary', { href: '/repo/' }), ['nav']),
    at(130, 10, el('t2', 'link', 'commit', { href: '/repo/commit/' }), ['nav']),
    at(20, 100, el('c1', 'link', 'Fix the units', { href: '/repo/commit/?id=aa' })),
    at(20, 130, el('c2', 'link', 'First import', { href: '/repo/commit/?id=bb' })),
    at(20, 200, el('o1', 'link', 'Older posts', { href: '/repo/?page=2' })),
  );

  it('that nothing on or around the match says is no answer', async () => {
    expect(said(await resolve(summary, 'the oldest commit'))).toBe('none');
    expect(said(await resolve(summary, 'newest commit'))).toBe('none');
  });

  it('said by the element itself still finds it', async () => {
    expect(said(await resolve(summary, 'older posts'))).toBe('Older posts');
    expect(said(await resolve(summary, 'the commit tab'))).toBe('commit');
  });
});

describe('a word beside a name found in a table row', () => {
  const row = (y: number, file: string, extra: SnapshotElement[] = []) => [
    at(20, y, el(`${file}-f`, 'link', file, { href: `/repo/tree/${file}` }), ['table']),
    at(200, y, el(`${file}-l`, 'link', 'log', { href: `/repo/log/${file}` }), ['table']),
    at(320, y, el(`${file}-p`, 'link', 'plain', { href: `/repo/plain/${file}` }), ['table']),
    ...extra,
  ];
  const tree = page(
    ...row(100, 'main.c'),
    ...row(130, 'units.c', [
      at(440, 130, el('units.c-b', 'link', 'blame', { href: '/repo/blame/units.c' }), ['table']),
    ]),
  );

  it('may name another control of the row: the resolver asks which', async () => {
    const answer = await resolve(tree, 'the raw units.c');
    expect(said(answer)).toBe('several');
    expect('ambiguous' in answer && answer.candidates.map((c) => c.id)).toContain('units.c-p');
    expect(said(await resolve(tree, 'history of main.c'))).toBe('several');
  });

  it('said by exactly one control of the row is that control', async () => {
    expect(said(await resolve(tree, 'the blame units.c'))).toBe('blame');
  });

  it('after the name only says what kind of thing it is', async () => {
    expect(said(await resolve(tree, 'the units.c file'))).toBe('units.c');
    expect(said(await resolve(tree, 'units.c'))).toBe('units.c');
  });
});

describe('a question asking where a choice is made', () => {
  const search = page(
    at(20, 50, el('q', 'textbox', '', { tag: 'input', type: 'search' }), ['form']),
    at(130, 50, el('s', 'combobox', '', { tag: 'select', near: 'by' }), ['form']),
    at(240, 50, el('b', 'button', 'search', { type: 'submit' }), ['form']),
    at(20, 300, el('w', 'link', 'What to expect', { href: '/expect' })),
  );

  it('is not answered by the button that acts on the choice', async () => {
    expect(said(await resolve(search, 'what to search by'))).not.toBe('search');
  });

  it('is answered by a link whose own name is the question', async () => {
    expect(said(await resolve(search, 'what to expect'))).toBe('What to expect');
  });
});

describe('a chapter clicked', () => {
  const contents = pageAt('http://app.test/contents', 'Contents')(
    at(20, 50, el('l3', 'link', '3 – The Application Program Interface', { href: '/manual#3' })),
    at(20, 400, el('h', 'heading', 'C API', { interactive: false })),
    at(20, 430, el('f1', 'link', 'lua_Alloc', { href: '/manual#lua_Alloc', heading: 'C API' })),
    at(20, 460, el('f2', 'link', 'lua_call', { href: '/manual#lua_call', heading: 'C API' })),
  );

  it('is not a heading no link leads to: clicking it would do nothing', async () => {
    expect(said(await resolve(contents, 'the chapter on the C API'))).not.toBe('C API');
  });

  it('may be a heading to scroll to', async () => {
    const answer = await offlineResolver.resolve(contents, 'the section on the C API', { intent: 'scroll' });
    expect(said(answer)).toBe('C API');
  });
});

describe('an action asked of a click', () => {
  const printers = pageAt('http://app.test/printers', 'Printers')(
    at(20, 10, el('n1', 'link', 'Printers', { href: '/printers/' }), ['header']),
    at(140, 10, el('n2', 'link', 'Jobs', { href: '/jobs/' }), ['header']),
    at(20, 100, el('b1', 'button', 'Show All Jobs')),
    at(20, 140, el('u1', 'link', 'reader', { href: '/setup_uedit?id=5' })),
    at(20, 180, el('w1', 'link', 'Upgrade database', { href: '/index.php?title=Upgrade&action=edit&redlink=1' })),
    at(20, 220, el('d1', 'button', 'Delete job 7')),
  );

  it('is not answered by a control that only names the thing it would be done to', async () => {
    expect(said(await resolve(printers, 'add a printer'))).toBe('none');
    expect(said(await resolve(printers, 'cancel all jobs'))).toBe('none');
    // "Printers" is the things, not the doing: no stem of it says "print".
    expect(said(await resolve(printers, 'print this page'))).toBe('none');
  });

  it('is answered by a control that says it, on itself or in where it leads', async () => {
    expect(said(await resolve(printers, 'delete job 7'))).toBe('Delete job 7');
    // A wiki creates a missing page through its edit form.
    expect(said(await resolve(printers, 'create the page Upgrade database'))).toBe('Upgrade database');
    // A list of users whose names lead to their edit form ("setup_uedit"): the address says what a click does.
    const users = page(
      ...['reader', 'writer', 'admin', 'guest', 'nobody'].map((name, i) =>
        at(20, 100 + 30 * i, el(`u${i}`, 'link', name, { href: `/setup_uedit?id=${i}` }), ['table']),
      ),
    );
    expect(said(await resolve(users, 'edit reader'))).toBe('reader');
    expect(said(await resolve(users, 'delete reader'))).toBe('none');
  });
});

describe('a word ending in a double s', () => {
  it('is no plural: "the last class" is not the tab "Classes" that lists them', async () => {
    const summary = pageAt('http://app.test/pkg', 'Package')(
      at(20, 10, el('t', 'tab', 'Classes')),
      at(20, 100, el('c1', 'link', 'MutableBoolean', { href: 'MutableBoolean.html' })),
      at(20, 130, el('c2', 'link', 'MutableShort', { href: 'MutableShort.html' })),
    );
    expect(said(await resolve(summary, 'the last class'))).not.toBe('Classes');
    expect(said(await resolve(summary, 'the Classes tab'))).toBe('Classes');
  });
});

describe('an ordinal counting a kind the page never names', () => {
  const help = pageAt('http://app.test/help', 'Help')(
    at(20, 10, el('n1', 'link', 'Home', { href: '/' }), ['header']),
    at(140, 10, el('n2', 'link', 'Help', { href: '/help/' }), ['header']),
    at(20, 100, el('d1', 'link', 'Getting Started', { href: '/help/?TOPIC=start' })),
    at(20, 130, el('d2', 'link', 'Specifications', { href: '/help/?TOPIC=specs' })),
  );

  it('is no answer: the one element saying the other word is not the last of them', async () => {
    expect(said(await resolve(help, 'the last help category'))).toBe('none');
  });

  it('still counts where a place the page does not mark is named after "in"', async () => {
    const menu = pageAt(
      'http://app.test/db',
      'Database',
    )(
      ...['books', 'authors', 'loans'].map((table, i) =>
        at(20, 100 + 30 * i, el(`s${i}`, 'link', 'select', { href: `/db?select=${table}` }), ['navigation']),
      ),
    );
    expect(said(await resolve(menu, 'the second select link in the menu'))).toBe('select');
  });
});

describe('a place word joined to another by a hyphen', () => {
  const report = page(
    at(20, 40, el('d2', 'link', 'Requests by 2nd-level-domain', { href: '#8' })),
    at(20, 70, el('d1', 'link', 'Requests by toplevel-domain', { href: '#9' })),
    at(20, 100, el('lc', 'checkbox', 'Lowercase names')),
    at(20, 130, el('up', 'checkbox', 'Names')),
    at(1100, 880, el('top', 'link', 'Back to Top', { href: '#top' })),
    at(1100, 10, el('tr', 'link', 'Help', { href: '/help' }), ['nav']),
  );

  it('is one word of a name, not where to look', async () => {
    expect(said(await resolve(report, 'top-level domains'))).toBe('Requests by toplevel-domain');
    expect(said(await resolve(report, 'the lower-case option'))).toBe('Lowercase names');
  });

  it('still places the element when the word after it is a side', async () => {
    expect(said(await resolve(report, 'the link at the top-right'))).toBe('Help');
  });
});

describe('a place word written as the first word of a title', () => {
  // A traffic report: each table titled "Top N of M Total …", a "View All" link under each, the summary's links
  // to the tables at the top.
  const report = page(
    at(20, 10, el('js', 'link', '[Sites]', { href: '#TOPSITES' })),
    at(120, 10, el('ju', 'link', '[URLs]', { href: '#TOPURLS' })),
    at(20, 100, el('tu', 'cell', 'Top 10 of 40 Total URLs', { interactive: false }), ['table']),
    at(20, 200, el('vu', 'link', 'View All URLs', { href: 'url_202611.html' })),
    at(20, 300, el('ts', 'cell', 'Top 5 of 8 Total Sites', { interactive: false }), ['table']),
    at(20, 400, el('vs', 'link', 'View All Sites', { href: 'site_202611.html' })),
  );

  it('is a word of the name, not where to look', async () => {
    expect(said(await resolve(report, 'View All below Top Sites'))).toBe('View All Sites');
    expect(said(await resolve(report, 'View All below Top URLs'))).toBe('View All URLs');
  });
});
