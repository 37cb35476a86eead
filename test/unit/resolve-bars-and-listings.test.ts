/**
 * Readings for pages whose parts are drawn rather than marked: a folder's listing whose rows carry type icons,
 * tabs made of plain links above a panel, a section named by its heading, an FAQ's question asked whole. Each case
 * here went wrong before its reading.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const at = (x: number, y: number, width: number, height: number) => ({ box: { x, y, width, height } });

describe('a folder listing whose rows carry type icons', () => {
  /** One row: the type icon in its cell, then the item's link, as Apache's mod_autoindex draws them. */
  const row = (i: number, type: string, name: string, href: string): SnapshotElement[] => [
    el(`c${i}`, 'cell', type, {
      interactive: false,
      region: ['table'],
      heading: 'Index of /files',
      ...at(10, 100 + 28 * i, 22, 28),
    }),
    el(`i${i}`, 'img', type, {
      interactive: false,
      region: ['table'],
      parent: `c${i}`,
      ...at(11, 101 + 28 * i, 20, 22),
    }),
    el(`l${i}`, 'link', name, {
      href,
      region: ['table'],
      heading: 'Index of /files',
      column: 'Name',
      ...at(35, 105 + 28 * i, 80, 17),
    }),
  ];
  const listing = pageAt('http://files.test/files/', 'Index of /files')(
    el('h', 'heading', 'Index of /files', at(10, 20, 400, 40)),
    ...row(0, '[PARENTDIR]', 'Parent Directory', '/'),
    ...row(1, '[DIR]', 'photos/', '/files/photos/'),
    ...row(2, '[DIR]', 'reports/', '/files/reports/'),
    ...row(3, '[TXT]', 'README.txt', '/files/README.txt'),
    ...row(4, '[DIR]', 'scripts/', '/files/scripts/'),
  );

  it('counts the folders by their links, not their icons, and not the way up', async () => {
    expect(said(await resolveClick(listing, 'the last folder'))).toBe('scripts/');
    expect(said(await resolveClick(listing, 'the second directory'))).toBe('reports/');
  });

  it('counts the photos by the links their icons stand beside', async () => {
    const photos = pageAt('http://files.test/photos/', 'Index of /photos')(
      el('h', 'heading', 'Index of /photos', at(10, 20, 400, 40)),
      ...row(0, '[PARENTDIR]', 'Parent Directory', '/'),
      ...row(1, '[IMG]', 'harbour.jpg', '/photos/harbour.jpg'),
      ...row(2, '[IMG]', 'lighthouse.jpg', '/photos/lighthouse.jpg'),
    );
    expect(said(await resolveClick(photos, 'the first photo'))).toBe('harbour.jpg');
  });

  it('does not count the way up as a file, though it is the first of the entries', async () => {
    const reports = pageAt('http://files.test/reports/', 'Index of /reports')(
      el('h', 'heading', 'Index of /reports', at(10, 20, 400, 40)),
      ...row(0, '[PARENTDIR]', 'Parent Directory', '/'),
      ...row(1, '[TXT]', 'budget-2025.csv', '/reports/budget-2025.csv'),
      ...row(2, '[TXT]', 'q1-summary.txt', '/reports/q1-summary.txt'),
      ...row(3, '[TXT]', 'q2-summary.txt', '/reports/q2-summary.txt'),
    );
    expect(said(await resolveClick(reports, 'the first file in the list'))).toBe('budget-2025.csv');
    expect(said(await resolveClick(reports, 'the first entry'))).toBe('Parent Directory');
  });
});

describe('tabs made of plain links', () => {
  const languages = ['Afrikaans', 'Català', 'Dansk', 'Deutsch', 'Español', 'Français', 'Italiano', 'Nederlands'];
  const page = pageAt('http://idp.test/welcome', 'Installation page')(
    el('t', 'link', 'Installation page', { href: '/', region: ['header'], ...at(96, 54, 257, 21) }),
    // A language bar wrapping over two lines: links side by side, but no row of tabs.
    ...languages.map((name, i) =>
      el(`lang${i}`, 'link', name, {
        href: `?language=${i}`,
        ...at(90 + 80 * (i % 4), 108 + 20 * Math.floor(i / 4), 70, 16),
      }),
    ),
    ...['Welcome', 'Configuration', 'Authentication', 'Federation'].map((name, i) =>
      el(`tab${i}`, 'link', name, {
        href: i ? `/${name.toLowerCase()}` : '#',
        region: ['nav'],
        ...at(104 + 110 * i, 201, 100, 31),
      }),
    ),
    el('admin', 'link', 'Login as administrator', { href: '/login', ...at(700, 240, 160, 16) }),
    el('copy', 'link', 'UNINETT AS', { href: 'https://uninett.test/', region: ['footer'], ...at(237, 392, 78, 16) }),
  );

  it('counts the one row of links standing alone on its line', async () => {
    expect(said(await resolveClick(page, 'the second tab'))).toBe('Configuration');
    expect(said(await resolveClick(page, 'the last tab'))).toBe('Federation');
  });
});

describe('a place named by its heading', () => {
  it('is the heading whose whole name the description says, not a control saying the words among its own', async () => {
    const page = pageAt('http://idp.test/error', 'Error')(
      el('h1', 'heading', 'Debug information', at(10, 100, 600, 30)),
      el('copy', 'button', 'Copy to clipboard', at(10, 140, 30, 30)),
      el('h2', 'heading', 'Report errors', at(10, 200, 600, 30)),
      el('mail', 'textbox', 'E-mail address', at(10, 240, 300, 24)),
      el('send', 'button', 'Send error report', at(10, 380, 160, 30)),
      el('foot', 'link', 'UNINETT AS', { href: 'https://uninett.test/', region: ['footer'], ...at(237, 480, 78, 16) }),
    );
    expect(said(await resolveClick(page, 'the button under Report errors'))).toBe('Send error report');
  });
});

describe('a question asked whole', () => {
  it("is the entry that says it, not a link that is only the question's one word of weight", async () => {
    const faq = pageAt('http://faq.test/index.html', 'Asymptote Frequently Asked Questions')(
      el('s1', 'link', 'Section 1. About Asymptote', { href: 'section1.html' }),
      el('q1', 'link', 'Q1.1. What is Asymptote?', { href: 'section1.html#whatisasy' }),
      el('q2', 'link', 'Q1.2. How do I obtain Asymptote?', { href: 'section1.html#whereisasy' }),
      el('home', 'link', 'Asymptote', { href: 'https://asymptote.example/', region: ['footer'] }),
    );
    expect(said(await resolveClick(faq, 'What is Asymptote?'))).toBe('Q1.1. What is Asymptote?');
  });
});

describe('an address written as the description', () => {
  it('is the link writing it whole, not one writing part of it', async () => {
    const page = pageAt('http://radio.test/version.xsl', 'Icecast Streaming Media Server')(
      el('d', 'link', 'icecast.org', { href: 'https://icecast.test/download/', near: 'Download' }),
      el('g', 'link', 'icecast.org/download/#git', { href: 'https://icecast.test/download/#git' }),
      el('doc', 'link', 'icecast.org/docs', { href: 'https://icecast.test/docs/', near: 'Documentation' }),
      el('c', 'link', 'icecast.org/contact', { href: 'https://icecast.test/contact/' }),
    );
    expect(said(await resolveClick(page, 'icecast.org/docs'))).toBe('icecast.org/docs');
  });
});

describe('a place named by a legend', () => {
  it('holds what is under it: the button in the fieldset the legend names', async () => {
    const GROUP = ['form Add new user', 'group Add new user'];
    const page = pageAt('http://radio.test/admin/manageauth.xsl', 'Icecast Streaming Media Server')(
      el('h', 'heading', 'Mountpoint /members.mp3', at(10, 300, 600, 30)),
      el('u', 'textbox', 'Username:', { region: GROUP, ...at(274, 451, 181, 27) }),
      el('p', 'textbox', 'Password:', { region: GROUP, ...at(274, 490, 181, 27) }),
      el('add', 'button', 'Add', { region: GROUP, ...at(94, 537, 36, 27) }),
      el('f', 'link', 'www.icecast.org', {
        href: 'https://www.icecast.test/',
        near: 'Support icecast development at',
        region: ['footer'],
        ...at(241, 627, 92, 16),
      }),
    );
    expect(said(await resolveClick(page, 'the button under Add new user'))).toBe('Add');
  });
});
