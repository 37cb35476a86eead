/**
 * Readings for manuals whose headings carry an id of their own beside a "¶"-style link to another name, the one
 * their table of contents uses: each case here went wrong (or asked) before its reading.
 */
import { describe, expect, it } from 'vitest';
import { el, pageAt, resolveClick } from '../support/hand-made-snapshot.js';

const page = pageAt('http://manual.test/intro.html', 'Starter guide');

const hrefOf = (answer: Awaited<ReturnType<typeof resolveClick>>): string | undefined =>
  'match' in answer ? answer.match.href : undefined;

/** A contents list of two entries, then two sections whose headings hold a numbered link to their entry's place. */
const manual = (headingIds: [string, string]) =>
  page(
    el('c0', 'link', 'Content switching', { href: '#3.4.4', region: ['aside'] }),
    el('c1', 'link', 'Stick-tables', { href: '#3.4.5', region: ['aside'] }),
    el('h0', 'heading', '3.4.4. Standard features : Content switching', { attributes: headingIds[0] }),
    el('p0', 'link', '3.4.4.', {
      href: '#3.4.4',
      parent: 'h0',
      heading: '3.4.4. Standard features : Content switching',
    }),
    el('h1', 'heading', '3.4.5. Standard features : Stick-tables', { attributes: headingIds[1] }),
    el('p1', 'link', '3.4.5.', { href: '#3.4.5', parent: 'h1', heading: '3.4.5. Standard features : Stick-tables' }),
  );

describe('headings with an id and a numbered link to another name', () => {
  it('are where the contents say they are: the section and its entry are one answer', async () => {
    const answer = await resolveClick(manual(['chapter-3.4.4', 'chapter-3.4.5']), 'the section about stick tables');
    expect(hrefOf(answer)).toBe('#3.4.5');
  });

  it('still keep their own id when the contents lead there', async () => {
    const answer = await resolveClick(manual(['3.4.4', '3.4.5']), 'the section about stick tables');
    expect('match' in answer && ['c1', 'h1'].includes(answer.match.id)).toBe(true);
  });
});

describe('a theme that wraps the whole page in a navigation block', () => {
  const WRAPPED = ['nav', 'main'];
  const chapter = pageAt('http://manual.test/chapter1.html', 'Introduction')(
    el('t0', 'link', '1.4.3. Root Servers', { href: '#root-servers', region: ['nav', 'nav Navigation menu'] }),
    el('h0', 'heading', '1.4.4. Name Resolution', { region: WRAPPED }),
    el('p0', 'link', '', {
      href: '#name-resolution',
      parent: 'h0',
      region: WRAPPED,
      title: 'Permalink to this heading',
    }),
    el('i0', 'img', 'name-resolution.png', { interactive: false, region: WRAPPED, heading: '1.4.4. Name Resolution' }),
    el('p1', 'link', '', {
      href: '#id5',
      region: WRAPPED,
      visible: false,
      title: 'Permalink to this image',
      heading: '1.4.4. Name Resolution',
    }),
  );

  it("reads a heading of the main part as the document's, not as a box of the one link under it", async () => {
    const answer = await resolveClick(chapter, 'the section on name resolution');
    expect('match' in answer && answer.match.href !== '#id5').toBe(true);
  });
});

describe('a state denied', () => {
  const chapter = pageAt('http://manual.test/chapter2.html', 'Resource Requirements')(
    el('s', 'link', '2.5. Supported Platforms', { href: '#supported-platforms' }),
    el('u', 'link', '2.6. Unsupported Platforms', { href: '#unsupported-platforms' }),
  );

  it('is the word with its negating prefix: "not supported" is "Unsupported"', async () => {
    expect(hrefOf(await resolveClick(chapter, 'platforms that are not supported'))).toBe('#unsupported-platforms');
  });

  it('still leaves the state itself to the word without it', async () => {
    expect(hrefOf(await resolveClick(chapter, 'the supported platforms'))).toBe('#supported-platforms');
  });
});

describe('an acronym', () => {
  const general = pageAt('http://manual.test/general.html', 'General DNS Reference Information')(
    el('t', 'link', 'Internet Engineering Task Force', { href: 'https://www.ietf.org/about/' }),
    el('s', 'link', 'Internet Engineering Steering Group', {
      href: 'https://www.ietf.org/about/groups/iesg/',
      near: '(IETF) and the',
    }),
    el('d', 'link', 'Domain Names', { href: '#domain-names' }),
  );

  it("names the link whose words' initials it is, not the one the page writes it before", async () => {
    expect(hrefOf(await resolveClick(general, 'the IETF'))).toBe('https://www.ietf.org/about/');
    expect(hrefOf(await resolveClick(general, 'the IESG'))).toBe('https://www.ietf.org/about/groups/iesg/');
  });

  it('still takes no two-word name for the two letters of its initials', async () => {
    expect(hrefOf(await resolveClick(general, 'the DN link'))).toBeUndefined();
  });
});

describe('a part named by its region', () => {
  const link = (id: string, name: string, heading: string, y: number) => ({
    ...el(id, 'link', name, {
      href: `/dev/${id}.html`,
      heading,
      region: ['aside Contributing', 'nav Main navigation'],
    }),
    box: { x: 70, y, width: 200, height: 20 },
  });
  const dev = pageAt('http://manual.test/dev/index.html', 'Contributor guide')(
    {
      ...el('m', 'link', 'Main page', { href: '/index.html', region: ['nav'] }),
      box: { x: 0, y: 10, width: 90, height: 20 },
    },
    link('a', 'Code of Conduct', 'SciPy Organization', 100),
    link('b', 'Roadmap', 'SciPy Organization', 130),
    link('b2', 'Governance', 'SciPy Organization', 160),
    link('c', 'Benchmarking', 'Contributing', 200),
    link('d', 'Continuous Integration', 'Contributing', 230),
    link('e', 'act for running GitHub Actions locally', 'Contributing', 260),
  );

  it('is counted whole down its one column, across the headings in it', async () => {
    expect(hrefOf(await resolveClick(dev, 'the last entry in the sidebar'))).toBe('/dev/e.html');
    expect(hrefOf(await resolveClick(dev, 'the first entry in the sidebar'))).toBe('/dev/a.html');
  });
});

describe('"the list of X" and names written after an article', () => {
  const home = pageAt('http://bouncer.test/', 'ZNC')(
    el('u', 'link', 'Manage Users', { href: '/mods/global/webadmin/listusers' }),
    el('g', 'link', 'Global Settings', { href: '/mods/global/webadmin/settings' }),
    el('l', 'link', 'Logout', { href: '/logout' }),
  );

  it('reads "the list of users" as the page of users, whatever it is called', async () => {
    expect(hrefOf(await resolveClick(home, 'the list of users'))).toBe('/mods/global/webadmin/listusers');
  });

  it('still finds a link named "list of …" itself', async () => {
    const readme = pageAt('http://manual.test/index.html', 'Mocha')(
      el('c', 'link', 'list of contributors', { href: 'https://example.org/graphs/contributors' }),
      el('h', 'link', 'Contributors', { href: '#contributors' }),
    );
    expect(hrefOf(await resolveClick(readme, 'the list of contributors'))).toBe(
      'https://example.org/graphs/contributors',
    );
  });

  it('takes the one link whose name is the description without its article', async () => {
    const flask = pageAt('http://manual.test/flask/index.html', 'Flask')(
      el('j', 'link', 'Jinja documentation', { href: 'https://jinja.example/' }),
      el('o', 'link', 'documentation of Jinja', { href: 'https://other.example/jinja' }),
    );
    expect(hrefOf(await resolveClick(flask, 'the Jinja documentation'))).toBe('https://jinja.example/');
  });
});

describe('what a thing needs', () => {
  const chapter = pageAt('http://manual.test/chapter2.html', 'Resource Requirements')(
    el('h', 'link', '2.1. Hardware Requirements', { href: '#hardware-requirements' }),
    el('m', 'link', '2.3. Memory Requirements', { href: '#memory-requirements' }),
    el('n', 'link', '2.4. Name Server Operating Environment', { href: '#environment' }),
  );

  it('is what the manual lists as its requirements', async () => {
    expect(hrefOf(await resolveClick(chapter, 'memory needs'))).toBe('#memory-requirements');
  });
});
