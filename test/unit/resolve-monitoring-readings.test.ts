/**
 * Readings for monitoring and admin apps whose lists select records with a box per row and a box for all of them,
 * put a column of actions beside each record's name, wrap menu links in clickable items, and for manuals that
 * name versions: each case here went wrong (or asked) before its reading.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://monitor.test/hosts', 'Hosts');

/** The element at (x, y), in the regions given. */
const at = (e: SnapshotElement, x: number, y: number, region: string[], width = 90, height = 16): SnapshotElement => ({
  ...e,
  box: { x, y, width, height },
  region,
});

const TABLE = ['main', 'form', 'table'];

/** A host list: a box, the host's name (its edit link) and its "Items" and "Triggers" links, one row per host. */
const hostRows = (hosts: string[], boxName = ''): SnapshotElement[] =>
  hosts.flatMap((host, i) => {
    const y = 100 + 30 * i;
    const h = { heading: 'Hosts' };
    return [
      at(el(`b${i}`, 'checkbox', boxName, { attributes: `hostids[${i}]`, ...h }), 195, y, TABLE, 16),
      at(el(`n${i}`, 'link', host, { href: `/host.edit?hostid=${i}`, column: 'Name', ...h }), 221, y, TABLE),
      at(el(`i${i}`, 'link', 'Items', { href: `/items?hostid=${i}`, column: 'Items', ...h }), 327, y, TABLE),
      at(el(`t${i}`, 'link', 'Triggers', { href: `/triggers?hostid=${i}`, column: 'Triggers', ...h }), 382, y, TABLE),
    ];
  });

const HOSTS = ['Harbour database', 'Harbour web 01', 'Lighthouse router', 'Zabbix server'];

const menu = [
  at(el('m0', 'link', 'Hosts', { href: '/host.view' }), 0, 40, ['aside', 'nav Main navigation']),
  at(el('m1', 'link', 'All hosts', { href: '/host.list' }), 200, 60, ['main', 'nav Hierarchy']),
];
const heading = at(el('h0', 'heading', 'Hosts', { interactive: false }), 200, 20, ['header']);

const hrefOf = (answer: Awaited<ReturnType<typeof resolveClick>>): string | undefined =>
  'match' in answer ? answer.match.href : undefined;
const attributesOf = (answer: Awaited<ReturnType<typeof resolveClick>>): string | undefined =>
  'match' in answer ? answer.match.attributes : undefined;

describe('boxes that select records', () => {
  const list = page(
    ...menu,
    heading,
    at(el('all', 'checkbox', '', { attributes: 'all_hosts', heading: 'Hosts' }), 195, 70, TABLE, 16),
    ...hostRows(HOSTS),
  );

  it("ticks the box of the row a record names, not the record's link", async () => {
    expect(attributesOf(await resolveClick(list, 'tick Lighthouse router'))).toBe('hostids[2]');
  });

  it("still leaves a row's box alone when it has a name of its own the description does not say", async () => {
    const named = page(...menu, heading, ...hostRows(HOSTS, 'Enabled'));
    expect(attributesOf(await resolveClick(named, 'tick Lighthouse router'))).toBeUndefined();
  });

  it('reads "select all" and "select every host" as the box for all rows, not a link saying "All hosts"', async () => {
    expect(attributesOf(await resolveClick(list, 'select all'))).toBe('all_hosts');
    expect(attributesOf(await resolveClick(list, 'select every host'))).toBe('all_hosts');
    expect(attributesOf(await resolveClick(list, 'tick all hosts'))).toBe('all_hosts');
  });

  it('still takes a control that says it ("Check All"), and asks when two boxes are for all', async () => {
    const phpStyle = page(...menu, el('c0', 'link', 'Check All', { href: '#' }), el('c1', 'link', 'Uncheck All'));
    expect(said(await resolveClick(phpStyle, 'Check All'))).toBe('Check All');
    const twoAlls = page(
      ...menu,
      at(el('p', 'checkbox', '', { attributes: 'all-page' }), 19, 250, TABLE, 13),
      at(el('w', 'checkbox', '4 rows', { attributes: 'all' }), 27, 420, ['form Whole result'], 13),
    );
    expect(attributesOf(await resolveClick(twoAlls, 'select all rows on this page'))).not.toBe('all');
  });
});

describe('counting the records of a table', () => {
  const list = page(...menu, heading, ...hostRows(HOSTS));

  it('counts the records by their names, not a column of the same action on each', async () => {
    expect(hrefOf(await resolveClick(list, 'the first host in the list'))).toBe('/host.edit?hostid=0');
    expect(hrefOf(await resolveClick(list, 'the last host'))).toBe('/host.edit?hostid=3');
  });

  it('counts the column whose links lead to the kind, not the column of what each record holds', async () => {
    const groups = page(
      ...menu,
      at(el('h', 'heading', 'Host groups', { interactive: false }), 200, 20, ['header']),
      ...['Database servers', 'Harbour', 'Network devices'].flatMap((group, i) => [
        at(
          el(`g${i}`, 'link', group, { href: `/hostgroups.php?form=update&groupid=${i}`, heading: 'Host groups' }),
          221,
          100 + 40 * i,
          TABLE,
        ),
        at(
          el(`m${i}`, 'link', `${group} host`, { href: `/host.edit?hostid=${i}`, heading: 'Host groups' }),
          600,
          100 + 40 * i,
          TABLE,
        ),
      ]),
    );
    expect(hrefOf(await resolveClick(groups, 'the first group'))).toBe('/hostgroups.php?form=update&groupid=0');
  });

  it('acts on the record counted with the control of its row that does what the verb says', async () => {
    const admins = page(
      at(el('h', 'heading', 'Administrators', { interactive: false }), 0, 20, ['main']),
      ...['admin@harbour.example', 'ops@harbour.example', 'root@harbour.example'].flatMap((name, i) => [
        at(el(`a${i}`, 'link', name, { href: `/list?username=${i}`, heading: 'Administrators' }), 20, 100 + 30 * i, [
          'main',
          'table',
        ]),
        at(
          el(`x${i}`, 'link', 'YES', { href: `/editactive?id=${i}&active=0`, heading: 'Administrators', row: name }),
          400,
          100 + 30 * i,
          ['main', 'table'],
        ),
      ]),
    );
    expect(hrefOf(await resolveClick(admins, 'deactivate the last admin'))).toBe('/editactive?id=2&active=0');
  });
});

describe('sorting a table', () => {
  it('reads "sort by host" as the Host column\'s sort link, "by" joining the verb to the column', async () => {
    const latest = page(
      at(el('m0', 'link', 'Hosts', { href: '/zabbix/zabbix.php?action=host.view' }), 0, 40, ['aside', 'nav']),
      at(el('m1', 'link', 'Hosts', { href: '/zabbix/hostinventories.php' }), 0, 60, ['aside', 'nav']),
      at(el('m2', 'link', 'Host groups', { href: '/zabbix/hostgroups.php' }), 0, 80, ['aside', 'nav']),
      at(el('g', 'textbox', 'Host groups', { attributes: 'groupids' }), 300, 60, ['main', 'form']),
      at(el('f', 'textbox', 'Hosts', { attributes: 'hostids' }), 300, 80, ['main', 'form']),
      at(
        el('h', 'link', 'Host', {
          href: '/zabbix/zabbix.php?action=latest.view&hostids%5B0%5D=1&sort=host&sortorder=ASC',
        }),
        221,
        140,
        TABLE,
      ),
      at(
        el('n', 'link', 'Name', {
          href: '/zabbix/zabbix.php?action=latest.view&hostids%5B0%5D=1&sort=name&sortorder=DESC',
        }),
        421,
        140,
        TABLE,
      ),
    );
    expect(said(await resolveClick(latest, 'sort by host'))).toBe('Host');
    expect(said(await resolveClick(latest, 'sort by name'))).toBe('Name');
  });
});

describe('a leading verb that names the control next to a field', () => {
  it('reads "Select next to Key" as the Select button beside the Key field, not the field', async () => {
    const form = page(
      at(el('k', 'textbox', 'Key', { attributes: 'key' }), 300, 200, ['main', 'form']),
      at(el('s', 'button', 'Select'), 760, 200, ['main', 'form'], 60, 24),
      at(el('n', 'textbox', 'Name', { attributes: 'name' }), 300, 160, ['main', 'form']),
      at(el('s2', 'button', 'Select'), 760, 300, ['main', 'form'], 60, 24),
      at(el('m', 'textbox', 'Master item'), 300, 300, ['main', 'form']),
    );
    const answer = await resolveClick(form, 'Select next to Key');
    expect('match' in answer && answer.match.id).toBe('s');
  });
});

describe('a word that is usually filler', () => {
  it('reads "the first text link" as the first link named "text", not the first link of the page', async () => {
    const log = page(
      el('b', 'link', '[BACK]', { href: '/cvsweb/#main.c' }),
      el('u', 'link', 'tideclock', { href: '/cvsweb/tideclock/' }),
      ...['1.3', '1.2'].flatMap((rev) => [
        el(`d${rev}`, 'link', 'download', { href: `main.c?rev=${rev}` }),
        el(`t${rev}`, 'link', 'text', { href: `main.c?rev=${rev};content-type=text%2Fplain` }),
        el(`m${rev}`, 'link', 'markup', { href: `main.c?rev=${rev};content-type=text%2Fx-cvsweb-markup` }),
      ]),
    );
    expect(hrefOf(await resolveClick(log, 'the first text link'))).toBe('main.c?rev=1.3;content-type=text%2Fplain');
  });
});

describe('"option" as documentation and settings use it', () => {
  it('reads "the X option" as the link to X\'s entry or the box that sets it, not only a dropdown\'s option', async () => {
    const help = page(
      el('t', 'link', "'tabpagemax'", { href: "options.html#'tabpagemax'", near: 'the maximum is set by' }),
      el('o', 'link', 'options.txt', { href: 'options.html' }),
      el('w', 'link', "'tabline'", { href: "options.html#'tabline'" }),
    );
    expect(hrefOf(await resolveClick(help, "the 'tabpagemax' option"))).toBe("options.html#'tabpagemax'");
    const settings = page(
      el('v', 'checkbox', 'Verbose logging'),
      el('s', 'button', 'Save'),
      el('l', 'combobox', 'Language', { value: 'English' }),
    );
    expect(said(await resolveClick(settings, 'the verbose logging option'))).toBe('Verbose logging');
  });
});

describe('the path at the top of a file browser', () => {
  it('reads "in the path" as the trail of parent folders drawn with slashes', async () => {
    const listing = page(
      at(el('p0', 'link', '[Tidewater projects]', { href: '/cvsweb/#dirlist', near: 'Up to' }), 60, 40, []),
      at(el('p1', 'link', 'tideclock', { href: '/cvsweb/tideclock/#dirlist', near: '/' }), 220, 40, []),
      at(el('p2', 'link', 'src', { href: '/cvsweb/tideclock/src/#dirlist', near: '/' }), 300, 40, []),
      at(el('f', 'textbox', 'Module path or alias:', { attributes: 'path' }), 200, 90, ['form']),
      at(el('t', 'link', 'tideclock.c', { href: './tideclock.c' }), 40, 200, ['table']),
      at(el('r', 'link', 'tideclock', { href: '/cvsweb/?tag=tideclock' }), 40, 240, ['table']),
    );
    expect(hrefOf(await resolveClick(listing, 'tideclock in the path at the top'))).toBe('/cvsweb/tideclock/#dirlist');
    expect(hrefOf(await resolveClick(listing, 'src in the path'))).toBe('/cvsweb/tideclock/src/#dirlist');
  });
});

describe('a step the page does not offer', () => {
  it('finds no previous page on a first page whose "previous" arrow is a greyed-out image, no link', async () => {
    const first = page(
      el('n', 'link', 'next', { href: 'node1.html' }),
      el('u', 'img', 'up', { interactive: false }),
      el('p', 'img', 'previous', { interactive: false }),
      el('i', 'link', 'index', { href: 'node649.html', near: 'previous' }),
    );
    expect(said(await resolveClick(first, 'previous'))).toBe('none');
    expect(said(await resolveClick(first, 'next'))).toBe('next');
  });

  it('still follows a "previous" arrow that is a link', async () => {
    const later = page(
      el('n', 'link', 'next', { href: 'node3.html' }),
      el('p', 'link', 'previous', { href: 'node1.html' }),
      el('i', 'link', 'index', { href: 'node649.html' }),
    );
    expect(hrefOf(await resolveClick(later, 'previous'))).toBe('node1.html');
  });
});

describe('a home page that is a place in this page', () => {
  it('finds no "ncurses home page" in a manual whose "HOME" link leads to its own section on the variable', async () => {
    const manual = pageAt('http://docs.test/ncurses/man/ncurses.3x.html', 'ncurses 6.4 - ncurses')(
      el('h', 'heading', 'HOME', { interactive: false, attributes: 'h3-HOME' }),
      el('a', 'link', 'HOME', { href: '#h3-HOME', region: ['nav'] }),
      el('t', 'link', 'TERM', { href: '#h3-TERM', region: ['nav'] }),
      el('f', 'link', 'terminfo(5)', { href: 'terminfo.5.html', near: 'The ncurses library reads' }),
      // "ncurses" is on every other line of its own manual: a common word there, "home" a rare one.
      ...['addch', 'getch', 'refresh', 'window', 'color', 'mouse', 'border', 'inopts'].map((name, i) =>
        el(`c${i}`, 'link', `curs_${name}(3X)`, { href: `curs_${name}.3x.html`, near: `ncurses routines: ${name}` }),
      ),
    );
    expect(said(await resolveClick(manual, 'the ncurses home page'))).toBe('none');
  });

  it("still follows a one-page site's Home link to its top", async () => {
    const onePage = page(
      el('a', 'link', 'Home', { href: '#home', region: ['nav'] }),
      el('b', 'link', 'About', { href: '#about', region: ['nav'] }),
    );
    expect(hrefOf(await resolveClick(onePage, 'the home page'))).toBe('#home');
  });
});

describe('abbreviations', () => {
  it('reads a column headed "Rev." as the revisions: "tide.h\'s revision" is the link in its row', async () => {
    const listing = page(
      ...['main.c', 'tide.h'].flatMap((file, i) => [
        at(el(`f${i}`, 'link', file, { href: `${file}?only_with_tag=RELENG_1`, column: 'File' }), 38, 200 + 30 * i, [
          'table',
        ]),
        at(
          el(`r${i}`, 'link', '1.1.1.1', {
            href: `${file}?rev=1.1.1.1;only_with_tag=RELENG_1`,
            column: 'Rev.',
            row: `[TXT] ${file}`,
          }),
          291,
          200 + 30 * i,
          ['table'],
        ),
        at(
          el(`a${i}`, 'cell', '2 years', { column: 'Age', row: `[TXT] ${file}`, interactive: false }),
          340,
          200 + 30 * i,
          ['table'],
        ),
      ]),
    );
    expect(hrefOf(await resolveClick(listing, "tide.h's revision"))).toBe('tide.h?rev=1.1.1.1;only_with_tag=RELENG_1');
  });
});

describe('words that must be there', () => {
  it('finds nothing for a version the page never names', async () => {
    const home = page(
      el('h', 'heading', 'libxml', { interactive: false }),
      el('d', 'link', 'Downloads', { href: '/downloads.html', heading: 'libxml' }),
      el('f', 'link', 'FAQ', { href: '/FAQ.html', heading: 'libxml' }),
      el('n', 'link', 'News', { href: '/news.html', heading: 'libxml' }),
    );
    expect(said(await resolveClick(home, 'Download libxml2 2.9.14'))).toBe('none');
    expect(said(await resolveClick(home, 'Downloads'))).toBe('Downloads');
  });

  it('still finds a version written in another way ("v1.9" as from_v1_9)', async () => {
    const reference = page(
      el('r', 'link', '#reinstate_undocumented_behaviour_from_v1_9= (value)', {
        href: '#reinstate_undocumented_behaviour_from_v1_9=-instance_method',
      }),
      el('o', 'link', 'API#mock', { href: 'API.html#mock' }),
    );
    expect(hrefOf(await resolveClick(reference, 'reinstate undocumented behaviour from v1.9'))).toBe(
      '#reinstate_undocumented_behaviour_from_v1_9=-instance_method',
    );
  });

  it('reads a word with a prefix that turns it around as another word: "unacknowledged" is no "acknowledge"', async () => {
    const filter = page(el('u', 'checkbox', 'Show unacknowledged only'), el('c', 'button', 'Compact view'));
    expect(said(await resolveClick(filter, 'Acknowledge'))).toBe('none');
    expect(said(await resolveClick(filter, 'unacknowledged only'))).toBe('Show unacknowledged only');
  });
});

describe('wrappers and headers around a control', () => {
  it('clicks the link a menu item wraps when the item says nothing more', async () => {
    const sidebar = page(
      at(el('li', 'generic', 'Sign out', { tag: 'li' }), 0, 668, ['aside', 'nav User menu'], 175, 40),
      at(el('a', 'link', 'Sign out', { href: '#signout', parent: 'li' }), 0, 668, ['aside', 'nav User menu'], 175, 40),
      at(el('p', 'checkbox', 'Auto-logout'), 300, 200, ['main', 'form']),
    );
    expect(hrefOf(await resolveClick(sidebar, 'Sign out'))).toBe('#signout');
  });

  it("clicks the sort link that bears a column header's words", async () => {
    const table = page(
      at(
        el('th', 'columnheader', 'Status', { interactive: false, visible: false }),
        0,
        0,
        ['main', 'header', 'table'],
        0,
        0,
      ),
      at(el('s', 'link', 'Status', { href: '?sort=status' }), 1143, 81, TABLE, 68, 41),
      at(el('e', 'link', 'Enabled', { href: 'javascript:void(0)' }), 1143, 140, TABLE),
    );
    expect(hrefOf(await resolveClick(table, 'the Status column header'))).toBe('?sort=status');
  });
});
