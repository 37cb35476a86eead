/**
 * Readings for apps' lists whose rows open with a cell of action links ("[ Edit ] [ Clone ] [ Delete ]") before the
 * record's name, and for their footers' links to the project's site: each case here went wrong (or asked) before its
 * reading.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { storedSnapshot } from '../fixtures/real-pages/corpus.js';
import { el, pageAt, resolveClick } from '../support/hand-made-snapshot.js';

const page = pageAt('http://bouncer.test/mods/global/webadmin/listusers', 'Manage Users');

const at = (e: SnapshotElement, x: number, y: number, width = 50): SnapshotElement => ({
  ...e,
  box: { x, y, width, height: 16 },
  region: ['table'],
});

const ACTIONS = '[ Edit ] [ Clone ] [';

/** One row per user: its three action links in the first cell, then the user's name in a cell of its own. */
const users = (names: string[], header = ACTIONS): SnapshotElement[] =>
  names.flatMap((user, i) => {
    const y = 100 + 30 * i;
    return [
      at(el(`e${i}`, 'link', 'Edit', { href: `/edituser?user=${user}`, column: '[ Add ]' }), 200, y),
      at(el(`c${i}`, 'link', 'Clone', { href: `/adduser?clone=${user}`, column: '[ Add ]' }), 260, y),
      at(el(`d${i}`, 'link', 'Delete', { href: `/deluser?user=${user}`, column: '[ Add ]' }), 320, y),
      at(el(`n${i}`, 'cell', user, { interactive: false, row: header, column: 'Username' }), 390, y, 96),
    ];
  });

const hrefOf = (answer: Awaited<ReturnType<typeof resolveClick>>): string | undefined =>
  'match' in answer ? answer.match.href : undefined;

describe('a row that opens with its action links', () => {
  const list = page(at(el('add', 'link', 'Add', { href: '/adduser' }), 200, 70), ...users(['admin', 'alice', 'bob']));

  it("takes the action the description names in the record's row, not the record's cell", async () => {
    expect(hrefOf(await resolveClick(list, 'Clone bob'))).toBe('/adduser?clone=bob');
    expect(hrefOf(await resolveClick(list, 'Edit alice'))).toBe('/edituser?user=alice');
  });

  it('still reads a row header that says more than the controls as what the record is called', async () => {
    const named = page(...users(['admin', 'alice', 'bob'], 'Clone of the harbour account'));
    expect(hrefOf(await resolveClick(named, 'Clone bob'))).toBeUndefined();
  });
});

describe("the project's website in an app's footer", () => {
  const login = pageAt('http://bouncer.test/login', 'ZNC')(
    at(el('logo', 'link', 'ZNC', { href: '/' }), 20, 10),
    at(el('home', 'link', 'ZNC', { href: '/', near: 'Home' }), 200, 40),
    at(el('site', 'link', 'https://znc.in', { href: 'https://znc.in/', near: 'ZNC 1.8.2 -' }), 600, 590, 63),
  );

  it('is not taken over a question that says the whole description', async () => {
    // PuTTY's FAQ: the question's contents entry, its heading, and under it the link to the project's site.
    const faq = storedSnapshot({ site: 'putty', page: 'AppendixA.html' });
    expect(hrefOf(await resolveClick(faq, 'Is putty.org your website?'))).toBe('#faq-putty-org');
  });

  it('is the one link leaving this site that comes close, when the best ones all stay here', async () => {
    expect(hrefOf(await resolveClick(login, 'the ZNC website link at the bottom'))).toBe('https://znc.in/');
  });

  it('still leaves a description that asks for no website to the best ones', async () => {
    expect(hrefOf(await resolveClick(login, 'the ZNC link'))).toBe('/');
  });
});

describe('an ordinal over a kind alone', () => {
  const manual = pageAt('http://harbour.test/manual/', 'Tide Manual');
  const contents = manual(
    el('t', 'heading', 'Tide Manual Reference'),
    el('a', 'link', '1.1. Almanacs', { href: 'almanacs.html', heading: 'Tide Manual Reference' }),
    el('b', 'link', '1.2. Buoys', { href: 'buoys.html', heading: 'Tide Manual Reference' }),
    el('k', 'link', '1.3. Linking charts', { href: 'linking.html', heading: 'Tide Manual Reference' }),
    el('m', 'link', '1.4. Moorings', { href: 'moorings.html', heading: 'Tide Manual Reference' }),
  );

  it('counts every element of the kind: one whose name holds the kind word is not first for it', async () => {
    for (const description of ['the first link under the tide manual reference', 'the first link']) {
      const first = await resolveClick(contents, description);
      expect('match' in first && first.match.name, description).toBe('1.1. Almanacs');
    }
  });

  it('still reads the kind word as a name without an ordinal', async () => {
    const named = await resolveClick(contents, 'the linking link');
    expect('match' in named && named.match.name).toBe('1.3. Linking charts');
  });
});

describe('an ordinal over copies of one link', () => {
  // Erlang's lists reference links "ordering function" from several functions' descriptions, all to one place.
  const lists = storedSnapshot({ site: 'erlang', page: 'lib/stdlib-4.2/doc/html/lists.html' });
  const numbered = pageAt('http://harbour.test/book/', 'Contents')(
    el('s', 'link', '4.2. Creating the First Chart', { href: 'charts.html#first', heading: 'Contents' }),
    el('t', 'link', '4.3. Tides', { href: 'tides.html', heading: 'Contents' }),
  );

  it('counts them as one item, which the description names only in part', async () => {
    expect('match' in (await resolveClick(lists, 'the last function on the page'))).toBe(false);
  });

  it('still takes a name that holds the counting word, its section number aside', async () => {
    const named = await resolveClick(numbered, 'Creating the First Chart');
    expect('match' in named && named.match.id).toBe('s');
  });
});

describe('a link back to the page itself', () => {
  // NTPsec's command index: each section's list of commands ends with a link back to the index itself.
  const at = (e: SnapshotElement, y: number, x = 125): SnapshotElement => ({
    ...e,
    box: { x, y, width: 200, height: 16 },
  });
  const index = pageAt('http://ntp.test/docs/comdex.html', 'Command Index')(
    at(el('h1', 'heading', '1. Server Commands and Options', { interactive: false }), 100, 5),
    at(
      el('s1', 'link', 'server - configure client association', {
        href: 'confopt.html#server',
        heading: '1. Server Commands and Options',
      }),
      130,
    ),
    at(
      el('s2', 'link', 'peer - configure symmetric peer', {
        href: 'confopt.html#peer',
        heading: '1. Server Commands and Options',
      }),
      150,
    ),
    at(el('i1', 'link', 'Command Index', { href: 'comdex.html', heading: '1. Server Commands and Options' }), 170),
    at(el('h2', 'heading', '2. Miscellaneous Commands', { interactive: false }), 200, 5),
    at(
      el('m1', 'link', 'driftfile - specify frequency file', {
        href: 'miscopt.html#driftfile',
        heading: '2. Miscellaneous Commands',
      }),
      230,
    ),
    at(
      el('m2', 'link', 'tos - modify service parameters', {
        href: 'miscopt.html#tos',
        heading: '2. Miscellaneous Commands',
      }),
      250,
    ),
    at(el('i2', 'link', 'Command Index', { href: 'comdex.html', heading: '2. Miscellaneous Commands' }), 270),
  );

  it('is no item of the list it ends', async () => {
    const last = await resolveClick(index, 'the last miscellaneous command');
    expect('match' in last && last.match.id).toBe('m2');
  });

  it('is no item counted under a heading', async () => {
    const first = await resolveClick(index, 'the first command under Server Commands and Options');
    expect('match' in first && first.match.id).not.toBe('i1');
  });
});

describe('the page itself as the place counted', () => {
  // A manual page: its contents at the top, links in its text, a reference at its foot.
  const manual = pageAt('http://docs.test/File-Basename.html', 'File::Basename')(
    el('c1', 'link', 'NAME', { href: '#NAME', heading: 'CONTENTS' }),
    el('c2', 'link', 'SYNOPSIS', { href: '#SYNOPSIS', heading: 'CONTENTS' }),
    el('c3', 'link', 'SEE ALSO', { href: '#SEE-ALSO', heading: 'CONTENTS' }),
    el('t1', 'link', 'fileparse', { href: '#fileparse', heading: 'DESCRIPTION' }),
    el('t2', 'link', 'basename(1)', { href: 'http://man.test/man1/basename', heading: 'SEE ALSO' }),
  );

  it('counts every link of the page in order', async () => {
    const last = await resolveClick(manual, 'the last link on the page');
    expect('match' in last && last.match.id).toBe('t2');
    const first = await resolveClick(manual, 'the first link of the page');
    expect('match' in first && first.match.id).toBe('c1');
  });
});

describe('a list whose rows answer a click themselves', () => {
  /** One row per person: the row (its script ticks the box), the box, an icon and the entry's name to one place. */
  const rows = (people: [string, string][]): SnapshotElement[] =>
    people.flatMap(([uid, name], i) => {
      const y = 100 + 32 * i;
      const entry = `/cmd.php?cmd=template_engine&dn=uid%3D${uid}`;
      return [
        {
          ...el(`row${i}`, 'generic', `icon uid=${uid},ou=People ${name} ${uid}@example.org ${uid}`),
          box: { x: 300, y, width: 700, height: 30 },
          region: ['table', 'form'],
        },
        at(el(`box${i}`, 'checkbox', ''), 310, y + 6, 14),
        at(el(`icon${i}`, 'link', 'icon', { href: entry }), 340, y + 6, 16),
        at(el(`dn${i}`, 'link', `uid=${uid},ou=People`, { href: entry }), 370, y + 6, 200),
      ].map((e) => ({ ...e, region: ['table', 'form'] }));
    });
  const results = page(
    ...rows([
      ['alice', 'Alice Martin'],
      ['bob', 'Bob Okafor'],
      ['carol', 'Carol Nguyen'],
    ]),
  );

  it("takes the record's link for its name or its cell, not the row", async () => {
    expect(hrefOf(await resolveClick(results, 'alice'))).toBe('/cmd.php?cmd=template_engine&dn=uid%3Dalice');
    expect(hrefOf(await resolveClick(results, 'Bob Okafor'))).toBe('/cmd.php?cmd=template_engine&dn=uid%3Dbob');
  });

  it("takes the row's box when the description ticks it", async () => {
    const answer = await resolveClick(results, 'select bob');
    expect('match' in answer && answer.match.id).toBe('box1');
  });
});
