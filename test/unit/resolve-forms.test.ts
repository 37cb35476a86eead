/**
 * Forms and app pages as people read them: a field named by the cell or text beside it, a label cell that stands
 * for its one field, a button that only shares its field's label, and a tab beside a table repeating its action.
 */
import { describe, expect, it } from 'vitest';
import { layoutRows } from '../../functions/core/resolve/evidence.js';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://app.test/admin', 'admin');
type Answer = Awaited<ReturnType<typeof offlineResolver.resolve>>;
const answerOf = (answer: Answer) => ('match' in answer ? answer.match.id : 'ambiguous' in answer ? 'several' : 'none');
const resolve = (snapshot: ReturnType<typeof page>, description: string, intent: 'click' | 'type' = 'click') =>
  offlineResolver.resolve(snapshot, description, { intent });
const at = (e: SnapshotElement, x: number, y: number, width = 60, height = 20): SnapshotElement => ({
  ...e,
  box: { x, y, width, height },
});

describe('a form laid out as a table', () => {
  // `<tr><th>Name</th><td><input></td></tr>`: the header cell is no `<label for>`, so the fields have no name.
  const form = page(
    at(el('h1', 'rowheader', 'System', { interactive: false, region: ['form', 'table'] }), 10, 100),
    at(el('f1', 'combobox', '', { row: 'System', value: 'MySQL', region: ['form', 'table'] }), 100, 100),
    at(el('h2', 'rowheader', 'id', { interactive: false, region: ['form', 'table'] }), 10, 130),
    at(el('f2', 'spinbutton', '', { row: 'id', editable: true, region: ['form', 'table'] }), 100, 130),
    at(el('h3', 'rowheader', 'author_id', { interactive: false, region: ['form', 'table'] }), 10, 160),
    at(el('f3', 'textbox', '', { row: 'author_id', editable: true, region: ['form', 'table'] }), 100, 160),
    at(el('f4', 'combobox', '', { near: 'Language:', value: 'English', region: ['form'] }), 100, 200),
    at(el('b4', 'button', 'Use', { near: 'Language:', type: 'submit', region: ['form'] }), 170, 200),
  );

  it('answers the field for its label cell: naming the label is naming the field', async () => {
    expect(answerOf(await resolve(form, 'System'))).toBe('f1');
  });

  it('prefers the field its label names whole to one whose label only contains the word', async () => {
    expect(answerOf(await resolve(form, 'id', 'type'))).toBe('f2');
    expect(answerOf(await resolve(form, 'author_id', 'type'))).toBe('f3');
  });

  it('answers the field, not the button after it that shares its label and says none of the words', async () => {
    expect(answerOf(await resolve(form, 'language'))).toBe('f4');
  });

  it('still asks when two fields share the label, or the label cell stands by several controls', async () => {
    const both = page(
      at(el('f0', 'combobox', '', { near: 'Language:' }), 100, 100),
      at(el('g0', 'combobox', '', { near: 'Language:' }), 170, 100),
      at(el('b0', 'button', 'Use', { near: 'Language:' }), 240, 100),
    );
    expect(answerOf(await resolve(both, 'language'))).toBe('several');
    // A data row: the row header "Solaris" stands by its Edit and Delete links, which are two things to choose.
    const rows = page(
      at(el('r1', 'rowheader', 'Solaris', { interactive: false, region: ['table'] }), 10, 100),
      at(el('c1', 'checkbox', '', { row: 'Solaris', region: ['table'] }), 100, 100),
      at(el('l1', 'link', 'Edit', { row: 'Solaris', href: '/edit/1', region: ['table'] }), 150, 100),
    );
    expect(answerOf(await resolve(rows, 'Solaris'))).not.toBe('c1');
  });
});

describe('a tab beside a table that repeats its action on every row', () => {
  const tabs = page(
    at(el('t1', 'link', 'Structure', { href: '/db?view=structure' }), 10, 40, 80, 26),
    at(el('t2', 'link', 'SQL', { href: '/db?view=sql' }), 95, 40, 46, 26),
    at(el('t3', 'link', 'Export', { href: '/db?view=export' }), 145, 40, 64, 26),
    at(el('a1', 'link', 'authors', { href: '/db?table=authors', region: ['table'] }), 10, 300),
    at(el('s1', 'link', 'SQL', { href: '/db?table=authors&action=sql', region: ['table'], row: 'authors' }), 500, 300),
    at(el('a2', 'link', 'books', { href: '/db?table=books', region: ['table'] }), 10, 320),
    at(el('s2', 'link', 'SQL', { href: '/db?table=books&action=sql', region: ['table'], row: 'books' }), 500, 320),
  );

  it('is the one link of that name outside the column of per-row copies', async () => {
    expect(answerOf(await resolve(tabs, 'the SQL tab'))).toBe('t2');
  });

  it('leaves the equals alone when no tab is asked for', async () => {
    expect(answerOf(await resolve(tabs, 'SQL'))).toBe('several');
  });

  it('is the one outside any table when the copies stand in rows of tables of records', async () => {
    // gitweb: a nav bar "summary | shortlog | log", then a tags table and a heads table, each row with its own
    // "shortlog | log" links, the two tables' columns at different places.
    const bars = page(
      at(el('t', 'link', 'shortlog', { href: '?a=shortlog', region: ['nav'] }), 93, 88),
      at(el('g', 'link', 'shortlog', { href: '?a=shortlog;h=v1', region: ['table'], row: 'v1.0' }), 234, 456),
      at(el('h', 'link', 'shortlog', { href: '?a=shortlog;h=master', region: ['table'], row: 'master' }), 179, 522),
    );
    expect(answerOf(await resolve(bars, 'the shortlog tab'))).toBe('t');
  });

  it('still asks when the copies stand in no column (each row its own place)', async () => {
    const scattered = page(
      at(el('t2', 'link', 'SQL', { href: '/db?view=sql' }), 95, 40),
      at(el('s1', 'link', 'SQL', { href: '/db?table=authors&action=sql' }), 500, 300),
      at(el('s2', 'link', 'SQL', { href: '/db?table=books&action=sql' }), 300, 420),
    );
    expect(answerOf(await resolve(scattered, 'the SQL tab'))).toBe('several');
  });
});

describe('a field described by the form around it', () => {
  // A query form: its legend says what it is for; the big text area has no label, the delimiter field has one.
  const form = page(
    at(
      el('q', 'textbox', '', { tag: 'textarea', editable: true, region: ['group Run SQL query on library'] }),
      10,
      100,
      900,
      300,
    ),
    at(
      el('d', 'textbox', '', { editable: true, near: 'Delimiter', region: ['group Run SQL query on library'] }),
      10,
      420,
    ),
    at(el('g', 'button', 'Go', { type: 'submit', region: ['group Run SQL query on library'] }), 80, 420),
    at(el('n', 'textbox', '', { editable: true, region: ['group Create new database'] }), 10, 500),
  );

  it('is the one field there without a label of its own that says other words', async () => {
    expect(answerOf(await resolve(form, 'the query box', 'type'))).toBe('q');
  });

  it('stays no answer when every field there is unlabelled', async () => {
    const bare = page(
      at(el('q', 'textbox', '', { editable: true, region: ['group Run SQL query on library'] }), 10, 100),
      at(el('d', 'textbox', '', { editable: true, region: ['group Run SQL query on library'] }), 10, 140),
    );
    expect(answerOf(await resolve(bare, 'the query box', 'type'))).toBe('none');
  });
});

describe('a page laid out in one big table', () => {
  // The sidebar cell's text ("Admin v1 Documentation") becomes the "row header" of everything in the content
  // cell, from the top of the page to the bottom.
  const sidebar = 'Admin v1 Documentation |';
  const layout = page(
    // The page's own link is a script's (`javascript:void`): only a stand-in for a true link.
    at(el('d', 'link', 'Documentation', { href: 'javascript:void', region: ['table'] }), 10, 20),
    at(el('l', 'link', 'library.sqlite', { href: '/db', region: ['table'], row: sidebar }), 300, 20),
    at(el('t', 'link', 'Structure', { href: '/db?view=structure', region: ['table'], row: sidebar }), 300, 60),
    at(el('n', 'textbox', '', { editable: true, near: 'Name:', region: ['table', 'form'], row: sidebar }), 300, 480),
  );

  it('reads no label in that row text, so it finds no rival for a word of the sidebar', async () => {
    expect(answerOf(await resolve(layout, 'the Documentation link'))).toBe('d');
  });

  it('still reads the row header of a table of data, whose row stands on one line', async () => {
    const data = page(
      at(el('r', 'rowheader', 'Documentation', { interactive: false, region: ['table'] }), 10, 100),
      at(el('e', 'link', 'Edit', { href: '/edit/7', region: ['table'], row: 'Documentation' }), 300, 100),
      at(el('x', 'link', 'Delete', { href: '/delete/7', region: ['table'], row: 'Documentation' }), 400, 100),
      at(el('o', 'link', 'Edit', { href: '/edit/8', region: ['table'], row: 'Other' }), 300, 130),
    );
    expect([...layoutRows(data.elements)]).toEqual([]);
    expect([...layoutRows(layout.elements)]).toEqual([sidebar]);
  });
});

describe('a link named by its own words', () => {
  it('wins over an equal that has words of its own and ties only by the text before it', async () => {
    // A hidden skip link, then the logo link whose "text before" is that skip link's text.
    const header = page(
      at(el('s', 'link', 'skip to content', { href: '#content', visible: false }), 0, 0),
      at(el('l', 'link', 'Acme Wiki', { href: '/', near: 'skip to content' }), 150, 28, 300, 35),
      at(el('x', 'link', 'Sitemap', { href: '/sitemap' }), 600, 28),
    );
    expect(answerOf(await resolve(header, 'skip to content'))).toBe('s');
  });

  it('still asks when the equal has no words of its own (an icon link)', async () => {
    const icons = page(
      at(el('s', 'link', 'skip to content', { href: '#content', visible: false }), 0, 0),
      at(el('i', 'link', '', { href: '/', near: 'skip to content' }), 150, 28),
    );
    expect(answerOf(await resolve(icons, 'skip to content'))).not.toBe('s');
  });
});

describe('a place word in the label of an unnamed field', () => {
  it('names the field: "search data in tables" is the box labelled so, though it sits in no table', async () => {
    // A search form whose legend is its label, above the list of tables it searches.
    const legend = ['search Search data in tables', 'group Search data in tables'];
    const form = page(
      at(el('q', 'searchbox', '', { editable: true, near: 'Search data in tables', region: legend }), 20, 200),
      at(el('s', 'button', 'Search', { near: 'Search data in tables', region: legend }), 200, 200),
      at(el('c', 'cell', 'Data Length', { interactive: false, region: ['table'] }), 260, 260),
      at(el('t', 'link', 'books', { href: '/?table=books', region: ['table'], row: 'books' }), 20, 290),
    );
    expect(answerOf(await resolve(form, 'search data in tables', 'type'))).toBe('q');
  });
});

describe('a word that can be a kind, said alone', () => {
  const media = page(
    at(el('t', 'radio', 'Thumbnails', { region: ['form'] }), 400, 300, 13, 13),
    at(el('r', 'radio', 'Rows', { region: ['form'] }), 500, 300, 13, 13),
    at(el('i1', 'img', '−'), 20, 400),
    at(el('i2', 'img', '−'), 20, 440),
  );

  it('names the option whose whole name it is, not every image', async () => {
    expect(answerOf(await resolve(media, 'Thumbnails'))).toBe('t');
  });

  it('still asks for the kind when the description says more than that word', async () => {
    expect(answerOf(await resolve(media, 'the Rows thumbnail'))).not.toBe('r');
  });
});

describe('a row of an editable grid known by the value its field holds', () => {
  // A table-structure form: one row per column of the table, each a name field, a type dropdown and buttons.
  const grid = page(
    ...['title', 'year'].flatMap((column, i) => {
      const y = 100 + 30 * i;
      const cell = { region: ['form', 'table'] };
      return [
        at(el(`n${i}`, 'textbox', 'Column name', { ...cell, value: column, editable: true }), 15, y, 180, 21),
        at(el(`t${i}`, 'combobox', 'Type', { ...cell, value: 'text' }), 200, y, 100, 21),
        at(el(`u${i}`, 'button', '↑', { ...cell, title: 'Move up' }), 1000, y, 18, 21),
      ];
    }),
  );

  it('answers the control of that row that says the rest', async () => {
    expect(answerOf(await resolve(grid, 'move year up'))).toBe('u1');
    expect(answerOf(await resolve(grid, 'the type of the title column'))).toBe('t0');
    expect(answerOf(await resolve(grid, 'the name of the year column', 'type'))).toBe('n1');
  });

  it('abstains when two fields hold the value', async () => {
    const twice = page(
      ...grid.elements,
      at(
        el('x', 'textbox', 'Default value', { region: ['form', 'table'], value: 'year', editable: true }),
        400,
        130,
        100,
        21,
      ),
    );
    expect(['none', 'several']).toContain(answerOf(await resolve(twice, 'move year up')));
  });
});

describe('a row named by a link on it', () => {
  // A list of tables: each row a name link and a "Drop" link; no header cell names the rows. Above it, the
  // app's menu (words on most of the page make the rows' words the rare ones).
  const menu = ['Structure', 'SQL', 'Export', 'Import', 'Vacuum', 'Rename', 'Delete', 'Create'];
  const rows = page(
    ...menu.map((name, i) => at(el(`m${i}`, 'link', name, { href: `?view=${name}` }), 10 + 80 * i, 40)),
    ...['authors', 'books', 'recent_books'].flatMap((table, i) => {
      const y = 350 + 17 * i;
      return [
        at(el(`n${i}`, 'link', table, { href: `?table=${table}`, region: ['table'] }), 340, y, 60, 14),
        at(el(`b${i}`, 'link', 'Browse', { href: `?table=${table}&action=browse`, region: ['table'] }), 500, y, 40, 14),
        at(el(`e${i}`, 'link', 'Empty', { href: `?table=${table}&action=empty`, region: ['table'] }), 700, y, 40, 14),
        at(el(`d${i}`, 'link', 'Drop', { href: `?table=${table}&action=drop`, region: ['table'] }), 817, y, 29, 14),
      ];
    }),
  );

  it('answers the control on the one row something is named by the rest of the words', async () => {
    expect(answerOf(await resolve(rows, 'Drop in the books row'))).toBe('d1');
  });

  it('still asks when no row has something of that whole name', async () => {
    expect(['none', 'several']).toContain(answerOf(await resolve(rows, 'Drop in the recent row')));
  });
});

describe('"sign in" where a log-in form is shown', () => {
  const at = (y: number, e: SnapshotElement, region: string[]) => ({
    ...e,
    box: { x: 40, y, width: 120, height: 20 },
    region,
  });
  const form = ['table', 'form', 'table'];
  const menu = [
    at(40, el('home', 'link', 'Home', { href: '/index.php' }), ['table']),
    at(150, el('login', 'link', 'login', { href: '/cmd.php?cmd=login_form' }), ['table']),
  ];
  const loginPage = pageAt('http://directory.test/cmd.php?cmd=login_form', 'Directory')(
    ...menu,
    at(220, el('dn', 'textbox', '', { editable: true, near: 'Login DN:' }), form),
    at(280, el('pw', 'textbox', '', { editable: true, type: 'password', near: 'Password:' }), form),
    at(350, el('go', 'button', 'Authenticate'), form),
  );

  it("is the form's button, not the menu's link to the log-in page", async () => {
    expect(said(await resolveClick(loginPage, 'sign in'))).toBe('Authenticate');
    expect(said(await resolveClick(loginPage, 'log in'))).toBe('Authenticate');
  });

  it('is the link where no password is asked for, or when the link is asked for', async () => {
    const home = pageAt('http://directory.test/', 'Directory')(...menu);
    expect(said(await resolveClick(home, 'sign in'))).toBe('login');
    expect(said(await resolveClick(loginPage, 'the login link'))).toBe('login');
  });
});

describe('a click that opens with a verb of its own', () => {
  const form = ['form'];
  const at = (y: number, e: SnapshotElement) => ({ ...e, box: { x: 40, y, width: 200, height: 20 }, region: form });
  const backend = pageAt('http://monitor.test/setup', 'Setup')(
    at(100, el('name', 'textbox', 'Backend Name', { editable: true })),
    at(140, el('pattern', 'textbox', 'Filter Pattern', { editable: true })),
    at(200, el('validate', 'button', 'Validate Configuration')),
  );

  it('is not the text field that shares its other words', async () => {
    expect(said(await resolveClick(backend, 'check the backend'))).toBe('none');
  });

  it('still takes the field when the verb asks for it, or the word is its own', async () => {
    expect(said(await resolveClick(backend, 'click the backend name'))).toBe('Backend Name');
    expect(said(await resolveClick(backend, 'filter pattern'))).toBe('Filter Pattern');
  });
});

describe('a kind the page shows nothing of', () => {
  // A manual of control fields: "field" is a term of the document, and the page has no form at all.
  const manual = pageAt('http://docs.test/policy/ch-controlfields.html', 'Control files and their fields')(
    el('h', 'heading', '5.6. List of fields', { interactive: false }),
    el('m', 'link', 'Maintainer', { href: '#maintainer' }),
    el('u', 'link', 'Uploaders', { href: '#uploaders' }),
    el('v', 'link', 'Standards-Version', { href: '#standards-version' }),
  );

  it('is a word of the name for the links a document names its terms by', async () => {
    expect(said(await resolveClick(manual, 'the Maintainer field'))).toBe('Maintainer');
    expect(said(await resolveClick(manual, 'the Uploaders field'))).toBe('Uploaders');
  });

  it("still holds a form's controls to the kind", async () => {
    const log = pageAt('http://repo.test/log', 'log')(
      el('q', 'textbox', '', { editable: true, attributes: 'rev', region: ['form search'] }),
      el('t', 'link', 'tags', { href: '/tags' }),
    );
    expect(said(await resolveClick(log, 'the search button'))).toBe('none');
  });
});

describe('an ordinal over the fields of a form', () => {
  const at = (y: number, e: SnapshotElement) => ({ ...e, box: { x: 40, y, width: 200, height: 20 }, region: ['form'] });
  const database = pageAt('http://monitor.test/setup/database', 'Database resource')(
    at(40, el('help', 'link', 'Help', { href: '/help' })),
    at(100, el('name', 'textbox', 'Resource Name', { editable: true })),
    at(140, el('port', 'spinbutton', 'Port', { editable: true })),
    at(180, el('host', 'textbox', 'Host', { editable: true })),
    at(220, el('ssl', 'checkbox', 'Use SSL')),
    at(260, el('save', 'checkbox', 'Save password')),
  );

  it('counts every field alike, a number box among text boxes', async () => {
    expect(said(await resolveClick(database, 'the first field of the form'))).toBe('Resource Name');
    expect(said(await resolveClick(database, 'the second field'))).toBe('Port');
  });

  it('counts every element of a kind on the page', async () => {
    expect(said(await resolveClick(database, 'the first checkbox on the page'))).toBe('Use SSL');
    expect(said(await resolveClick(database, 'the last checkbox on the page'))).toBe('Save password');
  });
});
