/**
 * Readings for API references and texinfo manuals: names that hold a relation word or a kind word, series of
 * entries named by one pattern, headings holding a control, navigation bars that step by different units, and
 * language switchers in their own scripts. Each case here went wrong (or asked) before its reading.
 */
import { describe, expect, it } from 'vitest';
import { storedSnapshot } from '../fixtures/real-pages/corpus.js';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://manual.test/tutorial.html', 'Tutorial');

describe('a relation word inside a name', () => {
  it('"Graphical setup under Windows in the sidebar" is the entry so named, not the one below "Windows"', async () => {
    const contents = page(
      el('s1', 'link', '1.1 Graphical setup under GNU/Linux', { href: 'linux.html', region: ['aside'] }),
      el('s2', 'link', '1.2 Graphical setup under Windows', { href: 'windows.html', region: ['aside'] }),
      el('s3', 'link', '1.3 Graphical setup under macOS', { href: 'macos.html', region: ['aside'] }),
    );
    const answer = await resolveClick(contents, 'Graphical setup under Windows in the sidebar');
    expect('match' in answer && answer.match.href).toBe('windows.html');
  });

  it('still reads "under" as a place when no name holds the words', async () => {
    const form = page(el('h0', 'heading', 'Shipping'), el('f0', 'textbox', '', { heading: 'Shipping' }));
    expect(said(await resolveClick(form, 'the field under Shipping'))).toBe('');
  });
});

describe('a camel-case name said as words', () => {
  const classes = page(
    ...['Font', 'FontFace', 'FontFamily', 'FontMap', 'Fontset', 'HasEntry', 'Layout'].map((name, i) =>
      el(`c${i}`, 'link', name, { href: `class.${name}.html`, heading: 'Classes Hierarchy' }),
    ),
  );

  it('"the font map class" is FontMap, not Font, whose name holds only one of its words', async () => {
    expect(said(await resolveClick(classes, 'the font map class'))).toBe('FontMap');
    expect(said(await resolveClick(classes, 'the font family class'))).toBe('FontFamily');
  });

  it('"recent changes" is the link RecentChanges, whose name says both words', async () => {
    const bar = page(
      el('n0', 'link', 'Allotment Wiki', { href: '/' }),
      el('n1', 'link', 'RecentChanges', { href: '/recentchanges/' }),
      el('n2', 'link', 'Preferences', { href: '/prefs' }),
    );
    expect(said(await resolveClick(bar, 'recent changes'))).toBe('RecentChanges');
  });

  it('one part of a name is not the name: "the entry" is not HasEntry, "the map" not FontMap', async () => {
    expect(said(await resolveClick(classes, 'the entry link'))).not.toBe('HasEntry');
    expect(said(await resolveClick(classes, 'the map class'))).not.toBe('FontMap');
  });
});

describe('a name spelled with its marks', () => {
  const index = page(
    el('r0', 'link', 'race', { href: 'Async.html#v:race' }),
    el('r1', 'link', 'race_', { href: 'Async.html#v:race_' }),
    el('r2', 'link', 'click-man', { href: 'https://example.org/click-man' }),
    el('r3', 'link', 'click-man documentation', { href: 'https://example.org/click-man#docs' }),
  );

  it('"race_" is the name with the underscore, where the index also has "race"', async () => {
    const answer = await resolveClick(index, 'race_');
    expect('match' in answer && answer.match.href).toBe('Async.html#v:race_');
  });

  it('a name that is the whole description outranks one of its words ("click-man documentation")', async () => {
    const answer = await resolveClick(index, 'click-man documentation');
    expect('match' in answer && answer.match.href).toBe('https://example.org/click-man#docs');
  });

  it('still asks when the description writes no mark ("race")', async () => {
    expect(said(await resolveClick(index, 'the race function'))).not.toBe('race_');
  });
});

describe('a compound written closed on one side and open on the other', () => {
  it('"set up" is the link Setup, "setup" the link Set up, "web site" the field Website', async () => {
    const links = (name: string) =>
      page(el('a', 'link', name, { href: '/setup' }), el('b', 'link', 'About', { href: '/about' }));
    expect(said(await resolveClick(links('Setup'), 'set up'))).toBe('Setup');
    expect(said(await resolveClick(links('Set up'), 'setup'))).toBe('Set up');
    const form = page(el('f0', 'textbox', 'Website'), el('f1', 'textbox', 'Name'));
    expect(said(await resolveClick(form, 'the web site field'))).toBe('Website');
  });

  it('"the URI prefix" is the unnamed field called uriprefix, not the one labelled "Status Prefix:"', async () => {
    const settings = page(
      el('s0', 'textbox', '', { near: 'Status Prefix:', attributes: 'statusprefix' }),
      el('s1', 'textbox', '', { attributes: 'uriprefix' }),
    );
    const answer = await resolveClick(settings, 'the URI prefix');
    expect('match' in answer && answer.match.id).toBe('s1');
  });

  it('reads no compound in an address: "Qt Core" is not every link under /qtcore/', async () => {
    const docs = page(
      el('q0', 'link', 'Qt Core', { href: '/qt/qtcore/qtcore-index.html' }),
      ...['QList', 'QVector', 'QMap', 'QHash'].map((name, i) =>
        el(`q${i + 1}`, 'link', name, { href: `/qt/qtcore/${name.toLowerCase()}.html` }),
      ),
    );
    expect(said(await resolveClick(docs, 'Qt Core'))).toBe('Qt Core');
  });
});

describe('a step word before a noun', () => {
  it('"Forward declarations" is a section, not the way forward', async () => {
    const tutorial = page(
      el('t0', 'link', 'Forward declarations', { href: '#forward-declarations' }),
      el('t1', 'link', 'Part II', { href: 'tut2.html' }),
    );
    expect(said(await resolveClick(tutorial, 'the next tutorial'))).not.toBe('Forward declarations');
  });

  it('still makes a lone "Forward" the next step', async () => {
    const bar = page(el('b0', 'link', 'Back', { href: 'a.html' }), el('b1', 'link', 'Forward', { href: 'c.html' }));
    expect(said(await resolveClick(bar, 'next'))).toBe('Forward');
  });
});

describe('a series named by one pattern', () => {
  it('"Cross-compilation for Linux" is not on a page whose series has Windows, Android and a console', async () => {
    // Nim's compiler guide, as stored for the real-page corpus: a "here for Mac/Linux" link sits in one section.
    const guide = storedSnapshot({ site: 'nim', page: 'nimc.html' });
    expect(said(await resolveClick(guide, 'Cross-compilation for Linux'))).toBe('none');
    expect(said(await resolveClick(guide, 'Cross-compilation for Android'))).toBe('Cross-compilation for Android');
  });
});

describe('a kind word in a name', () => {
  it('"Fonts and Glyphs" names the page so called: "glyphs" is one of the things it lists, not an icon', async () => {
    const index = page(
      el('a0', 'link', 'Font', { href: 'class.Font.html' }),
      el('a1', 'link', 'Fonts and Glyphs', { href: 'pango_fonts.html' }),
      el('a2', 'cell', 'Parses a font style.', { interactive: false }),
    );
    const answer = await resolveClick(index, 'Fonts and Glyphs');
    expect('match' in answer && answer.match.href).toBe('pango_fonts.html');
  });
});

describe('a control inside a heading', () => {
  it('"[src] of the declaration" is the source link inside the heading "Declaration [src]"', async () => {
    const fn = page(
      el('h0', 'heading', 'Declaration [src]', { attributes: 'declaration' }),
      el('l0', 'link', '', { href: '#declaration', parent: 'h0', heading: 'Declaration [src]' }),
      el('l1', 'link', '[src]', { href: 'https://git.test/markup.h#L41', parent: 'h0', heading: 'Declaration [src]' }),
      el('h1', 'heading', 'Description [src]', { attributes: 'description' }),
      el('l2', 'link', '[src]', { href: 'https://git.test/markup.c#L602', parent: 'h1', heading: 'Description [src]' }),
    );
    const answer = await resolveClick(fn, '[src] of the declaration');
    expect('match' in answer && answer.match.href).toBe('https://git.test/markup.h#L41');
  });
});

describe('navigation bars that step by different units', () => {
  /** A texinfo bar: ">>" to the next chapter, ">" to the next section in reading order. */
  const bar = (n: number, section: string) => [
    el(`c${n}`, 'link', 'Common notation >>', { href: 'common-notation.html', title: 'Next chapter' }),
    el(`s${n}`, 'link', `${section} >`, { href: section, title: 'Next section in reading order', rel: 'next' }),
  ];

  it('"the next chapter" is the link titled "Next chapter", not the next section', async () => {
    const answer = await resolveClick(page(...bar(0, 'compiling.html')), 'the next chapter');
    expect('match' in answer && answer.match.href).toBe('common-notation.html');
  });

  it('"the next chapter" on a page of several bars, whose next sections differ, is still the one chapter', async () => {
    const answer = await resolveClick(
      page(...bar(0, '#pitch'), ...bar(1, '#key'), ...bar(2, 'ties.html')),
      'the next chapter',
    );
    expect('match' in answer && answer.match.href).toBe('common-notation.html');
  });

  it('still takes the next section for "the next section"', async () => {
    const answer = await resolveClick(page(...bar(0, 'compiling.html')), 'the next section');
    expect('match' in answer && answer.match.href).toBe('compiling.html');
  });
});

describe('language switchers', () => {
  it('name languages in their own scripts', async () => {
    const switcher = page(
      el('l0', 'link', 'Deutsch', { href: 'index.de.html' }),
      el('l1', 'link', '日本語', { href: 'index.ja.html' }),
      el('l2', 'link', 'Русский', { href: 'index.ru.html' }),
    );
    expect(said(await resolveClick(switcher, 'the Japanese version'))).toBe('日本語');
    expect(said(await resolveClick(switcher, 'Russian'))).toBe('Русский');
  });
});

describe('counting the table of contents', () => {
  /** A contents list of links to the page's headings (no landmark), then the sections, then an index's letters. */
  const manual = page(
    el('c0', 'link', 'Introduction', { href: '#intro' }),
    el('c1', 'link', 'Installing', { href: '#install' }),
    el('c2', 'link', 'Getting help', { href: '#help' }),
    el('h0', 'heading', 'Introduction', { attributes: 'intro' }),
    el('h1', 'heading', 'Installing', { attributes: 'install' }),
    el('h2', 'heading', 'Getting help', { attributes: 'help' }),
    el('x0', 'link', 'Back to the site', { href: '/' }),
    el('i0', 'link', 'A', { href: '#index-a' }),
    el('i1', 'link', 'B', { href: '#index-b' }),
  );

  it('"the first entry of the table of contents" is the first of the links to the page\'s own headings', async () => {
    expect(said(await resolveClick(manual, 'the first entry of the table of contents'))).toBe('Introduction');
    expect(said(await resolveClick(manual, 'the second entry of the contents'))).toBe('Installing');
  });

  it('still does not count from the end, where other links into the page may follow the contents', async () => {
    expect(said(await resolveClick(manual, 'the last entry of the table of contents'))).not.toBe('B');
  });
});

describe("an index's links that say only their section", () => {
  /** Each line a term and then its link, "assignment 2.5": the link's x follows the term's width. */
  const line = (term: string, section: string, i: number): SnapshotElement => ({
    ...el(`i${i}`, 'link', section, {
      href: `chap${section.split('.')[0]}.html#s${section}`,
      near: term,
      heading: 'Index',
    }),
    box: { x: 40 + 8 * term.length, y: 100 + 18 * i, width: 24, height: 16 },
  });
  const index = pageAt(
    'http://docs.test/chapInd.html',
    'Index',
  )(
    ...[
      ['assignment', '2.5'],
      ['break loops', '2.3'],
      ['comments', '2.1'],
      ['filters', '8.2'],
      ['immediate methods', '8.3'],
    ].map(([term, section], i) => line(term, section, i)),
  );

  it('are named by the term before them', async () => {
    expect(said(await resolveClick(index, 'break loops'))).toBe('2.3');
    expect(said(await resolveClick(index, 'the index entry for filters'))).toBe('8.2');
  });

  it('are not named by the line above when the numbers open each line of a contents', async () => {
    const titles = ['Split a window', 'Split with another file', 'Window size', 'Vertical splits', 'Moving windows'];
    const contents = pageAt(
      'http://docs.test/usr_toc.html',
      'Contents',
    )(
      ...titles.map((title, i) => ({
        // "08.3 Window size": the link is the number; the text before it is the previous line's title.
        ...el(`n${i}`, 'link', `08.${i + 1}`, { href: `usr_08.html#08.${i + 1}`, near: i ? titles[i - 1] : '' }),
        box: { x: 40, y: 100 + 18 * i, width: 30, height: 16 },
      })),
    );
    expect(said(await resolveClick(contents, 'Window size'))).not.toBe('08.4');
  });
});
