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
