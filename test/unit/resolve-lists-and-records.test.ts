/**
 * General readings of real page structure, on hand-made pages: lists counted by the kind of their items ("the first
 * result", "the second printer"); a table row whose one control is a link, and a form row's label cell; an unnamed
 * field in a search; "under" a heading, "in the menu", a website, and word forms as written. Each case stands
 * beside one where the same reading must not answer, because counting in the wrong list or clicking the wrong row
 * is a wrong action.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { el, pageAt, placed as at, resolveClick as resolve, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://app.test/printers', 'Printers');
const text = { interactive: false };

/** A menu down the left, and a table of printers under its heading, one link per row. */
const printers = page(
  at(20, 40, el('m1', 'link', 'Home', { href: '/' }), ['nav']),
  at(20, 70, el('m2', 'link', 'Jobs', { href: '/jobs' }), ['nav']),
  at(20, 100, el('m3', 'link', 'Help', { href: '/help' }), ['nav']),
  at(200, 40, el('h', 'heading', 'Printers', text)),
  at(200, 80, el('c0', 'columnheader', 'Queue Name', { ...text, heading: 'Printers' }), ['main', 'table']),
  at(400, 80, el('c1', 'columnheader', 'Status', { ...text, heading: 'Printers' }), ['main', 'table']),
  ...[
    ['Label_Maker', 'Paused'],
    ['Office_Laser', 'Idle'],
    ['Plotter', 'Printing'],
  ].flatMap(([name, status], i) => [
    at(
      200,
      110 + 30 * i,
      el(`p${i}`, 'link', name, { href: `/printers/${name}`, heading: 'Printers', column: 'Queue Name' }),
      ['main', 'table'],
    ),
    at(400, 110 + 30 * i, el(`s${i}`, 'cell', status, { ...text, heading: 'Printers', row: name, column: 'Status' }), [
      'main',
      'table',
    ]),
  ]),
);

describe('counting a list by the kind of its items', () => {
  it('counts the list its heading says holds the kind, not the menu beside it', async () => {
    expect(said(await resolve(printers, 'the second printer'))).toBe('Office_Laser');
    expect(said(await resolve(printers, 'the last printer'))).toBe('Plotter');
  });

  it('says none past the end of the list, never an item of another list', async () => {
    expect(said(await resolve(printers, 'the fifth printer'))).not.toMatch(/Home|Jobs|Help|Label|Office|Plotter/);
  });

  it('counts the items that say the kind where they lead, leaving out those of another kind', async () => {
    const files = pageAt('http://app.test/dir', 'Files')(
      at(40, 100, el('d1', 'link', 'docs', { href: '/dir?name=docs' })),
      at(40, 130, el('f1', 'link', 'Makefile', { href: '/file?name=Makefile' })),
      at(40, 160, el('f2', 'link', 'README', { href: '/file?name=README' })),
      at(40, 190, el('f3', 'link', 'main.c', { href: '/file?name=main.c' })),
    );
    expect(said(await resolve(files, 'the first file'))).toBe('Makefile');
    expect(said(await resolve(files, 'the last file in the list'))).toBe('main.c');
  });

  it('counts a short list whose column header names the kind, and skips a column of copies', async () => {
    const tags = pageAt('http://app.test/tags', 'Tags')(
      at(20, 40, el('m1', 'link', 'log', { href: '/log' })),
      at(20, 70, el('m2', 'link', 'branches', { href: '/branches' })),
      at(20, 100, el('m3', 'link', 'help', { href: '/help' })),
      at(120, 40, el('c', 'columnheader', 'tag', text), ['main', 'table']),
      at(120, 70, el('t1', 'link', 'tip', { href: '/rev/tip', column: 'tag' }), ['main', 'table']),
      at(120, 100, el('t2', 'link', '1.0', { href: '/rev/1.0', column: 'tag' }), ['main', 'table']),
    );
    expect(said(await resolve(tags, 'the first tag'))).toBe('tip');
    expect(said(await resolve(tags, 'the last tag'))).toBe('1.0');
    const functions = pageAt('http://app.test/base64', 'Base64')(
      at(20, 40, el('h', 'heading', 'Functions', text)),
      ...['encode_step', 'encode_close', 'decode'].flatMap((name, i) => [
        at(20, 80 + 24 * i, el(`r${i}`, 'link', 'gsize', { href: '/types#gsize', heading: 'Functions' }), ['table']),
        at(200, 80 + 24 * i, el(`f${i}`, 'link', name, { href: `#${name}`, heading: 'Functions' }), ['table']),
      ]),
    );
    expect(said(await resolve(functions, 'the first function'))).toBe('encode_step');
    expect(said(await resolve(functions, 'the last function in the list'))).toBe('decode');
  });

  it('takes a folder for a directory', async () => {
    const files = pageAt(
      'http://app.test/files',
      'Files',
    )(
      ...['dir. docs/', 'dir. src/', 'file README'].map((name, i) =>
        at(40, 100 + 20 * i, el(`x${i}`, 'link', name, { href: `/file/tip/${name.split(' ')[1]}` }), ['main', 'table']),
      ),
    );
    expect(said(await resolve(files, 'the first folder'))).toBe('dir. docs/');
    expect(said(await resolve(files, 'the last folder'))).toBe('dir. src/');
  });

  it('does not take a menu entry that says the kind for a list of that kind', async () => {
    const menu = pageAt('http://app.test/', 'Home')(
      at(20, 40, el('a', 'link', 'Timeline', { href: '/timeline' }), ['nav']),
      at(20, 70, el('b', 'link', 'Tickets', { href: '/tickets' }), ['nav']),
      at(20, 100, el('c', 'link', 'New Ticket', { href: '/tktnew' }), ['nav']),
      at(20, 130, el('d', 'link', 'Wiki', { href: '/wiki' }), ['nav']),
      at(20, 160, el('e', 'link', 'Files', { href: '/dir' }), ['nav']),
    );
    expect(said(await resolve(menu, 'the first ticket'))).not.toBe('New Ticket');
  });

  it('counts "the first result" in the list a search made, and asks where no one list is the main one', async () => {
    const results = pageAt('http://app.test/search?q=tom', 'Search')(
      at(20, 40, el('n1', 'link', 'log', { href: '/log' })),
      at(20, 70, el('n2', 'link', 'graph', { href: '/graph' })),
      at(20, 100, el('n3', 'link', 'tags', { href: '/tags' })),
      at(300, 60, el('h', 'heading', "searching for 'tom'", text)),
      ...['Skip watering', 'Describe the schedule', 'List the beds'].map((name, i) =>
        at(300, 100 + 24 * i, el(`r${i}`, 'link', name, { href: `/rev/${i}`, heading: "searching for 'tom'" }), [
          'main',
          'table',
        ]),
      ),
    );
    expect(said(await resolve(results, 'the first result'))).toBe('Skip watering');
    expect(said(await resolve(results, 'the last result'))).toBe('List the beds');
    const two = pageAt('http://app.test/', 'Index')(
      ...['a', 'b', 'c'].map((n, i) =>
        at(20, 100 + 24 * i, el(`x${i}`, 'link', `Left ${n}`, { href: `/l/${n}`, heading: 'One' })),
      ),
      ...['a', 'b', 'c'].map((n, i) =>
        at(400, 100 + 24 * i, el(`y${i}`, 'link', `Right ${n}`, { href: `/r/${n}`, heading: 'Two' })),
      ),
    );
    expect(said(await resolve(two, 'the first entry'))).toBe('none');
  });

  it('does not count "the last 7 days" as a list, nor a link whose own name the description says', async () => {
    expect(said(await resolve(printers, 'last 7 days'))).toBe('none');
  });

  it('takes a link that only titles the list counted for no item of it', async () => {
    const reference = pageAt('http://app.test/api', 'Api')(
      at(20, 40, el('t1', 'link', 'Field', { href: '#field-summary' }), ['nav']),
      at(120, 40, el('t2', 'link', 'Method', { href: '#method-summary' }), ['nav']),
      at(20, 200, el('h', 'heading', 'Summary', text)),
      at(40, 240, el('s1', 'link', 'toName', { href: '#toName()', heading: 'Summary' }), ['main', 'table']),
      at(40, 280, el('s2', 'link', 'toPath', { href: '#toPath()', heading: 'Summary' }), ['main', 'table']),
    );
    expect(said(await resolve(reference, 'the first method'))).not.toBe('Method');
  });
});

describe('counting a tree of links', () => {
  /** Commands under their heading, each with its options indented below it; the last command has some too. */
  const commands = pageAt('http://docs.test/commands', 'Commands')(
    at(20, 40, el('h', 'heading', 'Commands', text)),
    ...[
      ['Break', []],
      ['Fit', ['Parameters', 'Error estimates']],
      ['While', ['Syntax']],
    ].flatMap(([name, options], i) => [
      at(40, 100 + 100 * i, el(`c${i}`, 'link', name as string, { href: `/c${i}`, heading: 'Commands' })),
      ...(options as string[]).map((option, j) =>
        at(80, 125 + 100 * i + 25 * j, el(`o${i}${j}`, 'link', option, { href: `/o${i}${j}`, heading: 'Commands' })),
      ),
    ]),
  );

  it('counts the outer level for a kind, and every line for an entry', async () => {
    expect(said(await resolve(commands, 'the last command'))).toBe('While');
    expect(said(await resolve(commands, 'the first command'))).toBe('Break');
    expect(said(await resolve(commands, 'the last entry'))).toBe('Syntax');
  });

  it("counts the links named as said, not the entries under the one so named, when the name is the links' own", async () => {
    // A manual on one page: each section's header links to the next and up a level, and the contents nest.
    const nav = (id: string, y: number, rel: string, name: string, href: string) =>
      at(20, y, el(id, 'link', name, { href, rel, near: rel === 'next' ? 'Next:' : 'Up:' }), ['header']);
    const manual = pageAt('http://docs.test/manual.html', 'Manual')(
      nav('n0', 20, 'next', 'Overview', '#Overview'),
      at(20, 60, el('h0', 'heading', 'Table of Contents', text)),
      at(40, 90, el('t1', 'link', '1 Overview', { href: '#Overview', heading: 'Table of Contents' })),
      ...['What is it?', 'What is it not?', 'A sample session'].map((name, i) =>
        at(
          80,
          115 + 25 * i,
          el(`t1${i}`, 'link', `1.${i + 1} ${name}`, { href: `#s${i}`, heading: 'Table of Contents' }),
        ),
      ),
      at(40, 200, el('t2', 'link', '2 Repositories', { href: '#Repositories', heading: 'Table of Contents' })),
      ...[0, 1, 2].flatMap((i) => [
        nav(`u${i}`, 400 + 300 * i, 'up', 'Overview', '#Overview'),
        at(20, 430 + 300 * i, el(`sh${i}`, 'heading', `1.${i + 1} Section`, text)),
      ]),
    );
    for (const description of ['the first "Overview" link', 'the first Overview link', 'the last "Overview" link']) {
      const answer = await resolve(manual, description);
      expect('match' in answer && answer.match.href, description).toBe('#Overview');
    }
    // Under the entry, its own entries are still counted.
    expect(said(await resolve(manual, 'the first link under 1 Overview'))).toBe('1.1 What is it?');
  });

  it('takes two columns on the same lines for fields of a row, not levels', async () => {
    // An icon before each name: the icons' column stands further out but shares every line with the names.
    const files = pageAt('http://code.test/files', 'Files')(
      at(20, 40, el('h', 'heading', 'Files', text)),
      at(20, 80, el('up', 'link', '..', { href: '/files/', heading: 'Files' })),
      ...['ports.py', 'tides.py', 'moon.py'].flatMap((name, i) => [
        at(20, 110 + 30 * i, el(`i${i}`, 'link', '', { href: `/view/${name}`, heading: 'Files' })),
        at(40, 110 + 30 * i, el(`f${i}`, 'link', name, { href: `/view/${name}`, heading: 'Files' })),
      ]),
    );
    expect(said(await resolve(files, 'the first file'))).not.toBe('..');
  });
});

describe('a cell of a record whose one control is a link', () => {
  it('stands for the link when the words it lacks are the kind said around the link', async () => {
    expect(said(await resolve(printers, 'the paused printer'))).toBe('Label_Maker');
  });

  it('still asks when the row holds a form control, not a link', async () => {
    const form = pageAt('http://app.test/new', 'New')(
      at(20, 100, el('c1', 'cell', 'Abandon and forget this draft', text), ['form New', 'table']),
      at(300, 100, el('b1', 'button', 'Cancel', { type: 'submit' }), ['form New', 'table']),
    );
    expect(said(await resolve(form, 'abandon this draft'))).toBe('several');
  });

  it('stands for the link of a list laid out without column headers', async () => {
    const classes = pageAt('http://app.test/classes', 'Class List')(
      at(20, 100, el('l1', 'link', 'Exception', { href: '/class_exception.html' }), ['table']),
      at(300, 100, el('d1', 'cell', 'Base class for all exceptions we throw', { ...text, row: 'Exception' }), [
        'table',
      ]),
      at(20, 130, el('l2', 'link', 'Reader', { href: '/class_reader.html' }), ['table']),
      at(300, 130, el('d2', 'cell', 'Reads a document from text', { ...text, row: 'Reader' }), ['table']),
    );
    expect(said(await resolve(classes, 'the base class for exceptions'))).toBe('Exception');
  });
});

describe('a text field with no name in a search', () => {
  const header = pageAt('http://app.test/', 'Catalogue');

  it('is "the search box" when its form is a search, its type is search or it is named q', async () => {
    for (const [extra, region] of [
      [{}, ['main', 'search']],
      [{ type: 'search' }, ['main', 'form']],
      [{ attributes: 'q' }, ['main', 'form']],
    ] as const) {
      const snapshot = header(
        at(20, 40, el('h', 'heading', 'Catalogue', text)),
        at(400, 110, el('f', 'textbox', '', { editable: true, ...extra }), [...region]),
        at(600, 110, el('b', 'button', 'Go', { type: 'submit' }), [...region]),
      );
      const answer = await offlineResolver.resolve(snapshot, 'the search box', { intent: 'type' });
      expect('match' in answer && answer.match.id).toBe('f');
    }
  });

  it('is no search box when it is a form field of another kind', async () => {
    const snapshot = header(
      at(20, 110, el('c', 'cell', 'Title:', text), ['main', 'form', 'table']),
      at(200, 110, el('f', 'textbox', '', { editable: true, attributes: 'title' }), ['main', 'form', 'table']),
    );
    const answer = await offlineResolver.resolve(snapshot, 'the search box', { intent: 'type' });
    expect('match' in answer).toBe(false);
  });
});

describe('"in the menu"', () => {
  const site = pageAt('http://app.test/ticket/1', 'Ticket 1')(
    at(20, 40, el('m1', 'link', 'Home', { href: '/' }), ['nav']),
    at(120, 40, el('m2', 'link', 'Timeline', { href: '/timeline' }), ['nav']),
    at(220, 40, el('m3', 'link', 'Wiki', { href: '/wiki' }), ['nav']),
    at(20, 200, el('t1', 'link', 'Timeline', { href: '/ticket/1/timeline' })),
    at(20, 240, el('w1', 'link', 'Wiki', { href: '/wiki/ticket-1' })),
  );

  it('is the site navigation when no words before it say which menu', async () => {
    expect(said(await resolve(site, 'Wiki in the menu'))).toBe('Wiki');
    const answer = await resolve(site, 'Wiki in the menu');
    expect('match' in answer && answer.match.id).toBe('m3');
  });

  it('leaves a menu named by its own words ("the ticket menu") to those words', async () => {
    const answer = await resolve(site, 'Timeline in the ticket menu');
    expect('match' in answer && answer.match.id).not.toBe('m2');
  });
});

describe('"under" a heading', () => {
  // A tab at the top with the heading's name, and a second column whose button stands level with the section's.
  const admin = pageAt('http://app.test/admin', 'Administration')(
    at(600, 0, el('tab', 'link', 'Printers', { href: '/printers/' }), ['header']),
    { ...el('h1', 'heading', 'Printers', text), box: { x: 20, y: 140, width: 600, height: 35 } },
    at(20, 200, el('b1', 'button', 'Add Printer', { heading: 'Printers' }), ['form']),
    at(250, 200, el('b2', 'button', 'Manage Printers', { heading: 'Printers' }), ['form']),
    { ...el('h2', 'heading', 'Server', text), box: { x: 640, y: 140, width: 600, height: 35 } },
    at(640, 200, el('b3', 'button', 'Edit Configuration File', { heading: 'Server' }), ['form']),
  );

  it('is in the section the heading opens, counted in its order, whatever else bears the name', async () => {
    expect(said(await resolve(admin, 'the first button under Printers'))).toBe('Add Printer');
    expect(said(await resolve(admin, 'the last button under Printers'))).toBe('Manage Printers');
    expect(said(await resolve(admin, 'the third button under Printers'))).toBe('none');
  });
});

describe('the label cell of a form row', () => {
  const form = pageAt('http://app.test/new', 'New ticket')(
    at(20, 100, el('c1', 'cell', 'Type:', text), ['form New', 'table']),
    at(150, 100, el('s1', 'combobox', '', { tag: 'select', row: 'Type:' }), ['form New', 'table']),
    at(400, 100, el('c2', 'cell', 'What type of ticket is this?', { ...text, row: 'Type:' }), ['form New', 'table']),
  );

  it("names its row's one control", async () => {
    expect((await resolve(form, 'Type')) as { match?: { id: string } }).toMatchObject({ match: { id: 's1' } });
  });

  it('while an explanation beside the control still asks which control', async () => {
    expect(said(await resolve(form, 'what type of ticket is this'))).toBe('several');
  });
});

describe('a website, online', () => {
  const local = pageAt('http://docs.test/lua/index.html', 'Lua')(
    at(20, 40, el('l1', 'link', 'Reference manual', { href: '/lua/contents.html' })),
    at(20, 80, el('l2', 'link', 'reference manual', { href: 'http://www.lua.org/manual/5.1/' })),
  );

  it('is the equal that leaves this site', async () => {
    const answer = await resolve(local, 'the online reference manual');
    expect('match' in answer && answer.match.id).toBe('l2');
  });

  it('leaves equals of this site alone when nothing asks for the web', async () => {
    expect(said(await resolve(local, 'the reference manual'))).toBe('several');
  });
});

describe('word forms as written', () => {
  const help = pageAt('http://app.test/help', 'Help')(
    { ...el('h', 'heading', 'Other Commands', text), box: { x: 20, y: 100, width: 600, height: 20 } },
    at(20, 140, el('t1', 'link', 'tag', { href: '/help/tag', heading: 'Other Commands' })),
    at(20, 160, el('t2', 'link', 'tags', { href: '/help/tags', heading: 'Other Commands' })),
  );

  it('tell apart equals whose names are one word in two forms', async () => {
    expect(said(await resolve(help, 'tags under Other Commands'))).toBe('tags');
    expect(said(await resolve(help, 'the tags link'))).toBe('tags');
    expect(said(await resolve(help, 'tag'))).toBe('tag');
  });
});
