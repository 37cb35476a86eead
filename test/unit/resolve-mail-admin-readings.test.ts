/**
 * Readings for mail and admin apps and for references with cross-module sidebars: forms labelled "To" and
 * "From", navigation bars of "top | back | next", logos that lead home, second password fields, selects called
 * menus, rows whose state is switched by a link, names that several controls bear, and program names a sidebar
 * repeats for other modules. Each case here went wrong (or asked) before its reading.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { storedSnapshot } from '../fixtures/real-pages/corpus.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://mail.test/admin/list.html', 'Admin');

const hrefOf = (answer: Awaited<ReturnType<typeof resolveClick>>): string | undefined =>
  'match' in answer ? answer.match.href : undefined;

const typed = (snapshot: ReturnType<typeof page>, description: string) =>
  offlineResolver.resolve(snapshot, description, { intent: 'type' });

const at = (e: SnapshotElement, x: number, y: number): SnapshotElement => ({
  ...e,
  box: { x, y, width: 60, height: 18 },
});

describe('labels and navigation words', () => {
  it("reads a description of stop words alone as a label's whole text", async () => {
    const compose = page(
      el('e0', 'combobox', 'From', { attributes: '_from' }),
      el('e1', 'textbox', 'To', { editable: true, attributes: '_to' }),
      el('e2', 'textbox', 'Reply-To', { editable: true }),
      el('e3', 'textbox', 'Subject', { editable: true }),
    );
    expect(await typed(compose, 'To')).toMatchObject({ match: { id: 'e1' } });
    expect(await resolveClick(compose, 'From')).toMatchObject({ match: { id: 'e0' } });
  });

  it('reads "top" alone as a link\'s name, and a lone "back" as the previous page', async () => {
    const chapter = page(
      at(el('e0', 'link', 'top', { href: '/report/index.html' }), 8, 26),
      at(el('e1', 'link', 'back', { href: '/report/lexemes.html' }), 40, 26),
      at(el('e2', 'link', 'next', { href: '/report/decls.html' }), 81, 26),
      at(el('e3', 'link', 'Back to top', { href: '#top' }), 8, 900),
    );
    expect(hrefOf(await resolveClick(chapter, 'top'))).toBe('/report/index.html');
    expect(hrefOf(await resolveClick(chapter, 'the previous chapter'))).toBe('/report/lexemes.html');
  });

  it("takes the site's logo at the top for home when no link says home", async () => {
    const main = page(
      at(el('e0', 'button', 'Toggle navigation'), 0, 0),
      at(el('e1', 'link', 'Logo', { href: '/admin/main.php' }), 20, 10),
      at(el('e2', 'link', 'Domain List', { href: '/admin/list.php?table=domain' }), 200, 10),
    );
    expect(hrefOf(await resolveClick(main, 'home'))).toBe('/admin/main.php');
  });

  it('knows the second password field and a select called a menu', async () => {
    const form = page(
      el('e0', 'textbox', 'Password', { editable: true, type: 'password', attributes: 'password' }),
      el('e1', 'textbox', 'Password (again)', { editable: true, type: 'password', attributes: 'password2' }),
      el('e2', 'combobox', '', { attributes: 'lang' }),
      el('e3', 'link', 'Language settings', { href: '/prefs' }),
    );
    expect(await typed(form, 'repeat the password')).toMatchObject({ match: { id: 'e1' } });
    expect(await resolveClick(form, 'the lang menu')).toMatchObject({ match: { id: 'e2' } });
  });
});

describe('what a description does not settle', () => {
  it('asks when two controls bear the described name, whatever else one of them says', async () => {
    // The toolbar's button is greyed until a message is chosen; the folder's address repeats its name.
    const mail = page(
      el('e0', 'link', 'Archive', { href: '/?_task=mail&_mbox=Archive', region: ['aside Folders'] }),
      el('e1', 'button', 'Archive', { href: '#', region: ['toolbar'], disabled: true }),
    );
    expect(said(await resolveClick(mail, 'Archive'))).toBe('several');
  });

  it('finds nothing when no element of the page says what follows "of"', async () => {
    // The Haskell 98 Report's start page, as stored for the real-page corpus: its libraries include "List".
    const contents = storedSnapshot({ site: 'haskell98', page: 'index.html' });
    expect(said(await resolveClick(contents, 'the list of errata'))).toBe('none');
    expect(said(await resolveClick(contents, 'the List library'))).toBe('List');
  });

  it('asks when what a relation points from is only met in part by several elements', async () => {
    // A sidebar of modules: each one's "Top of manual page" and functions; "maps" itself is no element.
    const sidebar = page(
      at(el('e0', 'link', 'map/2', { href: '/array.html#map-2' }), 95, 100),
      at(el('e1', 'link', 'Top of manual page', { href: '/calendar.html' }), 95, 120),
      at(el('e2', 'link', 'map/2', { href: '/dict.html#map-2' }), 95, 300),
      at(el('e3', 'link', 'Top of manual page', { href: '/digraph.html' }), 95, 400),
      at(el('e4', 'link', 'map/2', { href: '/gb_trees.html#map-2' }), 95, 600),
      at(el('e5', 'link', 'Top of manual page', { href: '/maps.html' }), 95, 700),
    );
    expect(said(await resolveClick(sidebar, 'Top of manual page under maps'))).not.toBe('Top of manual page');
  });
});

describe('rows, lists and references', () => {
  it('takes the control of the row that does what the verb says', async () => {
    const domains = page(
      el('e0', 'link', 'ferries.example', { href: '/list-virtual.php?domain=ferries.example', region: ['table'] }),
      el('e1', 'link', 'YES', {
        href: '/editactive.php?table=domain&id=ferries.example&active=0',
        row: 'ferries.example',
        region: ['table'],
      }),
      el('e2', 'link', 'edit', { href: '/edit.php?table=domain&edit=ferries.example', row: 'ferries.example' }),
    );
    expect(said(await resolveClick(domains, 'deactivate ferries.example'))).toBe('YES');
  });

  it('takes a program name on its own reference page, not the same name of other modules', async () => {
    const reference = pageAt('http://docs.test/stdlib/lists.html', 'lists')(
      el('e0', 'link', 'foldl/3', { href: '/stdlib/array.html#foldl-3', region: ['nav'] }),
      el('e1', 'link', 'foldl/3', { href: '#foldl-3', region: ['nav'] }),
      el('e2', 'link', 'foldl/3', { href: '/stdlib/dets.html#foldl-3', region: ['nav'] }),
      el('e3', 'link', 'foldl/3', { href: '#foldl-3', near: 'Like' }),
    );
    expect(hrefOf(await resolveClick(reference, 'foldl/3'))).toBe('#foldl-3');
  });

  it('reads "Domain List" as the title of the domains, not the first domain', async () => {
    const domains = page(
      el('e0', 'button', 'Domain List', { href: '/list.php?table=domain', region: ['nav'] }),
      el('e1', 'link', 'Admin List', { href: '/list.php?table=admin', region: ['nav'] }),
    );
    expect(said(await resolveClick(domains, 'the first domain in the list'))).not.toBe('Domain List');
  });

  it('still reads "Results" as the title of the results, not the first of them', async () => {
    const search = page(el('e0', 'link', 'Results', { href: '/search?q=x' }), el('e1', 'link', 'Help'));
    expect(said(await resolveClick(search, 'the first result'))).not.toBe('Results');
  });
});
