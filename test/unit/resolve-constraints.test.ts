/**
 * What a description states, the answer must satisfy: an ordinal counts like items, a place named after "in" is
 * one the element is in (a page wrapper classed "hasSidebar" is no sidebar), and a heading or a row header is not
 * the control it labels. A match that breaks one is an abstention naming the candidates, never a silent guess.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { el, pageAt } from '../support/hand-made-snapshot.js';

const page = pageAt('http://wiki.test/doku.php?id=start', 'start');
const said = (answer: Awaited<ReturnType<typeof offlineResolver.resolve>>) =>
  'match' in answer ? answer.match.name : 'ambiguous' in answer ? 'several' : 'none';

describe('a place named after "in"', () => {
  // The whole page sits in a wrapper the snapshot reads as an aside (its class says "hasSidebar").
  const wrapper = 'aside Example Wiki';
  const sidebar = [wrapper, 'nav Sidebar'];
  const tools = [wrapper, 'nav Page Tools'];
  const body = [wrapper, 'main'];
  const snapshot = page(
    el('e0', 'link', 'Home', { href: '/start', region: sidebar }),
    el('e1', 'link', 'About', { href: '/about', region: sidebar }),
    el('e2', 'link', 'Playground', { href: '/playground', region: sidebar }),
    el('e3', 'heading', 'Welcome', { attributes: 'welcome', region: body }),
    el('e4', 'link', 'syntax page', { href: '/syntax', region: body }),
    el('e5', 'link', 'Notes on sidebars', { href: 'https://example.org/faq-sidebar', region: body }),
    el('e6', 'link', 'Show page', { href: '/start?do=show', region: tools }),
    el('e7', 'link', 'Old revisions', { href: '/start?do=revisions', region: tools }),
  );

  it('counts the links of the region named, not the links whose text has the region word', async () => {
    expect(said(await offlineResolver.resolve(snapshot, 'the last link in the sidebar'))).toBe('Playground');
    expect(said(await offlineResolver.resolve(snapshot, 'the second link in the sidebar'))).toBe('About');
  });

  it('takes no element for one outside the place named and not named with its word', async () => {
    const noOtherPage = { ...snapshot, elements: snapshot.elements.filter((e) => e.name !== 'syntax page') };
    expect(said(await offlineResolver.resolve(noOtherPage, 'the sidebar page'))).toBe('none');
  });

  it('still answers an element in the place named', async () => {
    expect(said(await offlineResolver.resolve(snapshot, 'About in the sidebar'))).toBe('About');
  });
});

describe('an ordinal', () => {
  it('counts like items only: a link and a dropdown sharing a word are no list', async () => {
    const snapshot = page(
      el('e0', 'link', 'Recent Changes', { href: '/start?do=recent', region: ['header'] }),
      el('e1', 'heading', 'Recent Changes', { region: ['main'] }),
      el('e2', 'combobox', 'View changes of', { region: ['main', 'form'] }),
      el('e3', 'link', 'wiki:welcome', { href: '/wiki:welcome', region: ['main', 'form'] }),
    );
    expect(said(await offlineResolver.resolve(snapshot, 'the first change'))).toBe('several');
  });

  it('with one match, stands only when the description covers its whole name', async () => {
    const snapshot = page(
      el('e0', 'link', 'Recent Changes', { href: '/start?do=recent', region: ['header'] }),
      el('e1', 'textbox', 'First name', { editable: true, region: ['main', 'form'] }),
    );
    expect(said(await offlineResolver.resolve(snapshot, 'the first change'))).toBe('none');
    expect(said(await offlineResolver.resolve(snapshot, 'the first name field', { intent: 'type' }))).toBe(
      'First name',
    );
  });
});

describe('a label', () => {
  it('is not the control it labels: a row header met by the description offers the link beside it', async () => {
    const snapshot = page(
      el('e0', 'rowheader', 'Author:', { region: ['table'], interactive: false }),
      el('e1', 'cell', 'A. Writer', { region: ['table'], row: 'Author:', interactive: false }),
      el('e2', 'rowheader', 'Contact:', { region: ['table'], interactive: false }),
      el('e3', 'link', 'dev@lists.example.org', {
        href: 'mailto:dev@lists.example.org',
        region: ['table'],
        row: 'Contact:',
      }),
    );
    const answer = await offlineResolver.resolve(snapshot, 'the contact email', { intent: 'hover' });
    expect(said(answer)).toBe('several');
    expect('ambiguous' in answer && answer.candidates.map((c) => c.name)).toEqual([
      'Contact:',
      'dev@lists.example.org',
    ]);
  });

  it('a heading with no anchor is not clicked for what it titles; a section heading still is', async () => {
    const snapshot = page(
      el('e0', 'heading', 'Namespaces', { region: ['main'] }),
      el('e1', 'link', '[root]', { href: '/media?ns=', region: ['main'], heading: 'Namespaces' }),
      el('e2', 'link', 'wiki', { href: '/media?ns=wiki', region: ['main'], heading: 'Namespaces' }),
      el('e3', 'heading', 'Uploads', { attributes: 'uploads', region: ['main'] }),
    );
    expect(said(await offlineResolver.resolve(snapshot, 'the top-level namespace'))).toBe('several');
    expect(said(await offlineResolver.resolve(snapshot, 'the uploads section'))).toBe('Uploads');
  });
});

describe('a doubtful match', () => {
  const snapshot = page(
    el('e0', 'rowheader', 'Contact:', { region: ['table'], interactive: false }),
    el('e1', 'link', 'dev-team@lists.example.org', {
      href: 'mailto:dev-team@lists.example.org',
      region: ['table'],
      row: 'Contact:',
    }),
    el('e2', 'heading', 'Getting help', { attributes: 'getting-help' }),
    el('e3', 'link', 'Example-users', { href: '/docs/user/mailing-lists.html#users', heading: 'Getting help' }),
    el('e4', 'cell', 'Usage hint and complete list of supported options.', { region: ['table'], interactive: false }),
  );

  it('is no answer when the description says only a word or two of its name', async () => {
    const answer = await offlineResolver.resolve(snapshot, 'the mailing list');
    expect(said(answer)).toBe('none');
    expect('none' in answer && answer.closest.map((c) => c.name)).toContain('Example-users');
  });

  it('still answers when the description says most of its name', async () => {
    expect(said(await offlineResolver.resolve(snapshot, 'the dev team email'))).toBe('dev-team@lists.example.org');
  });
});

describe('a match on generic words alone', () => {
  // No sidebar on this page: the place cannot be checked, and "page" is all "Show page" has of the description.
  const snapshot = page(
    el('e0', 'link', 'Home', { href: '/start', region: ['nav Site'] }),
    el('e1', 'link', 'Show page', { href: '/start?do=show', region: ['nav Page Tools'] }),
    el('e2', 'link', 'Old revisions', { href: '/start?do=revisions', region: ['nav Page Tools'] }),
    el('e3', 'link', 'wiki:welcome', { href: '/wiki:welcome', region: ['main'] }),
    el('e4', 'link', 'Documentation', { href: '/docs', region: ['main'] }),
  );

  it('is no answer when the word saying which one is missing from it', async () => {
    expect(said(await offlineResolver.resolve(snapshot, 'the sidebar page'))).toBe('none');
  });

  it('still answers a specific word, or a generic word that is the whole name', async () => {
    expect(said(await offlineResolver.resolve(snapshot, 'the welcome page'))).toBe('wiki:welcome');
    expect(said(await offlineResolver.resolve(snapshot, 'the documentation link in the header'))).toBe('Documentation');
  });
});
