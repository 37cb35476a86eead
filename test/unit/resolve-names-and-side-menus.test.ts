/**
 * Readings for a library's manual with a side menu and a settings form laid out as a table: words written whole
 * as a link's name are that name, not a place ("Namespaces in XML"); a link to a part of the start page is no
 * start page; a side menu is the sidebar; a tick box is named by the header cell of its row. Each case here went
 * wrong or asked before its reading.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

describe('words written whole as a name', () => {
  const reference = pageAt('http://docs.test/expat/reference.html', 'Expat XML Parser')(
    el('h', 'heading', 'The Expat XML Parser'),
    el('ns', 'link', 'Namespaces in XML', {
      href: 'http://www.w3.org/TR/REC-xml-names/',
      heading: 'The Expat XML Parser',
    }),
    el('triplets', 'link', 'namespace triplets', { href: '#XML_SetReturnNSTriplet', heading: 'The Expat XML Parser' }),
  );

  it('are that name, though a heading also says the words after "in"', async () => {
    expect(said(await resolveClick(reference, 'Namespaces in XML'))).toBe('Namespaces in XML');
  });

  it('leave "in" naming a place when no element bears the whole description', async () => {
    // The heading names a part ("XML"), and the link in it is the namespace one: read as a place, as before.
    expect(said(await resolveClick(reference, 'the triplets link in XML'))).toBe('namespace triplets');
  });
});

describe('the start page', () => {
  const page = pageAt('http://docs.test/lxml/installation.html', 'Installing lxml')(
    el('donate', 'link', 'Like the tool? Help making it better!', {
      href: '/lxml/index.html#support-the-project',
      box: { x: 10, y: 20, width: 140, height: 40 },
    }),
    el('home', 'link', 'lxml', { href: '/lxml/index.html', box: { x: 30, y: 100, width: 30, height: 12 } }),
    el('intro', 'link', 'Introduction', {
      href: '/lxml/index.html#introduction',
      box: { x: 50, y: 120, width: 60, height: 12 },
    }),
  );

  it('is the link to the index itself, not one to a part of it', async () => {
    expect(said(await resolveClick(page, 'the start page'))).toBe('lxml');
  });
});

describe('a side menu', () => {
  const page = pageAt('http://docs.test/lxml/index.html', 'lxml')(
    el('credits-body', 'link', 'Credits', { href: '/lxml/credits.html', region: ['main'] }),
    el('credits', 'link', 'Credits', { href: '/lxml/credits-page.html', region: ['aside'] }),
    el('intro', 'link', 'Introduction', { href: '#introduction', region: ['aside'] }),
  );

  it('is the sidebar, whether called a side menu, a side nav or side navigation', async () => {
    for (const where of ['side menu', 'side nav', 'side navigation', 'sidemenu'])
      expect(said(await resolveClick(page, `the Credits link in the ${where}`)), where).toBe('Credits');
    const answer = await resolveClick(page, 'the Credits link in the side menu');
    expect('match' in answer && answer.match.id).toBe('credits');
  });
});

describe('a tick box in a settings form laid out as a table', () => {
  const row = (name: string, y: number, control: string) => [
    el(`${control}-label`, 'cell', name, {
      interactive: false,
      row: name,
      region: ['form', 'table'],
      box: { x: 10, y, width: 170, height: 23 },
    }),
    el(control, 'checkbox', '', {
      tag: 'input',
      attributes: control,
      row: name,
      region: ['form', 'table'],
      box: { x: 190, y: y + 5, width: 13, height: 13 },
    }),
    el(`${control}-help`, 'cell', `If this option is set, ${name.toLowerCase()} applies to the list.`, {
      interactive: false,
      row: name,
      region: ['form', 'table'],
      box: { x: 370, y, width: 900, height: 23 },
    }),
  ];
  const form = pageAt('http://lists.test/edit.php?list=devel', 'mlmmj config')(
    ...row('Moderated', 200, 'moderated'),
    ...row('Subscribers only post', 240, 'subonlypost'),
    ...row('Moderators only post', 280, 'modonlypost'),
    ...row('No archive', 320, 'noarchive'),
  );
  const ticked = async (description: string) => {
    const answer = await offlineResolver.resolve(form, description, { intent: 'click' });
    return 'match' in answer ? answer.match.id : said(answer);
  };

  it('is named by the header cell of its row', async () => {
    expect(await ticked('let only subscribers post')).toBe('subonlypost');
    expect(await ticked('only moderators may post')).toBe('modonlypost');
  });

  it('is not named so when its row holds other controls (a record, not a label)', async () => {
    const records = pageAt('http://shop.test/cart', 'Cart')(
      el('apple', 'cell', 'Apple', {
        interactive: false,
        row: 'Apple',
        region: ['table'],
        box: { x: 10, y: 100, width: 100, height: 20 },
      }),
      el('gift', 'checkbox', '', {
        tag: 'input',
        row: 'Apple',
        region: ['table'],
        box: { x: 120, y: 103, width: 13, height: 13 },
      }),
      el('express', 'checkbox', '', {
        tag: 'input',
        row: 'Apple',
        region: ['table'],
        box: { x: 220, y: 103, width: 13, height: 13 },
      }),
    );
    const answer = await offlineResolver.resolve(records, 'the Apple checkbox', { intent: 'click' });
    expect('match' in answer ? answer.match.id : said(answer)).not.toBe('gift');
  });
});

describe('a menu bar of a hotel manager', () => {
  const bar = pageAt('http://hotel.test/inizio.php', 'HotelDruid')(
    el('menu', 'link', 'MENU', { href: '/inizio.php', row: 'MENU', region: ['table'] }),
    el('insert', 'button', 'INSERT:', { row: 'MENU', region: ['table'] }),
    el('reservation', 'link', 'RESERVATION', { href: '/prenota.php', row: 'MENU', region: ['table'] }),
    el('tables', 'button', 'TABLES:', { row: 'MENU', region: ['table'] }),
    el('clients', 'link', 'CLIENTS', { href: '/clienti.php', region: ['table'] }),
  );

  it('reads a kind or place word written in capitals as the label it is ("the TABLES menu")', async () => {
    const answer = await offlineResolver.resolve(bar, 'the TABLES menu', { intent: 'hover' });
    expect('match' in answer && answer.match.id).toBe('tables');
  });

  it('finds each menu of the bar by its own label', async () => {
    const answer = await offlineResolver.resolve(bar, 'the INSERT menu', { intent: 'hover' });
    expect('match' in answer && answer.match.id).toBe('insert');
  });
});

describe('a step word met only in a record', () => {
  const reference = pageAt('http://docs.test/rtl/system/writeln.html', 'Writeln')(
    el('write', 'link', 'Write', { href: '/rtl/system/write.html', row: 'Write', region: ['table'] }),
    el('write-d', 'cell', 'Write variable to a text file', { interactive: false, row: 'Write', region: ['table'] }),
    el('readln', 'link', 'Readln', { href: '/rtl/system/readln.html', row: 'Readln', region: ['table'] }),
    el('readln-d', 'cell', 'Read from a text file into variable and goto next line', {
      interactive: false,
      row: 'Readln',
      region: ['table'],
    }),
  );

  it('is no step link, nor the link of the record that mentions it', async () => {
    expect(said(await resolveClick(reference, 'Next'))).toBe('none');
  });
});

describe('a frame', () => {
  const form = pageAt('http://emboss.test/cgi-bin/emboss/transeq', 'transeq')(
    el('manual', 'link', 'read the manual', { href: '/help/transeq', near: 'Translate nucleic acid sequences (' }),
    el('frame', 'listbox', '', { tag: 'select', attributes: 'frame', near: 'Frame(s) to translate' }),
    el('table', 'listbox', '', { tag: 'select', attributes: 'table', near: 'Code to use' }),
  );

  it('is what the element is about when not said to hold it ("pick the reading frame")', async () => {
    const answer = await resolveClick(form, 'pick the reading frame');
    expect('match' in answer ? answer.match.id : said(answer)).not.toBe('manual');
  });
});

describe('a kind word inside a name written whole', () => {
  const form = pageAt('http://emboss.test/cgi-bin/emboss/needle', 'needle')(
    el('hide', 'link', 'hide optional fields', { href: '/cgi-bin/emboss/needle?_pref_hide_optional=1' }),
    el('label', 'cell', 'Input power sensitivity', { interactive: false }),
    el('sensitivity', 'textbox', '', { near: 'Input power sensitivity' }),
  );

  it('is a word of that control\'s name ("hide optional fields" is a link)', async () => {
    expect(said(await resolveClick(form, 'hide optional fields'))).toBe('hide optional fields');
  });

  it('still asks for the kind when only a label bears the name', async () => {
    const answer = await offlineResolver.resolve(form, 'Input power sensitivity', { intent: 'type' });
    expect('match' in answer && answer.match.id).toBe('sensitivity');
  });
});

describe('the following page', () => {
  const node = pageAt('http://docs.test/latex2html/node4.html', 'Known Problems')(
    el('next', 'link', 'next', { href: '/latex2html/node5.html', rel: 'next' }),
    el('up', 'link', 'up', { href: '/latex2html/manual.html', rel: 'up' }),
    el('elsewhere', 'link', 'elsewhere', { href: '/latex2html/node6.html#sec:fea', near: 'the following page or' }),
    el('intro', 'link', 'Intro', { href: '/latex2html/node2.html' }),
    el('setup', 'link', 'Setup', { href: '/latex2html/node3.html' }),
  );

  it('is the next one, as the following chapter or section is', async () => {
    expect(said(await resolveClick(node, 'the following page'))).toBe('next');
  });

  it('leaves "following" before a name a place: the link after it', async () => {
    expect(said(await resolveClick(node, 'the link following Intro'))).toBe('Setup');
  });
});

describe('a command-line option written whole', () => {
  const reference = pageAt('http://docs.test/htmldoc/htmldoc.html', 'HTMLDOC')(
    el('opt-header', 'link', '--header lcr', { href: '#3_2_28' }),
    el('opt-header1', 'link', '--header1 lcr', { href: '#3_2_29' }),
    el('strings', 'link', 'Header/Footer Strings', { href: '#4_3_1' }),
    el('chapter', 'link', 'The Header', { href: '#7_2' }),
  );

  it('is the entry writing it, its argument after it ("--header lcr"), not a title about headers', async () => {
    expect(said(await resolveClick(reference, '--header'))).toBe('--header lcr');
  });
});
