/**
 * Readings for manuals' navigation tables, status tables with a caption over every column, sections named by a
 * heading the scoring ranks below a link saying the same words, manual pages named with their section and lists
 * followed by a sentence's link. Each case here went wrong before its reading.
 */
import { describe, expect, it } from 'vitest';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const at = (x: number, y: number, width: number, height: number) => ({ box: { x, y, width, height } });
const FOOTER = ['footer', 'table'];

describe("a manual's navigation footer", () => {
  // DocBook's: Prev | Up | Next, and under Prev and Next the titles of their pages, "Home" between them.
  const page = pageAt('http://docs.test/ChTestsRun.html', '13.3. Listing And Running Tests')(
    el('h', 'heading', '13.3. Listing And Running Tests', at(10, 100, 600, 30)),
    el('prev', 'link', 'Prev', {
      href: 'ChTestsStructure.html',
      rel: 'previous',
      region: FOOTER,
      ...at(179, 1082, 29, 17),
    }),
    el('up', 'link', 'Up', { href: 'ChapterTests.html', rel: 'up', region: FOOTER, ...at(630, 1082, 20, 17) }),
    el('next', 'link', 'Next', {
      href: 'ChTestsRunPytest.html',
      rel: 'next',
      region: FOOTER,
      ...at(1070, 1082, 31, 17),
    }),
    el('pt', 'cell', '13.2. Test suite structure', { interactive: false, region: FOOTER, ...at(168, 1112, 378, 44) }),
    el('home', 'link', 'Home', {
      href: 'index.html',
      rel: 'home',
      region: FOOTER,
      row: '13.2. Test suite structure',
      ...at(620, 1125, 39, 17),
    }),
    el('nt', 'cell', '13.4. Listing And Running Tests (pytest)', {
      interactive: false,
      region: FOOTER,
      row: '13.2. Test suite structure',
      ...at(734, 1112, 378, 44),
    }),
  );

  it("takes a page's title under a step for that step, not for the row's Home link", async () => {
    expect(said(await resolveClick(page, 'the test suite structure'))).toBe('Prev');
    expect(said(await resolveClick(page, 'running tests with pytest'))).toBe('Next');
  });
});

describe('a status table whose caption heads every column', () => {
  const CAPTION = 'UPS Network Monitor Sat Nov 28';
  const row = (i: number, system: string, model: string, status: string, port: number) => [
    el(`s${i}`, 'link', system, {
      href: `/upsstats.cgi?host=${port}`,
      region: ['table'],
      column: CAPTION,
      ...at(18, 105 + 30 * i, 150, 17),
    }),
    el(`m${i}`, 'cell', model, {
      interactive: false,
      region: ['table'],
      row: system,
      column: CAPTION,
      ...at(184, 100 + 30 * i, 148, 28),
    }),
    el(`st${i}`, 'cell', status, {
      interactive: false,
      region: ['table'],
      row: system,
      column: CAPTION,
      ...at(333, 100 + 30 * i, 121, 28),
    }),
    el(`d${i}`, 'link', 'All data', {
      href: `/upsfstats.cgi?host=${port}`,
      region: ['table'],
      row: system,
      column: CAPTION,
      ...at(925, 105 + 30 * i, 51, 17),
    }),
  ];
  const page = pageAt('http://ups.test/multimon.cgi', 'UPS Network Monitor')(
    ...row(0, 'File server (rack A)', 'Smart-UPS 1500', 'ONLINE', 3561),
    ...row(1, 'Database server (rack B)', 'Smart-UPS 3000 RM', 'ON BATTERY', 3562),
    ...row(2, 'Front desk', 'Back-UPS ES 700', 'ONLINE LOW BATTERY', 3563),
  );

  it('does not take the caption for the column of a control the description names', async () => {
    expect(said(await resolveClick(page, 'the UPS of the database server'))).toBe('Database server (rack B)');
  });

  it("opens a record whose datum is met through the link naming its row, among the row's links", async () => {
    expect(said(await resolveClick(page, 'the Back-UPS ES 700'))).toBe('Front desk');
  });
});

describe('a place named by a heading the scoring ranks below a link saying its words', () => {
  it('is the heading whose whole name the words are', async () => {
    const page = pageAt('http://man.test/', 'Manual Pages - Main Contents')(
      el('h1', 'heading', 'Index of pages by name only', at(10, 300, 600, 30)),
      el('w', 'link', 'whatis', { href: '/whatis', ...at(10, 340, 80, 17) }),
      el('h2', 'heading', 'Manual Pages full text search', at(10, 400, 600, 30)),
      el('fts', 'link', 'Search the full text of the Manual Pages', { href: '/mansearch', ...at(10, 440, 300, 17) }),
      el('hr', 'heading', 'Credits', at(10, 500, 600, 30)),
      el('rv', 'link', 'Richard Verhoeven', {
        href: 'http://people.test/rv',
        near: 'man2html was written by',
        ...at(200, 540, 140, 17),
      }),
    );
    expect(said(await resolveClick(page, 'the link under Manual Pages full text search'))).toBe(
      'Search the full text of the Manual Pages',
    );
  });
});

describe('a manual page named with its section', () => {
  it('is not met by the same name in another section', async () => {
    const index = pageAt('http://man.test/whatis?4', 'Section 4: Special Files')(
      el('h', 'heading', 'Section 4: Special Files', at(10, 20, 600, 30)),
      el('cc', 'link', 'console_codes(4)', { href: '/man2html?4+console_codes', ...at(10, 60, 140, 17) }),
      el('tty', 'link', 'tty(4)', { href: '/man2html?4+tty', ...at(10, 80, 60, 17) }),
      el('s5', 'link', '5. File Formats', { href: '/whatis?5', ...at(10, 200, 140, 17) }),
    );
    expect(said(await resolveClick(index, 'console_codes(5)'))).toBe('none');
    expect(said(await resolveClick(index, 'console_codes(4)'))).toBe('console_codes(4)');
  });
});

describe("a list followed by a sentence's link", () => {
  it('does not count the mention among the entries', async () => {
    const entries = ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'FILES', 'SEE ALSO', 'AUTHORS'];
    const page = pageAt('http://man.test/man2html?8+apcupsd', 'Manpage of APCUPSD')(
      el('h', 'heading', 'Index', at(8, 3000, 600, 30)),
      ...entries.map((name, i) =>
        el(`e${i}`, 'link', name, {
          href: `#lbA${i}`,
          heading: 'Index',
          near: entries[i - 1],
          ...at(8, 3040 + 18 * i, 100, 17),
        }),
      ),
      el('m', 'link', 'man2html', {
        href: '/man2html',
        heading: 'Index',
        near: 'This document was created by',
        ...at(207, 3251, 65, 17),
      }),
    );
    expect(said(await resolveClick(page, 'the last entry in the index'))).toBe('AUTHORS');
  });
});

describe("a name's home page", () => {
  it("is the link bearing the name alone, not this manual's own Home", async () => {
    const page = pageAt('http://docs.test/ChSrcGitRepository.html', '3.2. The Wireshark Git repository')(
      el('h', 'heading', '3.2. The Wireshark Git repository'),
      el('home', 'link', 'Home', { href: 'index.html', rel: 'home', heading: '3.2. The Wireshark Git repository' }),
      el('git', 'link', 'Git', { href: 'https://git-scm.test/', near: 'The Wireshark source code is kept in' }),
      el('gl', 'link', 'GitLab', { href: 'https://gitlab.test/wireshark' }),
    );
    expect(said(await resolveClick(page, 'the Git home page'))).toBe('Git');
    expect(said(await resolveClick(page, 'the home page'))).toBe('Home');
  });
});
