/**
 * Two answer checks on app pages: a cell of a table that lays out a form is text beside a control, never the
 * control clicked; and on a page of search results, "a result" is one of the links listed after the search form.
 */
import { describe, expect, it } from 'vitest';
import { el, pageAt, placed as at, resolveClick as resolve, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://app.test/new', 'New ticket');

describe('a cell of a form laid out in a table', () => {
  // Label cell, control, explanation cell: no column headers, so no cell is a record's value.
  const form = page(
    at(20, 100, el('c1', 'cell', 'Priority:', { interactive: false }), ['form New', 'table']),
    at(150, 100, el('s1', 'combobox', '', { tag: 'select' }), ['form New', 'table']),
    at(300, 100, el('c2', 'cell', 'How soon the fault must be mended', { interactive: false, row: 'Priority:' }), [
      'form New',
      'table',
    ]),
    at(20, 140, el('b1', 'button', 'Discard', { type: 'submit' }), ['form New', 'table']),
    at(150, 140, el('c3', 'cell', 'Throw this draft away', { interactive: false, row: 'Discard' }), [
      'form New',
      'table',
    ]),
  );

  it('is no answer to click: the resolver names it with the controls of its row and asks', async () => {
    const answer = await resolve(form, 'throw this draft away');
    expect(said(answer)).toBe('several');
    expect('ambiguous' in answer && answer.candidates.map((c) => c.id)).toEqual(['c3', 'b1']);
    expect(said(await resolve(form, 'how soon the fault must be mended'))).toBe('several');
  });

  it('still answers a cell of a data table, known by its row and column headers', async () => {
    const table = page(
      at(20, 100, el('h1', 'columnheader', 'Name', { interactive: false }), ['table']),
      at(150, 100, el('h2', 'columnheader', 'Role', { interactive: false }), ['table']),
      at(20, 140, el('r1', 'rowheader', 'Ann Poe', { interactive: false }), ['table']),
      at(150, 140, el('c1', 'cell', 'Admin', { interactive: false, row: 'Ann Poe', column: 'Role' }), ['table']),
    );
    expect(said(await resolve(table, "Ann Poe's role"))).toBe('Admin');
  });
});

describe('a cell of a data table met whole for a click', () => {
  // A list of hosts: each row's one control is the link to the host, named by its address; the name is text.
  const hosts = page(
    at(20, 100, el('h1', 'columnheader', 'IP', { interactive: false }), ['table']),
    at(150, 100, el('h2', 'columnheader', 'Hostname', { interactive: false }), ['table']),
    at(300, 100, el('h3', 'columnheader', 'Mounted on', { interactive: false }), ['table']),
    at(20, 140, el('a1', 'link', '10.0.0.1', { href: '/hosts/10.0.0.1/' }), ['table']),
    at(150, 140, el('c1', 'cell', 'gateway', { interactive: false, column: 'Hostname', row: '10.0.0.1' }), ['table']),
    at(20, 180, el('a2', 'link', '10.0.0.7', { href: '/hosts/10.0.0.7/' }), ['table']),
    at(150, 180, el('c2', 'cell', 'printer', { interactive: false, column: 'Hostname', row: '10.0.0.7' }), ['table']),
    at(300, 180, el('a3', 'link', 'Forget', { href: '/forget/10.0.0.7' }), ['table']),
    at(150, 220, el('c3', 'cell', '/dev/shm', { interactive: false, column: 'Mounted on' }), ['table']),
    at(150, 260, el('c4', 'cell', 'scanner', { interactive: false, column: 'Hostname', row: 'unknown' }), ['table']),
    at(300, 260, el('a4', 'link', 'Probe', { href: '/probe/10.0.0.9' }), ['table']),
    at(400, 260, el('a5', 'link', 'Forget', { href: '/forget/10.0.0.9' }), ['table']),
  );

  it("is the record its row's one link reaches", async () => {
    expect(said(await resolve(hosts, 'gateway'))).toBe('10.0.0.1');
  });

  it('is the record of the link naming its row, among several controls', async () => {
    expect(said(await resolve(hosts, 'printer'))).toBe('10.0.0.7');
  });

  it('asks which control when its row has several and none names it, and finds nothing to click in a row of none', async () => {
    const several = await resolve(hosts, 'scanner');
    expect(said(several)).toBe('several');
    expect('ambiguous' in several && several.candidates.map((c) => c.id)).toEqual(['c4', 'a4', 'a5']);
    expect(said(await resolve(hosts, '/dev/shm'))).toBe('none');
  });
});

describe('a result on a page of search results', () => {
  const results = pageAt('http://app.test/search?q=schema', 'Search results')(
    at(20, 10, el('h', 'heading', 'Search results', { interactive: false }), ['header']),
    at(20, 60, el('m1', 'link', 'Tickets', { href: '/tickets' }), ['header']),
    at(150, 60, el('m2', 'link', 'Wiki', { href: '/wiki' })),
    at(280, 60, el('m3', 'link', 'Logout', { href: '/logout' })),
    at(20, 110, el('q', 'searchbox', 'Search', { editable: true }), ['main', 'search']),
    at(150, 110, el('go', 'button', 'Search', { type: 'submit' }), ['main', 'search']),
    at(60, 160, el('r1', 'link', 'Ticket: Document the schema', { href: '/tkt/1' })),
    at(60, 210, el('r2', 'link', 'Wiki: Schema notes', { href: '/wiki/notes' })),
    at(60, 260, el('r3', 'link', 'Check-in 1a2b: schema change', { href: '/ci/1a2b' })),
    at(300, 300, el('f1', 'link', 'Help', { href: '/help' }), ['footer']),
  );

  it('counts the results, not every link of the page', async () => {
    expect(said(await resolve(results, 'the first result'))).toBe('Ticket: Document the schema');
    expect(said(await resolve(results, 'the last result'))).toBe('Check-in 1a2b: schema change');
  });

  it('takes the one result that says the other words, not a menu link that shares one', async () => {
    expect(said(await resolve(results, 'the ticket in the results'))).toBe('Ticket: Document the schema');
    expect(said(await resolve(results, 'the wiki page result'))).toBe('Wiki: Schema notes');
  });

  it('abstains when no result says them, and leaves what is about the results alone', async () => {
    expect(said(await resolve(results, 'the forum result'))).toBe('none');
    const paged = pageAt('http://app.test/search?q=schema', 'Search results')(
      ...results.elements,
      at(60, 320, el('n', 'link', 'Next', { href: '/search?q=schema&page=2', rel: 'next' })),
    );
    expect(said(await resolve(paged, 'the next results page'))).toBe('Next');
    expect(said(await resolve(paged, 'the next page of results'))).toBe('Next');
  });

  it('is no answer where the page shows no results after a search form', async () => {
    const home = pageAt('http://app.test/', 'Home')(
      at(20, 60, el('m1', 'link', 'Tickets', { href: '/tickets' })),
      at(150, 60, el('m3', 'link', 'Logout', { href: '/logout' })),
    );
    expect(said(await resolve(home, 'the last result'))).toBe('none');
  });
});

describe('results inside the search form', () => {
  // Xapian's Omega: one form holds the query, the results (each a row of a table: a box to mark it relevant, its
  // title and its address, both links to the document) and the pager's buttons; the program's link comes last.
  const inForm = ['search'];
  const row = ['search', 'table'];
  const omega = pageAt('http://docs.test/cgi-bin/omega?P=filter', 'Omega Search: filter')(
    at(340, 8, el('q', 'searchbox', '', { editable: true }), inForm),
    at(880, 8, el('go', 'button', 'Search', { type: 'submit' }), inForm),
    at(78, 100, el('b1', 'checkbox', '', { near: 'Size: 9.7K' }), row),
    at(124, 90, el('t1', 'link', '4.10. Filtering while capturing', { href: '/docs/capture.html' }), row),
    at(124, 120, el('u1', 'link', '/docs/capture.html', { href: '/docs/capture.html' }), row),
    at(78, 180, el('b2', 'checkbox', '', { near: 'Size: 4.9K' }), row),
    at(124, 170, el('t2', 'link', '6.6. Defining filters', { href: '/docs/define.html' }), row),
    at(124, 200, el('u2', 'link', '/docs/define.html', { href: '/docs/define.html' }), row),
    at(124, 250, el('t3', 'link', 'Chapter 6. Working with packets', { href: '/docs/work.html' }), row),
    at(124, 280, el('u3', 'link', '/docs/work.html', { href: '/docs/work.html' }), row),
    at(536, 330, el('p1', 'button', '1'), inForm),
    at(563, 330, el('p2', 'button', '2'), inForm),
    at(1159, 400, el('x', 'link', 'xapian-omega 1.4.22', { href: 'https://xapian.org/', near: '3 results found' })),
  );

  it("counts the results the form holds, a result's title and address one result", async () => {
    expect(said(await resolve(omega, 'the first result'))).toBe('4.10. Filtering while capturing');
    expect(said(await resolve(omega, 'the second result'))).toBe('6.6. Defining filters');
    expect(said(await resolve(omega, 'the last result'))).toBe('Chapter 6. Working with packets');
  });
});

describe('the page’s own link below its results', () => {
  // ht://Dig's results: each a title and its address, both links to the document; the program's link below them,
  // in the titles' column.
  const htdig = pageAt('http://docs.test/cgi-bin/htsearch?words=leak', "Search results for 'leak'")(
    at(8, 0, el('h', 'heading', "Search results for 'leak'", { interactive: false })),
    at(86, 20, el('q', 'textbox', '', { editable: true }), ['search']),
    at(346, 20, el('go', 'button', 'Search', { type: 'submit' }), ['search']),
    at(8, 100, el('t1', 'link', 'Memcheck: a memory error detector', { href: 'http://docs.test/mc.html' })),
    at(48, 150, el('u1', 'link', 'http://docs.test/mc.html', { href: 'http://docs.test/mc.html' })),
    at(8, 200, el('t2', 'link', 'Valgrind FAQ', { href: 'http://docs.test/faq.html' })),
    at(48, 250, el('u2', 'link', 'http://docs.test/faq.html', { href: 'http://docs.test/faq.html' })),
    at(8, 300, el('t3', 'link', 'Quick Start Guide', { href: 'http://docs.test/quick.html' })),
    at(48, 350, el('u3', 'link', 'http://docs.test/quick.html', { href: 'http://docs.test/quick.html' })),
    at(8, 450, el('p', 'link', 'ht://Dig 3.2.0b6', { href: 'http://www.htdig.org/' })),
    at(8, 450, el('logo', 'img', 'ht://Dig', { interactive: false })),
  );

  it('is no result: the last result is the last of the pairs', async () => {
    expect(said(await resolve(htdig, 'the last result'))).toBe('Quick Start Guide');
  });

  it('is what a click on its logo, an image that is no link, means', async () => {
    expect(said(await resolve(htdig, 'ht://Dig'))).toBe('ht://Dig 3.2.0b6');
  });
});
