/**
 * Answer checks on what the description says and the match does not: a thing missing from the page, words only
 * around a link, an opposite step, a list's title or a sequence's steps counted as items, a part named after a
 * heading inside a bigger region, and a table row's value standing for the control in its row.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt } from '../support/hand-made-snapshot.js';

const page = pageAt('http://app.test/admin', 'admin');
type Answer = Awaited<ReturnType<typeof offlineResolver.resolve>>;
const said = (answer: Answer) => ('match' in answer ? answer.match.name : 'ambiguous' in answer ? 'several' : 'none');
const resolve = (snapshot: ReturnType<typeof page>, description: string, intent: 'click' | 'type' = 'click') =>
  offlineResolver.resolve(snapshot, description, { intent });
/** Elements side by side in one table row (the same top, the same height). */
const inRow = (y: number, ...elements: SnapshotElement[]) =>
  elements.map((e, i) => ({ ...e, box: { x: 20 + 150 * i, y, width: 140, height: 24 }, region: ['table'] }));

describe('what the match does not say', () => {
  const forms = page(
    el('e0', 'heading', 'Create New Database', { region: ['main'] }),
    el('e1', 'textbox', '', { editable: true, region: ['main', 'form'] }),
    el('e2', 'button', 'Create', { type: 'submit', region: ['main', 'form'] }),
    el('e3', 'button', 'Show :', { type: 'submit', region: ['main', 'form'] }),
    el('e4', 'link', 'OPML', { href: '/?a=opml', region: ['footer'] }),
  );

  it('is no match when the thing acted on is nowhere on the page: the action alone is there', async () => {
    expect(said(await resolve(forms, 'create index'))).toBe('none');
  });

  it('is no match when the form asked for ("as a chart") is nowhere on the page', async () => {
    expect(said(await resolve(forms, 'show as a chart'))).toBe('none');
  });

  it('passes a kind of thing said after its name ("the OPML feed")', async () => {
    expect(said(await resolve(forms, 'the OPML feed'))).toBe('OPML');
  });

  it('is no match when a link carries none of the words, only the sentence before it', async () => {
    const prose = page(
      el('e0', 'link', 'Documentation Project', { href: 'https://example.org/ddp', near: 'Following a suggestion' }),
      el('e1', 'link', 'Contents', { href: '/index.html' }),
    );
    expect(said(await resolve(prose, 'next'))).toBe('none');
    // A field's text before it is its label: that one is found by it.
    const form = page(el('e0', 'textbox', '', { editable: true, near: 'Following' }));
    expect(said(await resolve(form, 'following', 'type'))).toBe('');
  });

  it('is no next link when its own words also say previous (arrows both ways)', async () => {
    const toggle = page(
      el('e0', 'link', '← T →', { href: '/browse?full=1' }),
      el('e1', 'link', 'Browse', { href: '/browse' }),
    );
    expect(said(await resolve(toggle, 'next page'))).toBe('none');
    const pager = page(
      el('e0', 'link', 'Next →', { href: '/browse?page=2' }),
      el('e1', 'link', 'Browse', { href: '/browse' }),
    );
    expect(said(await resolve(pager, 'next page'))).toBe('Next →');
  });
});

describe('a word one letter from another', () => {
  const book = pageAt('http://docs.test/index.html', 'Handbook')(
    el('c1', 'link', '4.2.15. Selecting Packages to Install', { href: 'sect.installation-steps.html#id-1' }),
    el('c2', 'link', '4.2.16. Debian Package Popularity Contest', { href: 'sect.installation-steps.html#id-2' }),
    el('c3', 'link', '4.2.17. Installing the GRUB Bootloader', { href: 'sect.installation-steps.html#id-3' }),
  );

  it('is another word: "the Contents link" is not the Popularity Contest', async () => {
    expect(said(await resolve(book, 'the Contents link'))).toBe('none');
  });

  it('still finds the word itself, and a longer form of it', async () => {
    expect(said(await resolve(book, 'the popularity contest'))).toBe('4.2.16. Debian Package Popularity Contest');
    expect(said(await resolve(book, 'the GRUB boot loader link'))).toBe('4.2.17. Installing the GRUB Bootloader');
  });
});

describe('an ordinal over what is no list', () => {
  it('does not count a Previous and a Next link as chapters', async () => {
    const nav = page(
      el('e0', 'link', 'Quickstart', { href: '/quickstart', title: 'previous chapter', rel: 'previous' }),
      el('e1', 'link', 'Project Layout', { href: '/layout', title: 'next chapter', rel: 'next' }),
    );
    expect(said(await resolve(nav, 'the last chapter'))).toBe('several');
  });

  it('does not take a list title in the plural for the first of its items', async () => {
    const contents = page(
      el('e0', 'link', 'Configuration Basics', { href: '#basics' }),
      el('e1', 'link', 'Builtin Configuration Values', { href: '#builtin' }),
      el('e2', 'link', 'ENV', { href: '#ENV', heading: 'Builtin Configuration Values' }),
    );
    expect(said(await resolve(contents, 'the first builtin configuration value'))).toBe('none');
    // "First name" with one field of that name is that field.
    const form = page(
      el('e0', 'textbox', 'First name', { editable: true }),
      el('e1', 'textbox', 'Email', { editable: true }),
    );
    expect(said(await resolve(form, 'the first name field', 'type'))).toBe('First name');
  });

  it('counts under the heading a part is named after, not in the whole box named after it', async () => {
    const sidebar = ['aside main navigation', 'aside Contents'];
    const box = page(
      el('e0', 'heading', 'Contents', { region: sidebar }),
      el('e1', 'link', 'Routing', { href: '#routing', heading: 'Contents', region: sidebar }),
      el('e2', 'link', 'Deploying', { href: '#deploying', heading: 'Contents', region: sidebar }),
      el('e3', 'heading', 'Navigation', { region: sidebar }),
      el('e4', 'link', 'Tutorial', { href: '/tutorial', heading: 'Navigation', region: sidebar }),
    );
    expect(said(await resolve(box, 'the last entry in the contents'))).toBe('Deploying');
  });
});

describe('a table row', () => {
  const rows = page(
    ...inRow(
      100,
      el('e0', 'link', 'edit', { href: '?edit&id=1' }),
      el('e1', 'cell', 'Dune', { interactive: false, row: 'edit' }),
    ),
    ...inRow(
      130,
      el('e2', 'link', 'edit', { href: '?edit&id=2' }),
      el('e3', 'cell', 'Solaris', { interactive: false, row: 'edit' }),
    ),
    ...inRow(
      160,
      el('e4', 'link', 'authors', { href: '?table=authors&action=browse' }),
      el('e5', 'link', 'Browse', { href: '?table=authors&action=browse' }),
      el('e6', 'link', 'Structure', { href: '?table=authors&action=structure' }),
    ),
    ...inRow(
      190,
      el('e7', 'link', 'books', { href: '?table=books&action=browse' }),
      el('e8', 'link', 'Browse', { href: '?table=books&action=browse' }),
      el('e9', 'link', 'Structure', { href: '?table=books&action=structure' }),
    ),
  );

  it('reads a value and an action word as the control of that name in the value’s row', async () => {
    const answer = await resolve(rows, 'edit Solaris');
    expect('match' in answer && answer.match.id).toBe('e2');
  });

  it('reads "the X of <row>" as the X in that row, not the row’s name', async () => {
    const answer = await resolve(rows, 'the structure of the authors table');
    expect('match' in answer && answer.match.id).toBe('e6');
  });

  it('asks which when the row holds no control of that name', async () => {
    const search = page(
      ...inRow(
        100,
        el('e0', 'cell', 'author_id', { interactive: false }),
        el('e1', 'combobox', '', { attributes: 'field_2_operator' }),
        el('e2', 'textbox', '', { editable: true, attributes: 'field_2_value' }),
      ),
    );
    expect(said(await resolve(search, 'the operator for author_id'))).toBe('several');
  });
});

describe('a table part asked for', () => {
  const search = page(
    el('e0', 'link', 'Search', { href: '#fieldset-search' }),
    el('e1', 'combobox', '', { region: ['search'] }),
    el('e2', 'searchbox', '', { editable: true, region: ['search'] }),
  );

  it('is no link elsewhere when the description is about a column', async () => {
    expect(said(await resolve(search, 'the column to search in'))).toBe('none');
  });

  it('still lets a leading verb act on a column, and a column name a place', async () => {
    const columns = page(
      ...inRow(100, el('e0', 'cell', 'year', { interactive: false }), el('e1', 'link', 'Edit', { href: '?edit=year' })),
    );
    const answer = await resolve(columns, 'edit the year column');
    expect('match' in answer && answer.match.id).toBe('e1');
  });
});

describe('a relation to a contents entry', () => {
  it('looks under the heading the entry points to, as well as under the entry', async () => {
    const sidebar = ['aside'];
    const snapshot = page(
      el('e0', 'link', 'Additional Notes', {
        href: '#notes',
        region: sidebar,
        box: { x: 0, y: 40, width: 120, height: 20 },
      }),
      el('e1', 'link', 'Jinja documentation', {
        href: 'https://jinja.test/',
        box: { x: 150, y: 70, width: 150, height: 20 },
      }),
      el('e2', 'heading', 'Additional Notes', {
        attributes: 'notes',
        box: { x: 150, y: 2000, width: 600, height: 30 },
      }),
      el('e3', 'link', 'Design Decisions', { href: '/design.html', box: { x: 150, y: 2040, width: 150, height: 20 } }),
      el('e4', 'link', 'Thread Locals', {
        href: '/design.html#locals',
        box: { x: 150, y: 2070, width: 150, height: 20 },
      }),
    );
    const answer = await resolve(snapshot, 'the first link under Additional Notes');
    expect('match' in answer && answer.match.id).toBe('e3');
  });
});

describe('a row named by its value, with no match found', () => {
  const rows = page(
    ...inRow(
      100,
      el('e0', 'checkbox', ''),
      el('e1', 'link', 'Edit', { href: '?pk=1&type=edit' }),
      el('e2', 'link', 'Delete', { href: '?pk=1&type=delete' }),
      el('e3', 'cell', 'Dune', { interactive: false }),
    ),
    ...inRow(
      130,
      el('e4', 'checkbox', ''),
      el('e5', 'link', 'Edit', { href: '?pk=2&type=edit' }),
      el('e6', 'link', 'Delete', { href: '?pk=2&type=delete' }),
      el('e7', 'cell', 'Things Fall Apart', { interactive: false }),
    ),
  );

  it('takes the control in the value’s row that says the rest', async () => {
    const answer = await resolve(rows, 'delete the row for Things Fall Apart');
    expect('match' in answer && answer.match.id).toBe('e6');
  });

  it('takes the one control of the kind named in that row', async () => {
    const answer = await resolve(rows, 'the checkbox for Dune');
    expect('match' in answer && answer.match.id).toBe('e0');
  });

  it('keeps the abstention when the row holds no such control', async () => {
    expect(said(await resolve(rows, 'archive the row for Dune'))).toBe('none');
  });
});

describe('what a table and a list title say of their items', () => {
  const team = page(
    ...inRow(
      60,
      el('h1', 'columnheader', 'Name', { interactive: false }),
      el('h2', 'button', 'Email', { region: ['table Members'] }),
      el('h3', 'columnheader', 'Role', { interactive: false }),
    ),
    ...inRow(
      100,
      el('r1', 'rowheader', 'Dave Lee', { interactive: false }),
      el('c1', 'cell', 'dave@example.com', { interactive: false, row: 'Dave Lee', column: 'Email' }),
      el('c2', 'cell', 'Admin', { interactive: false, row: 'Dave Lee', column: 'Role' }),
      el('b1', 'button', 'Edit'),
      el('b2', 'button', 'Delete'),
    ),
  );

  it('reads a cell by its row and column headers, not as a value standing for a control in its row', async () => {
    expect(said(await resolve(team, "Dave Lee's role"))).toBe('Admin');
  });

  it('takes a control inside a table header for the column asked for', async () => {
    const header = page(
      el('s1', 'button', 'Email', { region: ['table Members'] }),
      el('s2', 'button', 'Name', { region: ['table Members'] }),
      el('x', 'link', 'Email us', { region: ['footer'] }),
    );
    expect(said(await resolve(header, 'the Email column header'))).toBe('Email');
  });

  it('counts the links a label before them titles ("Tags: a b c"), though the label is not theirs', async () => {
    const tags = page(
      el('p', 'link', 'Read more', { href: '/post' }),
      el('t1', 'link', 'JavaScript', { href: '/t/js', near: 'Tags:' }),
      el('t2', 'link', 'Node.js', { href: '/t/node', near: 'Tags:' }),
      el('t3', 'link', 'Async', { href: '/t/async', near: 'Tags:' }),
    );
    expect(said(await resolve(tags, 'the last tag'))).toBe('Async');
  });
});
