/**
 * Readings for admin screens whose tables name records in one column and what each holds in others, with a menu
 * that names a host and, under it, that host's pages: each case here went wrong (or asked) before its reading.
 */
import { describe, expect, it } from 'vitest';
import { storedSnapshot } from '../fixtures/real-pages/corpus.js';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://admin.test/hosts/', 'Hosts');
const TABLE = ['table'];
const TITLE = 'Virtual Hosts';

/** A row of the hosts table: the host's link, then counts linked in their columns. */
const hostRow = (host: string, y: number) => [
  el(`${host}-name`, 'link', host, {
    href: `/server/${host}/`,
    column: 'Host',
    heading: TITLE,
    region: TABLE,
    box: box(10, y),
  }),
  el(`${host}-users`, 'link', '3', {
    href: `/server/${host}/users/`,
    column: 'Registered Users',
    row: host,
    heading: TITLE,
    region: TABLE,
    box: box(200, y),
  }),
  el(`${host}-online`, 'link', '0', {
    href: `/server/${host}/online-users/`,
    column: 'Online Users',
    row: host,
    heading: TITLE,
    region: TABLE,
    box: box(400, y),
  }),
];
const box = (x: number, y: number) => ({ x, y, width: 80, height: 20 });

const hosts = page(
  el('h', 'heading', TITLE),
  el('c0', 'columnheader', 'Host', { interactive: false, region: TABLE, box: box(10, 100) }),
  el('c1', 'columnheader', 'Registered Users', { interactive: false, region: TABLE, box: box(200, 100) }),
  el('c2', 'columnheader', 'Online Users', { interactive: false, region: TABLE, box: box(400, 100) }),
  ...hostRow('harbour.test', 140),
  ...hostRow('lighthouse.test', 180),
);

describe('a cell known by its row and its column', () => {
  it('"the online users of lighthouse.test" is the count under Online Users in that host\'s row', async () => {
    // ejabberd's list of virtual hosts, as stored for the real-page corpus.
    const stored = storedSnapshot({ site: 'ejabberd', page: 'vhosts.html' });
    const answer = await resolveClick(stored, 'online users of lighthouse.test');
    expect('match' in answer && answer.match.href).toBe('/server/lighthouse.test/online-users/');
  });

  it('"the registered users count of harbour.test": a count is what a cell holds, not a word it must say', async () => {
    const answer = await resolveClick(hosts, 'the registered users count of harbour.test');
    expect('match' in answer && answer.match.href).toBe('/server/harbour.test/users/');
  });

  it('a possessive names the row: "keeper\'s offline messages" where rows say the whole address', async () => {
    const users = page(
      el('cu', 'columnheader', 'User', { interactive: false, region: TABLE, box: box(10, 100) }),
      el('co', 'columnheader', 'Offline Messages', { interactive: false, region: TABLE, box: box(300, 100) }),
      ...['deckhand', 'keeper'].flatMap((name, i) => [
        el(`${name}`, 'link', `${name}@harbour.test`, {
          href: `/user/${name}/`,
          column: 'User',
          region: TABLE,
          box: box(10, 140 + 40 * i),
        }),
        el(`${name}-q`, 'link', String(i * 2), {
          href: `/user/${name}/queue/`,
          column: 'Offline Messages',
          row: `${name}@harbour.test`,
          region: TABLE,
          box: box(300, 140 + 40 * i),
        }),
      ]),
    );
    const answer = await resolveClick(users, "keeper's offline messages");
    expect('match' in answer && answer.match.href).toBe('/user/keeper/queue/');
  });

  it('a row that says more than the owner is another record: "vcard" is not "vcard_search"', async () => {
    const tables = page(
      ...['vcard', 'vcard_search'].flatMap((name, i) => [
        el(name, 'link', name, { href: `/db/${name}/`, column: 'Name', region: TABLE, box: box(10, 140 + 40 * i) }),
        el(`${name}-type`, 'combobox', '', {
          attributes: `table${name}`,
          column: 'Storage Type',
          row: name,
          region: TABLE,
          box: box(200, 140 + 40 * i),
        }),
      ]),
    );
    const answer = await resolveClick(tables, 'storage type of the vcard table');
    expect('match' in answer && answer.match.attributes).toBe('tablevcard');
  });

  it('still asks when the owner names no row', async () => {
    expect(said(await resolveClick(hosts, 'online users of ferry.test'))).not.toBe('0');
  });
});

describe('a menu that names a host above its pages', () => {
  const menu = page(
    el('m0', 'link', 'Virtual Hosts', { href: '/vhosts/' }),
    el('m1', 'link', 'harbour.test', { href: '/server/harbour.test/' }),
    el('m2', 'link', 'Users', { href: '/server/harbour.test/users/' }),
    el('m3', 'link', 'Statistics', { href: '/server/harbour.test/stats/' }),
    el('m4', 'link', 'Statistics', { href: '/stats/' }),
  );

  it('"Statistics of harbour.test" is not the link "harbour.test", whose whole name is only the place', async () => {
    // ejabberd's shared-roster group form, as stored: its menu names the host, then the host's pages.
    const stored = storedSnapshot({ site: 'ejabberd', page: 'group.html' });
    expect(said(await resolveClick(stored, 'Statistics of harbour.test'))).not.toBe('harbour.test');
    expect(said(await resolveClick(menu, 'Statistics of harbour.test'))).not.toBe('harbour.test');
  });

  it('"the last link of the full contents" is not the link "Full Contents" that names the part', async () => {
    const manual = pageAt('http://docs.test/toc.html', 'Contents')(
      el('q', 'link', 'Quick Contents', { href: '#quick' }),
      el('f', 'link', 'Full Contents', { href: '#full' }),
      el('h', 'heading', 'Full Contents', { interactive: false }),
      el('a', 'link', 'Introduction', { href: 'intro.html', heading: 'Full Contents' }),
      el('b', 'link', 'Appendix', { href: 'appendix.html', heading: 'Full Contents' }),
    );
    expect(said(await resolveClick(manual, 'the last link of the full contents'))).not.toBe('Full Contents');
  });
});

describe('counting a table whose heading names its records', () => {
  it('"the last user" counts down the column headed User, not the counts beside it', async () => {
    const users = page(
      el('h', 'heading', 'Users'),
      ...['admin', 'deckhand', 'pilot'].flatMap((name, i) => [
        el(name, 'link', `${name}@harbour.test`, {
          href: `/user/${name}/`,
          column: 'User',
          heading: 'Users',
          region: TABLE,
          box: box(10, 140 + 40 * i),
        }),
        el(`${name}-q`, 'link', String(i), {
          href: `/user/${name}/queue/`,
          column: 'Offline Messages',
          row: `${name}@harbour.test`,
          heading: 'Users',
          region: TABLE,
          box: box(300, 140 + 40 * i),
        }),
      ]),
    );
    const answer = await resolveClick(users, 'the last user');
    expect('match' in answer && answer.match.href).toBe('/user/pilot/');
  });
});

describe('words of list actions', () => {
  it('ticked items are the selected ones', async () => {
    const queue = page(
      el('b0', 'button', 'Delete Selected'),
      el('b1', 'button', 'Add New'),
      el('x0', 'checkbox', '', { row: 'message 1' }),
    );
    expect(said(await resolveClick(queue, 'delete the ticked messages'))).toBe('Delete Selected');
  });
});

describe('a word said in passing by a record', () => {
  const log = page(
    el('c0', 'columnheader', 'Summary', { interactive: false, region: TABLE, box: box(10, 100) }),
    el('r0', 'link', 'Add next_high_water search', {
      href: '/revision/2',
      column: 'Summary',
      region: TABLE,
      box: box(10, 140),
    }),
    el('r1', 'link', 'Initial import of the tide calculator', {
      href: '/revision/1',
      column: 'Summary',
      region: TABLE,
      box: box(10, 180),
    }),
    el('m0', 'link', 'Changes', { href: '/changes' }),
  );

  it('"Search" on a change log with no search is not the commit whose message ends in "search"', async () => {
    expect(said(await resolveClick(log, 'Search'))).toBe('none');
  });

  it('still takes a record that its first word names', async () => {
    expect(said(await resolveClick(log, 'Initial import'))).toBe('Initial import of the tide calculator');
  });
});

describe('a column headed by an ordinary cell', () => {
  // A coverage report: its header row is cells marked by a class ("Directory", "Line Coverage"), not `<th>`.
  const cell = (id: string, name: string, x: number, y: number, width = 100): SnapshotElement => ({
    ...el(id, 'cell', name, { interactive: false }),
    box: { x, y, width, height: 20 },
    region: ['table'],
  });
  const link = (id: string, name: string, href: string, y: number): SnapshotElement => ({
    ...el(id, 'link', name, { href }),
    box: { x: 145, y, width: 30, height: 16 },
    region: ['table'],
  });
  const report = pageAt('http://coverage.test/index.html', 'coverage report')(
    cell('title', 'Current view: top level', 8, 50, 500),
    cell('dir', 'Directory Sort by name', 135, 174, 400),
    cell('lines', 'Line Coverage', 666, 174),
    link('lib', 'lib', 'lib/index.html', 202),
    cell('l1', '35 / 39', 746, 199),
    link('src', 'src', 'src/index.html', 223),
    cell('l2', '21 / 28', 746, 220),
    link('tests', 'tests', 'tests/index.html', 244),
  );

  it('says what its links are, as a header would', async () => {
    expect(said(await resolveClick(report, 'the first directory'))).toBe('lib');
    expect(said(await resolveClick(report, 'the last directory in the table'))).toBe('tests');
  });
});

describe('a data cell met whole for a hover', () => {
  // A monitor's overview: each group's name in its own cell, its status icon the row's one link.
  const cell = (id: string, name: string, y: number): SnapshotElement => ({
    ...el(id, 'cell', name, { interactive: false, column: 'Group' }),
    box: { x: 425, y, width: 180, height: 20 },
    region: ['table'],
  });
  const icon = (id: string, name: string, href: string, y: number): SnapshotElement => ({
    ...el(id, 'link', name, { href, column: 'Status' }),
    box: { x: 640, y: y + 2, width: 16, height: 16 },
    region: ['table'],
  });
  const overview = pageAt('http://monitor.test/xymon.html', 'Overview')(
    cell('g1', 'Servers', 100),
    icon('s1', 'green', '/servers/servers.html', 100),
    cell('g2', 'Branch office', 130),
    icon('s2', 'red', '/office/branch/branch.html', 130),
  );

  it("is the row's one link, as for a click", async () => {
    const answer = await offlineResolver.resolve(overview, 'hover Branch office', { intent: 'hover' });
    expect('match' in answer && answer.match.href).toBe('/office/branch/branch.html');
  });
});

describe("a folder's listing", () => {
  const row = (i: number, name: string, href: string, type: string): SnapshotElement[] => [
    {
      ...el(`l${i}`, 'link', name, { href }),
      box: { x: 20, y: 87 + 14 * i, width: 60, height: 14 },
      region: ['table'],
    },
    {
      ...el(`t${i}`, 'cell', type, { interactive: false, column: 'Type' }),
      box: { x: 300, y: 87 + 14 * i, width: 60, height: 14 },
      region: ['table'],
    },
  ];
  const listing = pageAt('http://files.test/pub/', 'Index of /pub/')(
    ...row(0, '..', '/', 'Directory'),
    ...row(1, 'docs', '/pub/docs/', 'Directory'),
    ...row(2, 'images', '/pub/images/', 'Directory'),
    ...row(3, 'mirrors', '/pub/mirrors/', 'Directory'),
    ...row(4, 'README', '/pub/README', 'text/plain'),
  );

  it('does not count its way up among the folders', async () => {
    const answer = await resolveClick(listing, 'the third directory');
    expect('match' in answer && answer.match.href).toBe('/pub/mirrors/');
  });

  it("does not click a record's datum for the record it names", async () => {
    const users = pageAt('http://cal.test/users', 'Users')(
      {
        ...el('h', 'columnheader', 'Email', { interactive: false }),
        box: { x: 300, y: 60, width: 200, height: 20 },
        region: ['table'],
      },
      {
        ...el('c', 'cell', 'carol@example.lan', { interactive: false, column: 'Email' }),
        box: { x: 300, y: 90, width: 200, height: 20 },
        region: ['table'],
      },
    );
    expect(said(await resolveClick(users, 'the user whose email is carol@example.lan'))).not.toBe('carol@example.lan');
  });
});
