/**
 * Readings for apps and references whose pages float a part's actions onto its heading's line, lay forms out in
 * tables with a label cell before each field, show lists as cards side by side, write identifiers in camel case
 * or after a "#", and copy phrases that run over two links: each case here went wrong (or asked) before its
 * reading.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { parseQuery } from '../../functions/core/resolve/query.js';
import { words } from '../../functions/core/resolve/words.js';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://app.test/projects/tides', 'Tides');

/** The element with its box where a page lays it out. */
const at = (e: SnapshotElement, x: number, y: number, width = 120, height = 20): SnapshotElement => ({
  ...e,
  box: { x, y, width, height },
});

const heading = (id: string, name: string, extra: Partial<SnapshotElement> = {}) =>
  el(id, 'heading', name, { interactive: false, ...extra });

const hrefOf = (answer: Awaited<ReturnType<typeof resolveClick>>): string | undefined =>
  'match' in answer ? answer.match.href : undefined;

describe('names as programs and trackers write them', () => {
  it('reads a camel-case name whole: "textCleared" is there or it is not', async () => {
    const reference = page(
      el('e0', 'link', 'Signals', { href: '#signals' }),
      heading('e1', 'Signals'),
      heading('e2', '[signal] void QLineEdit:: editingFinished ()'),
      el('e3', 'link', 'setText', { href: '#text-prop' }),
    );
    expect(said(await resolveClick(reference, 'the textCleared signal'))).toBe('none');
    expect(said(await resolveClick(reference, 'the setText link'))).toBe('setText');
  });

  it('reads "#5" after a name as an identifier, and after "the" still as a count', async () => {
    const activity = page(
      el('e0', 'link', 'Support #5 (Resolved): How do I add a new harbour?', { href: '/issues/5' }),
      el('e1', 'link', 'Support #5: How do I add a new harbour?', { href: '/issues/5#change-2' }),
      el('e2', 'link', 'Bug #3 (New): Crash when the station list is empty', { href: '/issues/3' }),
    );
    expect(hrefOf(await resolveClick(activity, 'Support #5 (Resolved): How do I add a new harbour?'))).toBe(
      '/issues/5',
    );
    expect(hrefOf(await resolveClick(activity, 'Bug #3'))).toBe('/issues/3');
  });

  it('reads words such as "constructor" as words, not as an object\'s members', async () => {
    expect(words('the constructor')).toEqual(['the', 'constructor']);
    expect(parseQuery('the first constructor').terms).toEqual(['constructor']);
    const reference = page(el('e0', 'link', 'QFile', { href: '#QFile-3', near: 'Constructs a new file object with' }));
    expect(await resolveClick(reference, 'the constructor')).toMatchObject({ none: true });
  });
});

describe('parts of a page and their actions', () => {
  it("files an action floated onto a heading's line under that heading, not the one before", async () => {
    const roadmap = page(
      at(heading('e0', 'Roadmap'), 16, 117, 939, 27),
      at(el('e1', 'link', 'Edit', { href: '/versions/2/edit', heading: 'Roadmap' }), 939, 159, 16, 16),
      at(heading('e2', '1.1'), 16, 154, 48, 22),
      at(el('e3', 'link', '3 issues', { href: '/issues?version=2', heading: '1.1' }), 16, 270, 39, 11),
      at(el('e4', 'link', 'Edit', { href: '/versions/3/edit', heading: '1.1' }), 939, 368, 16, 16),
      at(heading('e5', '2.0'), 16, 363, 48, 22),
      at(el('e6', 'link', '1 issue', { href: '/issues?version=3', heading: '2.0' }), 16, 453, 34, 11),
    );
    expect(hrefOf(await resolveClick(roadmap, 'the Edit link of 1.1'))).toBe('/versions/2/edit');
    expect(hrefOf(await resolveClick(roadmap, 'edit version 2.0'))).toBe('/versions/3/edit');
  });

  it("finds a control beside the anchor's words inside the anchor itself", async () => {
    const overview = page(
      heading('e0', 'Issue tracking Details'),
      el('e1', 'link', 'Details', { href: '/issues/report', parent: 'e0', heading: 'Issue tracking Details' }),
      el('e2', 'link', 'Bug', { href: '/issues?tracker=1', heading: 'Issue tracking Details' }),
      heading('e3', 'Time tracking'),
      el('e4', 'link', 'Details', { href: '/time_entries', heading: 'Time tracking', near: '|' }),
    );
    expect(hrefOf(await resolveClick(overview, 'Details next to Issue tracking'))).toBe('/issues/report');
  });

  it('takes the head of a phrase that runs over two links', async () => {
    const guide = page(
      heading('e0', '12 Pattern Matching'),
      el('e1', 'link', 'Pattern Matching', {
        href: '/reference/match.html',
        near: '+',
        heading: '12 Pattern Matching',
      }),
      el('e2', 'link', 'The Racket Reference', {
        href: '/reference/index.html',
        near: 'in',
        heading: '12 Pattern Matching',
      }),
    );
    expect(hrefOf(await resolveClick(guide, 'Pattern Matching in The Racket Reference'))).toBe('/reference/match.html');
    expect(hrefOf(await resolveClick(guide, 'The Racket Reference'))).toBe('/reference/index.html');
  });

  it('takes the part of a contents entry that a part word names', async () => {
    const contents = page(
      at(el('e0', 'link', '3. Boost.Accumulators', { href: 'accumulators.html' }), 83, 500, 140, 15),
      at(el('e1', 'link', 'Reference', { href: 'accumulators/reference.html' }), 123, 515, 64, 15),
      at(el('e2', 'link', '4. Boost.Any', { href: 'any.html' }), 83, 560, 81, 15),
      at(el('e3', 'link', 'Introduction', { href: 'any.html#intro' }), 123, 574, 78, 15),
      at(el('e4', 'link', 'Reference', { href: 'any/reference.html' }), 123, 604, 64, 15),
      at(el('e5', 'link', '5. Boost.Array', { href: 'array.html' }), 83, 640, 90, 15),
    );
    expect(hrefOf(await resolveClick(contents, 'the Reference of Boost.Any'))).toBe('any/reference.html');
    expect(hrefOf(await resolveClick(contents, 'Boost.Any'))).toBe('any.html');
  });
});

describe('lists, verbs and words of apps', () => {
  it("counts cards standing side by side, and the content's list before a sidebar's", async () => {
    const projects = page(
      at(
        el('e0', 'link', 'My bookmarks', { href: '/projects?query_id=6', region: ['aside Custom queries'] }),
        992,
        150,
      ),
      at(el('e1', 'link', 'My projects', { href: '/projects?query_id=5', region: ['aside Custom queries'] }), 992, 170),
      heading('e2', 'Projects'),
      at(el('e3', 'link', 'Harbour Website', { href: '/projects/website', heading: 'Projects' }), 37, 282),
      at(el('e4', 'link', 'Tide Tables', { href: '/projects/tides', heading: 'Projects' }), 511, 282),
    );
    expect(hrefOf(await resolveClick(projects, 'the first project in the list'))).toBe('/projects/website');
    expect(hrefOf(await resolveClick(projects, 'the last project'))).toBe('/projects/tides');
  });

  it('still counts no links of a sentence as cards', async () => {
    const prose = page(
      at(el('e0', 'link', 'alpha', { href: '/projects/alpha', near: 'See the projects' }), 30, 300),
      at(el('e1', 'link', 'beta', { href: '/projects/beta', near: ',' }), 300, 300),
    );
    expect(said(await resolveClick(prose, 'the second project'))).not.toBe('beta');
  });

  it('reads "tick" as asking for a box to tick', async () => {
    const filters = page(
      el('e0', 'checkbox', 'Messages', { region: ['form Activity'] }),
      el('e1', 'link', 'Messages', { href: '/activity?show_messages=1', region: ['form Activity'] }),
    );
    expect(said(await resolveClick(filters, 'tick Messages'))).toBe('Messages');
    expect((await resolveClick(filters, 'tick Messages')) as { match: SnapshotElement }).toMatchObject({
      match: { role: 'checkbox' },
    });
  });

  it('reads "start a new X" as the "New X" control, and "news" as no "new"', async () => {
    const board = page(
      el('e0', 'link', 'News', { href: '/news' }),
      el('e1', 'link', 'New message', { href: '/boards/1/topics/new' }),
      el('e2', 'link', 'Forums', { href: '/boards' }),
    );
    expect(hrefOf(await resolveClick(board, 'start a new topic'))).toBe('/boards/1/topics/new');
    const projects = page(el('e0', 'link', 'New project', { href: '/projects/new' }), el('e1', 'link', 'Projects'));
    expect(hrefOf(await resolveClick(projects, 'start a new project'))).toBe('/projects/new');
  });

  it('knows a lost password, a feed and a selector by their usual names', async () => {
    const login = page(
      el('e0', 'link', 'Lost password', { href: '/account/lost_password' }),
      el('e1', 'button', 'Login'),
      el('e2', 'link', 'Atom', { href: '/issues.atom' }),
      el('e3', 'combobox', '', { attributes: 'month', value: 'Apr' }),
    );
    expect(hrefOf(await resolveClick(login, 'I forgot my password'))).toBe('/account/lost_password');
    expect(hrefOf(await resolveClick(login, 'the Atom feed'))).toBe('/issues.atom');
    expect((await resolveClick(login, 'the month selector')) as { match: SnapshotElement }).toMatchObject({
      match: { id: 'e3' },
    });
  });

  it('takes a count in a grid by its row and its column together', async () => {
    const overview = page(
      el('e0', 'link', 'Bug', { href: '/issues?tracker=1', region: ['table'] }),
      el('e1', 'link', '3', { href: '/issues?tracker=1&status=o', row: 'Bug', column: 'open', region: ['table'] }),
      el('e2', 'link', '1', { href: '/issues?tracker=1&status=c', row: 'Bug', column: 'closed', region: ['table'] }),
      el('e3', 'link', 'Feature', { href: '/issues?tracker=2', region: ['table'] }),
      el('e4', 'link', '2', { href: '/issues?tracker=2&status=o', row: 'Feature', column: 'open', region: ['table'] }),
      el('e5', 'link', '1', {
        href: '/issues?tracker=2&status=c',
        row: 'Feature',
        column: 'closed',
        region: ['table'],
      }),
    );
    expect(hrefOf(await resolveClick(overview, 'the open bugs'))).toBe('/issues?tracker=1&status=o');
    expect(hrefOf(await resolveClick(overview, 'the closed features'))).toBe('/issues?tracker=2&status=c');
  });

  it('knows the fields of a person by their usual names, in labels and field names alike', async () => {
    const account = page(
      el('e0', 'textbox', 'First name', { editable: true, attributes: 'user_firstname' }),
      el('e1', 'textbox', '', { editable: true, attributes: 'user_lastname' }),
      el('e2', 'textbox', 'Telephone', { editable: true }),
    );
    const typed = (description: string) => offlineResolver.resolve(account, description, { intent: 'type' });
    expect(await typed('my surname')).toMatchObject({ match: { id: 'e1' } });
    expect(await typed('the given name')).toMatchObject({ match: { id: 'e0' } });
    expect(await typed('phone number')).toMatchObject({ match: { id: 'e2' } });
  });

  it('names a field by the text ending in a colon before it on its line, unless a unit follows it', async () => {
    const filter = page(
      at(el('e0', 'cell', 'Filter :', { interactive: false }), 9, 130, 54, 25),
      at(el('e1', 'textbox', '', { editable: true, attributes: 'hostfilter' }), 65, 132, 178, 21),
      at(el('e2', 'cell', 'Exclude filter :', { interactive: false }), 339, 130, 104, 25),
      at(el('e3', 'textbox', '', { editable: true, attributes: 'hostfilterex' }), 445, 132, 178, 21),
      at(el('e4', 'cell', 'If Flexible, Duration:', { interactive: false }), 390, 360, 137, 25),
      at(el('e5', 'textbox', '', { editable: true, attributes: 'hours' }), 530, 362, 50, 21),
      at(el('e6', 'cell', 'Hours', { interactive: false }), 591, 362, 54, 21),
    );
    const typed = (description: string) => offlineResolver.resolve(filter, description, { intent: 'type' });
    expect(await typed('Exclude filter')).toMatchObject({ match: { id: 'e3' } });
    expect(await typed('the filter')).toMatchObject({ match: { id: 'e1' } });
    expect(await typed('Hours')).toMatchObject({ match: { id: 'e5' } });
  });
});
