/**
 * "The third section", "the last chapter", "the first question": an ordinal over a unit of a document with no name
 * said counts the page's own list of its parts (a contents of links to its headings, or a chapter's menu of its
 * pages), by the levels its numbering or its indentation shows. Each of these asked or went wrong before.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

/** Entries one per line down the page under one heading, each [name, href, level]. */
const list = (heading: string, top: number, entries: [string, string, number][]): SnapshotElement[] =>
  entries.map(([name, href, level], i) => ({
    ...el(`${heading}-${i}`, 'link', name, { href, heading }),
    box: { x: 40 + 40 * level, y: top + 18 * i, width: 300, height: 16 },
  }));

const frame = [
  {
    ...el('next', 'link', 'Data Containers', { href: '/manual/Data-Containers.html', near: 'Next:' }),
    region: ['header'],
  },
  { ...el('up', 'link', '1. Introduction', { href: '/manual/Introduction.html', near: 'Up:' }), region: ['header'] },
];

describe("a chapter's menu of its pages", () => {
  const page = pageAt('http://docs.test/manual/Strings.html', '5 Strings')(
    ...frame,
    { ...el('h', 'heading', '5 Strings'), interactive: false },
    ...['doc', 'lookfor', 'which'].map((name, i) => ({
      ...el(`see${i}`, 'link', name, {
        href: `/manual/Help.html#${name}`,
        near: i ? ',' : 'See also:',
        heading: '5 Strings',
      }),
      box: { x: 200 + 60 * i, y: 300, width: 50, height: 16 },
    })),
    ...list('5 Strings', 400, [
      ['Escape Sequences in String Constants', '/manual/Escape-Sequences.html', 0],
      ['Character Arrays', '/manual/Character-Arrays.html', 0],
      ['String Operations', '/manual/String-Operations.html', 0],
      ['Converting Strings', '/manual/Converting-Strings.html', 0],
    ]),
  );

  it('counts the menu, not the links in a sentence or the navigation bar', async () => {
    expect(said(await resolveClick(page, 'the first section'))).toBe('Escape Sequences in String Constants');
    expect(said(await resolveClick(page, 'the third section'))).toBe('String Operations');
    expect(said(await resolveClick(page, 'the last section in the list'))).toBe('Converting Strings');
  });
});

describe("a book's contents", () => {
  const page = pageAt(
    'http://docs.test/manual/index.html',
    'Manual',
  )(
    ...list('Table of Contents', 100, [
      ['Preface', '/manual/Preface.html', 0],
      ['1 A Brief Introduction', '/manual/Introduction.html', 0],
      ['1.1 Running It', '/manual/Running.html', 1],
      ['1.2 Simple Examples', '/manual/Simple-Examples.html', 1],
      ['2 Getting Started', '/manual/Getting-Started.html', 0],
      ['2.1 Invoking It', '/manual/Invoking.html', 1],
      ['Appendix A External Code', '/manual/External-Code.html', 0],
      ['Appendix B Test Functions', '/manual/Test-Functions.html', 0],
      ['Concept Index', '/manual/Concept-Index.html', 0],
    ]),
  );

  it('reads its numbering: chapters, their sections, the lettered appendices', async () => {
    expect(said(await resolveClick(page, 'the last chapter'))).toBe('2 Getting Started');
    expect(said(await resolveClick(page, 'the second appendix'))).toBe('Appendix B Test Functions');
    expect(said(await resolveClick(page, 'the second section'))).toBe('1.2 Simple Examples');
  });
});

describe("a document's own contents", () => {
  const here = 'http://docs.test/faq.html';
  const page = pageAt(
    here,
    'FAQ',
  )(
    ...list('FAQ', 100, [
      ['1 General Questions', '#general', 0],
      ['1.1 Why is it called that?', '#why', 1],
      ['1.2 Where do I get it?', '#where', 1],
      ['2 Usage', '/faq.html#usage', 0],
      ['2.1 How do I start?', '#start', 1],
      ['2.1.1 On Windows', '#windows', 2],
      ['3 Licence', '#licence', 0],
    ]),
  );

  it('numbers its sections from 1 and holds the questions under them', async () => {
    expect(said(await resolveClick(page, 'the first section'))).toBe('1 General Questions');
    expect(said(await resolveClick(page, 'the first question'))).toBe('1.1 Why is it called that?');
    expect(said(await resolveClick(page, 'the last section'))).toBe('3 Licence');
  });

  it('asks when its last entry may be meant as well as the last of the level', async () => {
    const unnumbered = pageAt(
      here,
      'Reference',
    )(
      ...list('Contents', 100, [
        ['Asynchronous actions', '#g:1', 0],
        ['High-level API', '#g:2', 0],
        ['Low-level API', '#g:3', 0],
        ['Linking', '#g:4', 1],
      ]),
    );
    expect(said(await resolveClick(unnumbered, 'the first section'))).toBe('Asynchronous actions');
    expect(said(await resolveClick(unnumbered, 'the last section in the contents'))).not.toBe('Low-level API');
    expect(said(await resolveClick(unnumbered, 'the last section in the contents'))).not.toBe('Linking');
  });
});

describe("a chapter's contents opening with the chapter itself", () => {
  const page = pageAt('http://docs.test/Chapter2.html', 'Getting started')(
    ...['Previous', 'Contents', 'Index', 'Next'].map((name, i) => ({
      ...el(`bar${i}`, 'link', name, { href: `/Page${i}.html` }),
      box: { x: 8 + 70 * i, y: 16, width: 60, height: 16 },
    })),
    ...list('', 50, [
      ['Chapter 2: Getting started', '#gs', 0],
      ['2.1 Starting a session', '#gs-insecure', 1],
      ['2.2 Verifying the host key', '#gs-hostkey', 1],
      ['2.3 Logging in', '#gs-login', 1],
    ]),
    {
      ...el('ref', 'link', 'section 4.19', { href: '/Chapter4.html#hostkey', near: 'See' }),
      box: { x: 700, y: 400, width: 90, height: 16 },
    },
  );

  it('counts the sections under it, not a cross-reference that says "section"', async () => {
    expect(said(await resolveClick(page, 'the first section'))).toBe('2.1 Starting a session');
    expect(said(await resolveClick(page, 'the last section'))).toBe('2.3 Logging in');
  });
});

describe("an FAQ's chapter", () => {
  const page = pageAt('http://docs.test/faq/archives.html', 'Chapter 6. The Debian FTP archives')(
    ...list('Chapter 6', 100, [
      ['6.1. How many distributions are there?', '#dists', 0],
      ['6.2. What are all those names?', '#names', 0],
      ['6.2.1. Which other codenames have been used?', '#oldcodenames', 1],
      ['6.3. What about "sid"?', '#sid', 0],
    ]),
    // The page's footnotes: their marks one per line, in a column of their own.
    ...['1', '2', '3'].map((mark, i) => ({
      ...el(`fn${i}`, 'link', mark, { href: `#id${i + 1}`, heading: 'Chapter 6' }),
      box: { x: 260, y: 900 + 18 * i, width: 10, height: 16 },
    })),
  );

  it('numbers its questions from its first level, and its footnote marks are no list of parts', async () => {
    expect(said(await resolveClick(page, 'the first question'))).toBe('6.1. How many distributions are there?');
    expect(said(await resolveClick(page, 'the last question in the list'))).toBe('6.3. What about "sid"?');
    expect(said(await resolveClick(page, 'the first section'))).toBe('6.1. How many distributions are there?');
  });
});

describe('a manual with a short and a full table of contents', () => {
  const page = pageAt('http://docs.test/manual/manual_toc.html', 'Manual')(
    ...list('Short Table of Contents', 100, [
      ['1 Introduction', '#toc-Introduction-1', 0],
      ['2 Bug Reporting', '#toc-Bug-Reporting-1', 0],
      ['3 Help', '#toc-Help-1', 0],
    ]),
    ...list('Table of Contents', 300, [
      ['1 Introduction', '/manual/manual.html', 0],
      ['2 Bug Reporting', '/manual/manual_1.html', 0],
      ['2.1 Functions for Bug Reporting', '/manual/manual_2.html', 1],
      ['3 Help', '/manual/manual_3.html', 0],
    ]),
  );

  it('counts the list its heading names', async () => {
    const answer = await resolveClick(page, 'the first chapter in the table of contents');
    expect('match' in answer && answer.match.href).toBe('/manual/manual.html');
  });
});

describe('the parts of one named part', () => {
  const page = pageAt(
    'http://docs.test/manual/manual_toc.html',
    'Manual',
  )(
    ...list('Table of Contents', 100, [
      ['1 Introduction', '/manual/intro.html', 0],
      ['1.1 Running it', '/manual/running.html', 1],
      ['2 Plotting', '/manual/plot.html', 0],
      ['2.1 Introduction to Plotting', '/manual/plot-intro.html', 1],
      ['2.2 Plotting Formats', '/manual/plot-formats.html', 1],
      ['2.2.1 Gnuplot Options', '/manual/gnuplot-options.html', 2],
      ['2.3 Plotting Options', '/manual/plot-options.html', 1],
      ['3 Strings', '/manual/strings.html', 0],
    ]),
  );

  it('counts the entries one level in under the part named by its number or its words', async () => {
    expect(said(await resolveClick(page, 'the second section of chapter 2'))).toBe('2.2 Plotting Formats');
    expect(said(await resolveClick(page, 'the last entry of the Plotting chapter'))).toBe('2.3 Plotting Options');
    expect(said(await resolveClick(page, 'the first section of the Introduction chapter'))).toBe('1.1 Running it');
  });

  it('does not take an entry that only shares a one-word name for the part', async () => {
    const tutorial = pageAt(
      'http://docs.test/tutorial/index.html',
      'Tutorial',
    )(
      ...list('Contents', 100, [
        ['Tutorial Overview', '#tutorial-overview', 0],
        ['Version Check', '#version-check', 1],
        ['A Note on the Future', '#future', 1],
        ['Establishing Connectivity', 'engine.html', 0],
      ]),
    );
    expect(said(await resolveClick(tutorial, 'the first chapter of the tutorial'))).not.toBe('Version Check');
  });

  it('asks when the part has nothing under it', async () => {
    expect(said(await resolveClick(page, 'the first section of chapter 3'))).not.toBe('1.1 Running it');
  });
});
