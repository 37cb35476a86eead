/**
 * The offline resolver on parts of a page named after "in" ("the first link in the table of contents"), on a
 * control named inside another control, on an ordinal met only by a list's heading, and on "text area".
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { scopeOf } from '../../functions/core/resolve/scope.js';
import { el, pageAt } from '../support/hand-made-snapshot.js';

const page = pageAt('http://wiki.test/index.php/Release_notes', 'Release notes');
const matchName = (answer: Awaited<ReturnType<typeof offlineResolver.resolve>>) =>
  'match' in answer ? answer.match.name : 'ambiguous' in answer ? 'several' : 'none';

describe('parts of a page named after "in"', () => {
  const contents = ['nav Contents'];
  const snapshot = page(
    el('e0', 'link', 'Page', {
      href: '/index.php/Release_notes',
      title: 'View the content page [c]',
      region: ['nav Namespaces'],
    }),
    el('e1', 'heading', 'Contents', { region: contents }),
    el('e2', 'link', '1 MediaWiki 1.39', { href: '#MediaWiki_1.39', region: contents, heading: 'Contents' }),
    el('e3', 'link', '1.1 Changes', { href: '#Changes', region: contents, heading: 'Contents' }),
    el('e4', 'link', '1.2 Bug fixes', { href: '#Bug_fixes', region: contents, heading: 'Contents' }),
    el('e5', 'heading', 'Changes edit', { attributes: 'Changes' }),
    el('e6', 'link', 'edit', { href: '/index.php?action=edit&section=1', heading: 'Changes edit' }),
    el('e7', 'heading', 'Bug fixes edit', { attributes: 'Bug_fixes' }),
    el('e8', 'link', 'edit', { href: '/index.php?action=edit&section=2', heading: 'Bug fixes edit' }),
  );

  it('counts the links of the part named, not whatever else has the word', async () => {
    expect(matchName(await offlineResolver.resolve(snapshot, 'the first link in the contents'))).toBe(
      '1 MediaWiki 1.39',
    );
    expect(matchName(await offlineResolver.resolve(snapshot, 'the third entry in the table of contents'))).toBe(
      '1.2 Bug fixes',
    );
  });

  it('finds the link under the heading of the section named', async () => {
    const answer = await offlineResolver.resolve(snapshot, 'the edit link of the bug fixes section');
    expect('match' in answer && answer.match.id).toBe('e8');
  });

  it('reads no part when the words are a kind, a region, a number or a quote', () => {
    expect(scopeOf('the Foo link in the sidebar')).toBeUndefined();
    expect(scopeOf("what's new in 3.11")).toBeUndefined();
    expect(scopeOf('Delete in "Bob Smith" row')).toBeUndefined();
    expect(scopeOf('the first link in the table of contents')?.stems).toEqual(['content']);
  });

  it('reads the description whole when no part of the page carries the words', async () => {
    const rows = page(
      el('r1', 'button', 'Delete', { row: 'Ann Lee' }),
      el('r2', 'button', 'Delete', { row: 'Bob Smith' }),
    );
    const answer = await offlineResolver.resolve(rows, 'Delete in the Bob Smith row');
    expect('match' in answer && answer.match.id).toBe('r2');
  });
});

describe('controls inside controls, lists by their heading, many-line fields', () => {
  it('offers a toggle and the link it holds as several when the description names the inner link', async () => {
    const snapshot = page(
      el('t', 'button', 'source pub fn push (&mut self, value: T)', { tag: 'summary' }),
      el('s', 'link', 'source', { href: '../src/vec.rs.html#1760', parent: 't' }),
      el('n', 'link', 'push', { href: '#method.push', parent: 't' }),
    );
    const answer = await offlineResolver.resolve(snapshot, 'the source of push');
    expect('ambiguous' in answer && answer.candidates.map((c) => c.id)).toEqual(['t', 's']);
  });

  it('does not click a heading for "the first result" when only the heading has the word', async () => {
    // The search form's tabs stand in a row, drawn taller than the one result below them: no list to count.
    const snapshot = page(
      el('h', 'heading', 'Search results', { box: { x: 200, y: 100, width: 800, height: 30 } }),
      el('a', 'link', 'Content pages', { heading: 'Search results', box: { x: 206, y: 204, width: 116, height: 36 } }),
      el('c', 'link', 'Everything', { heading: 'Search results', box: { x: 322, y: 204, width: 90, height: 36 } }),
      el('b', 'link', 'Upgrading', { heading: 'Search results', box: { x: 201, y: 288, width: 83, height: 19 } }),
    );
    expect(matchName(await offlineResolver.resolve(snapshot, 'the first result'))).toBe('none');
  });

  it('takes "the text area" for the many-line field, not a one-line search box', async () => {
    const snapshot = page(
      el('q', 'searchbox', 'Search the wiki', { tag: 'input', editable: true }),
      el('w', 'textbox', 'Wikitext source editor', { tag: 'textarea', editable: true }),
      el('s', 'textbox', 'Summary:', { editable: true }),
    );
    const answer = await offlineResolver.resolve(snapshot, 'the text area', { intent: 'type' });
    expect('match' in answer && answer.match.id).toBe('w');
  });
});

describe('code names', () => {
  const snapshot = page(
    el('c', 'link', 'capacity', { href: '#method.capacity' }),
    el('w', 'link', 'with_capacity', { href: '#method.with_capacity' }),
    el('i', 'link', 'with_capacity_in', { href: '#method.with_capacity_in' }),
    el('s', 'link', 'sort', { href: '#method.sort' }),
    el('b', 'link', 'sort_by', { href: '#method.sort_by' }),
  );

  it('finds a snake_case name written whole, not a name that has only its last word', async () => {
    expect(matchName(await offlineResolver.resolve(snapshot, 'with_capacity'))).toBe('with_capacity');
  });

  it('counts the stop words inside a code name, so "sort" is not "sort_by"', async () => {
    expect(matchName(await offlineResolver.resolve(snapshot, 'the sort method'))).toBe('sort');
  });
});

describe("a site's first page", () => {
  it('reads "the home page" as the link a wiki calls its main page', async () => {
    const snapshot = page(
      el('m', 'link', 'Main page', { href: '/index.php/Main_Page', region: ['nav Navigation'] }),
      el('h', 'link', 'View history', { href: '/index.php?action=history' }),
      el('r', 'link', 'Random page', { href: '/index.php/Special:Random' }),
    );
    expect(matchName(await offlineResolver.resolve(snapshot, 'go to the home page'))).toBe('Main page');
  });
});

describe('the entry an element belongs to', () => {
  const at = (x: number, y: number) => ({ box: { x, y, width: 60, height: 20 } });
  it('counts the entries of a list down the column its repeated links stand in, not a copy in the navigation', async () => {
    const snapshot = page(
      el('nav', 'link', 'commitdiff', { href: '?a=commitdiff', ...at(300, 40) }),
      el('c1', 'link', 'commitdiff', { href: '?a=commitdiff;h=1', ...at(900, 200) }),
      el('c2', 'link', 'commitdiff', { href: '?a=commitdiff;h=2', ...at(900, 260) }),
      el('c3', 'link', 'commitdiff', { href: '?a=commitdiff;h=3', ...at(900, 320) }),
    );
    const first = await offlineResolver.resolve(snapshot, 'the commitdiff of the first entry');
    expect('match' in first && first.match.id).toBe('c1');
    const last = await offlineResolver.resolve(snapshot, 'the commitdiff of the last entry');
    expect('match' in last && last.match.id).toBe('c3');
  });

  it('answers several when two columns repeat the link', async () => {
    const snapshot = page(
      el('a1', 'link', 'diff', { href: '?d=1', ...at(100, 200) }),
      el('a2', 'link', 'diff', { href: '?d=2', ...at(100, 260) }),
      el('b1', 'link', 'diff', { href: '?d=3', ...at(700, 200) }),
      el('b2', 'link', 'diff', { href: '?d=4', ...at(700, 260) }),
    );
    expect(matchName(await offlineResolver.resolve(snapshot, 'the diff of the first entry'))).toBe('several');
  });
});

describe('a part of the page scrolled to', () => {
  const footed = pageAt('http://docs.test/tutorial.html', 'Tutorial')(
    el('n1', 'link', 'Python', { href: '/', region: ['nav'] }),
    el('p1', 'paragraph', 'More Control Flow Tools', { interactive: false, region: ['main'] }),
    el('f1', 'link', 'Copyright', { href: '/copyright.html', region: ['footer'] }),
    el('f2', 'link', 'History and License', { href: '/license.html', region: ['footer'] }),
    el('f3', 'link', 'Found a bug?', { href: '/bugs.html', region: ['footer'] }),
  );

  it('is the first of its elements when the description names only the part', async () => {
    const answer = await offlineResolver.resolve(footed, 'the footer', { intent: 'scroll' });
    expect('match' in answer && answer.match.id).toBe('f1');
  });

  it('stays a question for a click, which needs one element', async () => {
    expect('ambiguous' in (await offlineResolver.resolve(footed, 'the footer', { intent: 'click' }))).toBe(true);
  });
});

describe('a navigation bar the page repeats', () => {
  const img = (id: string, region: string) =>
    el(id, 'img', 'python logo', { interactive: false, heading: 'Navigation', region: [region] });
  const twice = pageAt('http://docs.test/tutorial.html', 'Tutorial')(
    img('top', 'nav related navigation'),
    el('t', 'paragraph', 'More Control Flow Tools', { interactive: false, region: ['main'] }),
    img('bottom', 'nav related navigation'),
  );

  it('shows one picture twice: either copy is the answer, the other named with it', async () => {
    const answer = await offlineResolver.resolve(twice, 'the python logo image', { intent: 'hover' });
    expect('match' in answer && answer.match.id).toBe('top');
    expect('match' in answer && answer.equivalents?.map((e) => e.id)).toEqual(['bottom']);
  });

  it('but two like pictures in the content are two things to choose from', async () => {
    const gallery = pageAt('http://docs.test/gallery.html', 'Gallery')(img('a', 'main'), img('b', 'main'));
    expect('ambiguous' in (await offlineResolver.resolve(gallery, 'the python logo image', { intent: 'hover' }))).toBe(
      true,
    );
  });
});
