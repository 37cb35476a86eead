/**
 * The offline resolver on document structure, over hand-made snapshots: links to one place are one answer, a
 * link's sequence relation names it, numbering is no part of a title, a section word prefers headings and the
 * contents entries that point to them, a sidebar box's heading stands for its link, and word forms meet.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { parseQuery } from '../../functions/core/resolve/query.js';
import { stemWord } from '../../functions/core/resolve/stem.js';
import type { PageSnapshot, SnapshotElement } from '../../functions/ports/page-snapshot.js';

let y = 0;
const el = (id: string, role: string, name: string, extra: Partial<SnapshotElement> = {}): SnapshotElement => ({
  id,
  role,
  tag: role === 'link' ? 'a' : role === 'heading' ? 'h2' : 'div',
  name,
  box: { x: 0, y: (y += 40), width: 200, height: 30 },
  visible: true,
  interactive: role !== 'heading',
  ...extra,
});
const page = (...elements: SnapshotElement[]): PageSnapshot => ({
  key: 's1',
  url: 'http://docs.test/guide/triggers.html',
  title: 'Triggers',
  viewport: { width: 1280, height: 900 },
  scroll: { left: 0, top: 0 },
  elements,
  nodeCount: 200,
});

describe('document structure in offline resolution', () => {
  it('answers one match, naming the equivalents, when equal links lead to one place', async () => {
    const snapshot = page(
      el('e0', 'link', 'Next', { href: '/guide/definition.html' }),
      el('e1', 'link', 'Overview', { href: '/guide/definition.html' }),
      el('e2', 'link', 'Next', { href: '/guide/definition.html' }),
    );
    const answer = await offlineResolver.resolve(snapshot, 'the next link');
    expect(answer).toMatchObject({ match: { id: 'e0' }, equivalents: [{ id: 'e2' }] });
  });

  it('still answers several when equal links lead to different places', async () => {
    const answer = await offlineResolver.resolve(
      page(el('e0', 'link', 'Download', { href: '/a.tgz' }), el('e1', 'link', 'Download', { href: '/b.tgz' })),
      'the download link',
    );
    expect(answer).toMatchObject({ ambiguous: true });
  });

  it('takes two search fields alike in all but place as one, and two different fields as several', async () => {
    const search = { editable: true, attributes: 'q', region: ['nav', 'search'] };
    const alike = page(
      el('e0', 'textbox', 'Quick search', search),
      el('e1', 'link', 'Tutorial', { href: '/tutorial/' }),
      el('e2', 'textbox', 'Quick search', search),
    );
    expect(await offlineResolver.resolve(alike, 'the site search', { intent: 'type' })).toMatchObject({
      match: { id: 'e0' },
      equivalents: [{ id: 'e2' }],
    });
    const different = page(
      el('e0', 'textbox', 'Quick search', search),
      el('e1', 'textbox', 'Quick search', { ...search, attributes: 'query' }),
    );
    expect(await offlineResolver.resolve(different, 'the site search', { intent: 'type' })).toMatchObject({
      ambiguous: true,
    });
  });

  it('takes the submit buttons of two search forms alike as one, and two like buttons outside a search form as several', async () => {
    const search = { type: 'submit', region: ['nav related', 'search'] };
    const alike = page(
      el('e0', 'button', 'Go', search),
      el('e1', 'link', 'Tutorial', { href: '/tutorial/' }),
      el('e2', 'button', 'Go', search),
    );
    expect(await offlineResolver.resolve(alike, 'Go')).toMatchObject({
      match: { id: 'e0' },
      equivalents: [{ id: 'e2' }],
    });
    const rows = page(
      el('e0', 'button', 'Delete', { type: 'submit', region: ['form'] }),
      el('e1', 'button', 'Delete', { type: 'submit', region: ['form'] }),
    );
    expect(await offlineResolver.resolve(rows, 'Delete')).toMatchObject({ ambiguous: true });
  });

  it('takes the only dropdown of a page when a word of the description is found around it, and not when none is', async () => {
    const search = ['search'];
    const one = page(
      el('e0', 'combobox', '', { value: 'commit', attributes: 'st', region: search }),
      el('e1', 'textbox', '', { editable: true, attributes: 's', region: search }),
      el('e2', 'link', 'Search help', { href: '/help' }),
    );
    expect(await offlineResolver.resolve(one, 'the search type dropdown')).toMatchObject({ match: { id: 'e0' } });
    expect(await offlineResolver.resolve(one, 'the language dropdown')).toMatchObject({ none: true });
    const two = page(
      el('e0', 'combobox', '', { value: 'commit', attributes: 'st', region: search }),
      el('e1', 'combobox', '', { value: 'all', attributes: 'sc', region: search }),
    );
    expect(await offlineResolver.resolve(two, 'the search type dropdown')).toMatchObject({ none: true });
  });

  it('lets the rest of the description decide when the page marks no region of the kind asked', async () => {
    const unmarked = page(
      el('e0', 'link', 'File system', { href: '/fs.html' }),
      el('e1', 'link', 'Path', { href: '/path.html' }),
    );
    expect(await offlineResolver.resolve(unmarked, 'the File system link in the sidebar')).toMatchObject({
      match: { id: 'e0' },
    });
    const marked = page(
      el('e0', 'link', 'File system', { href: '/fs.html' }),
      el('e1', 'link', 'Streams', { href: '/stream.html', region: ['aside'] }),
    );
    expect(await offlineResolver.resolve(marked, 'the File system link in the sidebar')).toMatchObject({ none: true });
  });

  it('finds a link by its sequence relation when its text does not say it', async () => {
    const snapshot = page(
      el('e0', 'link', '38.18. Extension Building', { href: '/guide/pgxs.html', rel: 'previous' }),
      el('e1', 'link', '39.1. Overview', { href: '/guide/definition.html', rel: 'next' }),
      el('e2', 'link', 'Chapter 43', { href: '/guide/plpgsql.html' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'the link to the next page')).toMatchObject({ match: { id: 'e1' } });
    expect(await offlineResolver.resolve(snapshot, 'previous')).toMatchObject({ match: { id: 'e0' } });
  });

  it('takes a link the page marks as another step as no rival of the step asked, whatever its words say', async () => {
    // The Home link's image says "Up" by a slip of the markup; its access key makes it the home link.
    const snapshot = page(
      el('e0', 'link', 'Up', { href: '/guide/index.html', rel: 'up' }),
      el('e1', 'link', 'Up', { href: '/index.html', rel: 'home' }),
      el('e2', 'link', 'Up', { href: '/guide/index.html', rel: 'up' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'Up')).toMatchObject({ match: { href: '/guide/index.html' } });
    // Unmarked equals stay a question.
    const plain = page(el('e0', 'link', 'Up', { href: '/a.html' }), el('e1', 'link', 'Up', { href: '/b.html' }));
    expect(await offlineResolver.resolve(plain, 'Up')).toMatchObject({ ambiguous: true });
  });

  it('reads a numbered title without its number, and the chapter word as a kind of place', async () => {
    const snapshot = page(
      el('e0', 'link', '38. Extending SQL', { href: '/guide/extend.html' }),
      el('e1', 'link', '39. Triggers', { href: '/guide/triggers.html' }),
      el('e2', 'link', '40. Event Triggers', { href: '/guide/event-triggers.html' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'the chapter on triggers')).toMatchObject({ match: { id: 'e1' } });
  });

  it('takes a heading and the contents entry that points to it as one place', async () => {
    const snapshot = page(
      el('e0', 'link', '4. Operators', { href: '#operators', visible: false }),
      el('e1', 'link', 'COLLATE operator', { href: '/lang_expr.html#collateop' }),
      el('e2', 'heading', '5. Operators', { attributes: 'operators' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'the operators section')).toMatchObject({ match: { id: 'e2' } });
  });

  it('clicks the one link of a sidebar box named by its heading', async () => {
    const aside = ['aside'];
    const snapshot = page(
      el('e0', 'heading', 'Previous topic', { region: aside }),
      el('e1', 'link', 'pathlib', { href: '/pathlib.html', region: aside, heading: 'Previous topic' }),
      el('e2', 'heading', 'Next topic', { region: aside }),
      el('e3', 'link', 'fileinput', { href: '/fileinput.html', region: aside, heading: 'Next topic' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'previous topic')).toMatchObject({ match: { id: 'e1' } });
  });

  it('offers a toggle styled as a link and the link of that name as several, never the toggle alone', async () => {
    const header = ['header'];
    const snapshot = page(
      el('e0', 'link', '► ▼ Index', { href: '#', region: header }),
      el('e1', 'link', 'Index', { href: '/index.html', region: header, visible: false }),
      el('e2', 'link', 'Path', { href: '/path.html' }),
    );
    const answer = await offlineResolver.resolve(snapshot, 'the index link');
    expect(answer).toMatchObject({ ambiguous: true });
    expect('ambiguous' in answer && answer.candidates.map((c) => c.id).sort()).toEqual(['e0', 'e1']);
    // With no true link of that name, the toggle is still the one meant.
    expect(
      await offlineResolver.resolve(
        page(el('e0', 'link', '► ▼ Index', { href: '#' }), el('e2', 'link', 'Path', { href: '/path.html' })),
        'the index link',
      ),
    ).toMatchObject({ match: { id: 'e0' } });
  });

  it('reads the word after "as" as the form wanted: the list as TXT, not the list without it', async () => {
    const snapshot = page(
      el('e0', 'link', 'List all projects', { href: '/gitweb/' }),
      el('e1', 'link', 'TXT', { href: '/gitweb/?a=project_index', near: 'Project Description' }),
      el('e2', 'link', 'OPML', { href: '/gitweb/?a=opml' }),
    );
    // "List of" only joins the words: the projects' list as text is the TXT link beside "Project Description".
    const answer = await offlineResolver.resolve(snapshot, 'the list of projects as text');
    expect('match' in answer && answer.match.id).toBe('e1');
    expect(await offlineResolver.resolve(snapshot, 'the list of projects')).toMatchObject({ match: { id: 'e0' } });
  });

  it('reads what follows "about" after a part word as the topic, kind words included', () => {
    expect(parseQuery('the chapter about rewriting history')).toMatchObject({
      terms: ['rewriting', 'history'],
      section: true,
    });
    const selects = parseQuery('the part about compound selects');
    expect(selects.role).toBeUndefined();
    expect(selects.terms).toEqual(['compound', 'select']);
  });

  it('reads a kind word after "in" as what holds the element once its own kind is said', () => {
    expect(parseQuery('the Report a Bug link in the This Page box').role?.word).toBe('link');
    expect(parseQuery('type your name in the name box').role?.word).toBe('field');
  });

  it('finds a word written into a compound after a short prefix, whatever the compound starts with', async () => {
    const snapshot = page(
      el('e0', 'link', 'gittutorial-2(7)', { href: '/gittutorial-2.html' }),
      el('e1', 'link', 'gitworkflows(7)', { href: '/gitworkflows.html' }),
      el('e2', 'link', 'git-am(1)', { href: '/git-am.html' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'the workflows link')).toMatchObject({ match: { id: 'e1' } });
    // Not a long word that merely ends like it.
    expect(
      await offlineResolver.resolve(
        page(el('e0', 'link', 'counterproductive', { href: '/a.html' })),
        'the productive link',
      ),
    ).toMatchObject({ none: true });
  });

  it('finds a method by its name in a signature that does not say "method"', async () => {
    const snapshot = page(
      el('e0', 'link', 'path.parse()', {
        href: '#pathparsepath',
        near: 'The path.basename() method returns the last portion',
      }),
      el('e1', 'heading', 'path.basename(path[, suffix])', { attributes: 'pathbasenamepath-suffix' }),
      el('e2', 'heading', 'path.extname(path)', { attributes: 'pathextnamepath' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'the basename method')).toMatchObject({ match: { id: 'e1' } });
  });

  it('reads a place word after "to" as where the element leads, and elsewhere as a position', () => {
    const back = parseQuery('the link back to the top of the page');
    expect(back.position).toBeUndefined();
    expect(back.terms).toContain('top');
    expect(parseQuery('the search link at the top').position).toEqual({ vertical: 'top' });
  });

  it('reads "go back to" and "return to" as the action, not as words of the name', () => {
    expect(parseQuery('go back to the previous page').terms).toEqual(['previous']);
    expect(parseQuery('return to the index').terms).toEqual(['index']);
  });

  it('finds a language switcher link by the language named in English, whatever the link shows', async () => {
    const snapshot = page(
      el('e0', 'link', 'en', { title: 'English', href: '/en/mod_alias.html' }),
      el('e1', 'link', 'fr', { title: 'Français', href: '/fr/mod_alias.html' }),
      el('e2', 'link', 'ja', { href: '/ja/mod_alias.html' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'the French link')).toMatchObject({ match: { id: 'e1' } });
    expect(await offlineResolver.resolve(snapshot, 'the Japanese link')).toMatchObject({ match: { id: 'e2' } });
  });

  it('reads "man page" as the page of the command named', async () => {
    const snapshot = page(
      el('e0', 'link', 'git-rebase(1)', { href: '/git-rebase.html' }),
      el('e1', 'link', 'git-merge(1)', { href: '/git-merge.html' }),
      el('e2', 'link', 'git-log(1)', { href: '/git-log.html' }),
    );
    expect(await offlineResolver.resolve(snapshot, 'the rebase man page')).toMatchObject({ match: { id: 'e0' } });
  });

  it('brings the forms of one word to one stem', () => {
    expect(new Set(['formatting', 'formats', 'format'].map(stemWord)).size).toBe(1);
    expect(new Set(['installation', 'installing', 'install'].map(stemWord)).size).toBe(1);
    expect(stemWord('diffs')).toBe(stemWord('diff'));
    expect(stemWord('v1')).toBe('v1');
    // A short word's silent e: "saving" and "saved" meet "save", "typing" meets "type", "running" stays "run".
    expect(new Set(['saving', 'saved', 'save'].map(stemWord)).size).toBe(1);
    expect(new Set(['typing', 'typed', 'type'].map(stemWord)).size).toBe(1);
    expect(new Set(['creating', 'created', 'create'].map(stemWord)).size).toBe(1);
    expect(stemWord('running')).toBe('run');
    // Never below three letters: "upper" is no "up", "adding" is "add".
    expect(stemWord('upper')).not.toBe('up');
    expect(stemWord('adding')).toBe(stemWord('add'));
  });

  it('keeps a word ending in -ious whole, so it begins no other word', async () => {
    expect(stemWord('previous')).toBe('previous');
    expect(stemWord('various')).toBe('various');
    const options = page(
      el('e0', 'link', '-preview type', { href: '#preview' }),
      el('e1', 'link', '-quiet', { href: '#quiet' }),
    );
    expect('match' in (await offlineResolver.resolve(options, 'Previous page'))).toBe(false);
  });
});
