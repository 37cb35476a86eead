/**
 * General reading of real markup by the offline resolver: a table of contents known by its links (a run of links
 * to the page's own headings) when nothing marks it as one.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { breadcrumbLinks } from '../../functions/core/resolve/breadcrumb.js';
import { contentsLinks } from '../../functions/core/resolve/scope.js';
import { storedSnapshot } from '../fixtures/real-pages/corpus.js';
import { el, pageAt } from '../support/hand-made-snapshot.js';

const page = pageAt('http://docs.test/faq.html', 'FAQ');
const answerOf = (answer: Awaited<ReturnType<typeof offlineResolver.resolve>>) =>
  'match' in answer ? answer.match.id : 'ambiguous' in answer ? 'several' : 'none';

describe('a table of contents known by its links', () => {
  // Docutils' contents: a div with a paragraph "Contents" (no landmark, no heading) and a list of links to the
  // sections; each section heading holds a back-link to its entry.
  const snapshot = page(
    el('h0', 'heading', 'Project FAQ'),
    el('t1', 'link', '1 Installing', { href: '#installing', heading: 'Project FAQ' }),
    el('t2', 'link', '2 HTML Writer', { href: '#html-writer', heading: 'Project FAQ' }),
    el('t3', 'link', '3 Miscellaneous', { href: '#misc', heading: 'Project FAQ' }),
    el('h1', 'heading', '1 Installing', { attributes: 'installing' }),
    el('b1', 'link', '1 Installing', { href: '#toc-1', parent: 'h1' }),
    el('h2', 'heading', '2 HTML Writer', { attributes: 'html-writer' }),
    el('b2', 'link', '2 HTML Writer', { href: '#toc-2', parent: 'h2' }),
    el('h3', 'heading', '3 Miscellaneous', { attributes: 'misc' }),
    el('b3', 'link', '3 Miscellaneous', { href: '#toc-3', parent: 'h3' }),
  );

  it('is the run of links to the page headings, not a back-link inside a heading', () => {
    expect([...contentsLinks(snapshot.elements)].sort()).toEqual(['t1', 't2', 't3']);
  });

  it('is where "in the contents" looks, and where its entries are counted', async () => {
    expect(answerOf(await offlineResolver.resolve(snapshot, 'HTML Writer in the table of contents'))).toBe('t2');
    expect(answerOf(await offlineResolver.resolve(snapshot, 'the first entry in the contents'))).toBe('t1');
  });

  it('keeps an entry whose heading it cannot tie to its anchor, so the entries are counted as they stand', async () => {
    // DocBook puts some section ids on a wrapper around the heading: those entries lead nowhere the snapshot
    // knows as a heading, yet they are entries of the same list.
    const docbook = page(
      el('t1', 'link', '1. Disclaimer', { href: '#disclaimer', heading: 'Preface' }),
      el('t2', 'link', '2. What is it', { href: '#what', heading: 'Preface' }),
      el('t3', 'link', '3. About', { href: '#about', heading: 'Preface' }),
      el('t4', 'link', '3.1. Rules', { href: '#rules', heading: 'Preface' }),
      el('t5', 'link', '3.2. Prerequisites', { href: '#prereq', heading: 'Preface' }),
      el('t6', 'link', '3.3. Conventions', { href: '#conventions', heading: 'Preface' }),
      el('h1', 'heading', '1. Disclaimer'),
      el('h4', 'heading', '3.1. Rules', { attributes: 'rules' }),
      el('h5', 'heading', '3.2. Prerequisites', { attributes: 'prereq' }),
      el('h6', 'heading', '3.3. Conventions', { attributes: 'conventions' }),
    );
    expect([...contentsLinks(docbook.elements)].sort()).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    expect(answerOf(await offlineResolver.resolve(docbook, 'the third entry in the table of contents'))).toBe('t3');
  });

  it('needs three links in a row: a lone cross-reference to a section is no contents', () => {
    const lone = page(
      el('h0', 'heading', 'Intro', { attributes: 'intro' }),
      el('x', 'link', 'the writer', { href: '#writer', heading: 'Intro' }),
      el('y', 'link', 'elsewhere', { href: '/other.html', heading: 'Intro' }),
      el('h1', 'heading', 'Writer', { attributes: 'writer' }),
    );
    expect(contentsLinks(lone.elements).size).toBe(0);
  });
});

describe('a relation met by equals that lead to one place', () => {
  const below = (href2: string) =>
    page(
      el('a', 'heading', 'Top-level structure', { box: { x: 0, y: 0, width: 600, height: 30 } }),
      el('l1', 'link', '3.1.1. Low-level summary', {
        href: '#ll-summary',
        box: { x: 0, y: 100, width: 200, height: 20 },
      }),
      el('l2', 'link', '3.1.1. Low-level summary', { href: href2, box: { x: 400, y: 100, width: 200, height: 20 } }),
    );

  it('is one answer, the others named as equivalents', async () => {
    const answer = await offlineResolver.resolve(below('#ll-summary'), 'Low-level summary under Top-level structure');
    expect(answerOf(answer)).toBe('l1');
    expect('match' in answer && answer.equivalents?.map((e) => e.id)).toEqual(['l2']);
  });

  it('stays several when they lead to different places', async () => {
    const answer = await offlineResolver.resolve(below('#other'), 'Low-level summary under Top-level structure');
    expect(answerOf(answer)).toBe('several');
  });
});

describe('a heading no link leads to, beside controls that fit as well', () => {
  const snapshot = (id?: string) =>
    page(
      el('l1', 'link', 'Prior Releases', { href: '/chronology.html', region: ['aside Common Links'] }),
      el('h', 'heading', 'Latest Release', id ? { attributes: id } : {}),
      el('l2', 'link', 'Prior Releases', { href: '/chronology.html' }),
    );

  it('is no rival to click: the links, which lead to one place, are the answer', async () => {
    expect(answerOf(await offlineResolver.resolve(snapshot(), 'the past releases'))).toBe('l1');
  });

  it('still is when a link leads to it (a section someone may mean)', async () => {
    expect(answerOf(await offlineResolver.resolve(snapshot('latest'), 'the past releases'))).toBe('several');
  });
});

describe('a place word after a verb of going', () => {
  const snapshot = page(
    el('s', 'link', 'Skip to content', { href: '#content', region: ['header'] }),
    el('t', 'link', 'Back to top', { title: 'Back to top [t]', href: '#top', region: ['nav Page Tools'] }),
  );

  it('is where the element leads: "go back to the top" is the "Back to top" link', async () => {
    expect(answerOf(await offlineResolver.resolve(snapshot, 'go back to the top'))).toBe('t');
    expect(answerOf(await offlineResolver.resolve(snapshot, 'return to top'))).toBe('t');
  });
});

describe('the home link read from the banner when no link says home', () => {
  const banner = (extra: ReturnType<typeof el>[] = []) =>
    page(
      el('x', 'link', 'Project site', { href: 'https://project.example/', box: { x: 0, y: 8, width: 80, height: 15 } }),
      el('o', 'link', 'Overview', { href: '/docs/index.html', box: { x: 90, y: 8, width: 60, height: 15 } }),
      el('u', 'link', 'Users', { href: '/docs/users.html', box: { x: 160, y: 8, width: 60, height: 15 } }),
      ...extra,
      el('b', 'link', 'Index of tools', {
        href: '/docs/tools/index.html',
        box: { x: 0, y: 900, width: 90, height: 15 },
      }),
    );

  it('is the first same-site link at the top to a directory index', async () => {
    expect(answerOf(await offlineResolver.resolve(banner(), 'the documentation home'))).toBe('o');
    expect(answerOf(await offlineResolver.resolve(banner(), 'go to the home page'))).toBe('o');
  });

  it('gives way to a link that says home itself', async () => {
    const own = el('h', 'link', 'Home', { href: '/', box: { x: 300, y: 400, width: 40, height: 15 } });
    expect(answerOf(await offlineResolver.resolve(banner([own]), 'the home page'))).toBe('h');
  });
});

describe('inputs named by what they are for', () => {
  it('reads "login name" and "account name" as the user name', async () => {
    const login = page(
      el('u', 'textbox', 'Username', { tag: 'input', editable: true, region: ['form Log In'] }),
      el('p', 'textbox', 'Password', { tag: 'input', editable: true, region: ['form Log In'] }),
      el('b', 'button', 'Log In', { region: ['form Log In'] }),
    );
    for (const description of ['the login name field', 'the account name box'])
      expect(answerOf(await offlineResolver.resolve(login, description, { intent: 'type' }))).toBe('u');
  });

  it('reads "the editor" as the many-line field, not the one-line search and summary boxes', async () => {
    const edit = page(
      el('q', 'textbox', '[F]', { tag: 'input', editable: true, region: ['search'] }),
      el('w', 'textbox', '', { tag: 'textarea', editable: true, attributes: 'wiki__text wikitext' }),
      el('s', 'textbox', 'Edit summary', { tag: 'input', editable: true }),
    );
    expect(answerOf(await offlineResolver.resolve(edit, 'the editor', { intent: 'type' }))).toBe('w');
  });
});

describe('parts of a document named informally', () => {
  const guide = page(
    el('a', 'link', 'Timeout', { href: '/api.html#timeout' }),
    el('t', 'link', 'Timeouts', { href: '#timeouts', region: ['aside Table of Contents'] }),
    el('h', 'heading', 'Timeouts ¶', { attributes: 'timeouts' }),
  );

  it('reads "the bit on X" as the part on X: its heading and the contents entry to it, not a link elsewhere', async () => {
    expect(answerOf(await offlineResolver.resolve(guide, 'the bit on timeouts'))).toBe('t');
  });

  it('reads "question N" in an FAQ as its numbered part', async () => {
    const faq = page(
      el('q1', 'link', '2.12 How should I mark up lists?', { href: '#how-should-i-mark-up-lists' }),
      el('q2', 'link', '2.21 How can I mark up a FAQ or other list of questions & answers?', { href: '#faq-lists' }),
      el('h1', 'heading', '2.12 How should I mark up lists?', { attributes: 'how-should-i-mark-up-lists' }),
    );
    expect(answerOf(await offlineResolver.resolve(faq, 'question 2.12'))).toBe('q1');
  });

  it('knows a contents entry to a heading whose long id the snapshot cut', async () => {
    const cut = page(
      el('o', 'link', 'MIME type', { href: '/mime.html' }),
      el('t', 'link', 'The official MIME type', { href: '#what-s-the-official-mime-type-for-restructuredtext-data' }),
      el('h', 'heading', 'The official MIME type', { attributes: 'what-s-the-official-mime-type-for-restruc…' }),
    );
    expect(answerOf(await offlineResolver.resolve(cut, 'the section on the official MIME type'))).toBe('t');
  });
});

describe('a word of sequence and the kind of page that follows', () => {
  it('finds the next link though the kind of page is not on it ("the next module")', async () => {
    const snapshot = page(
      el('p', 'link', 'previous', { href: '/os.html', rel: 'previous' }),
      el('n', 'link', 'next', { href: '/fileinput.html', rel: 'next' }),
      el('i', 'link', 'index', { href: '/genindex.html' }),
      el('m', 'link', 'modules', { href: '/py-modindex.html' }),
      el('l', 'heading', 'lesson plans'),
    );
    expect(answerOf(await offlineResolver.resolve(snapshot, 'the next module'))).toBe('n');
    expect(answerOf(await offlineResolver.resolve(snapshot, 'the previous lesson'))).toBe('p');
  });
});

describe('what counts as a directory index for the banner home', () => {
  const first = (href: string) => page(el('a', 'link', 'Page 2', { href, box: { x: 0, y: 8, width: 60, height: 15 } }));

  it('is a same-site path to a directory or its index file, never a query, a fragment or another site', async () => {
    for (const href of ['/docs/', '../index.html', 'index.php?lang=en'])
      expect(answerOf(await offlineResolver.resolve(first(href), 'the home page'))).toBe('a');
    for (const href of ['?page=2', '#top', 'https://other.example/', '//other.example/index.html', '/docs/page.html'])
      expect(answerOf(await offlineResolver.resolve(first(href), 'the home page'))).toBe('none');
  });
});

describe('a breadcrumb trail known by its separators', () => {
  const app = pageAt('http://app.test/edit?table=books', 'Insert: books');
  const line = (e: ReturnType<typeof el>, x: number, y = 4) => ({ ...e, box: { x, y, width: 60, height: 16 } });
  // `Server » library » books` drawn as plain links and text, no landmark; the same table listed again in a menu.
  const snapshot = app(
    line(el('b0', 'link', 'Server', { href: '/?server' }), 10),
    line(el('b1', 'link', 'library', { href: '/?db=library', near: '»' }), 90),
    line(el('b2', 'link', 'books', { href: '/?db=library&select=books', near: '»' }), 170),
    el('m1', 'link', 'books', { href: '/?db=library&table=books', region: ['nav'] }),
    el('m2', 'link', 'authors', { href: '/?db=library&table=authors', region: ['nav'] }),
    line(el('f1', 'link', 'Help', { href: '/help' }), 10, 900),
    line(el('f2', 'link', 'books', { href: '/books-help', near: '|' }), 90, 900),
  );

  it('is the run of links with arrows between them, not a footer of links split by bars', () => {
    expect([...breadcrumbLinks(snapshot.elements)].sort()).toEqual(['b0', 'b1', 'b2']);
  });

  it('is where "in the breadcrumb" looks', async () => {
    expect(answerOf(await offlineResolver.resolve(snapshot, 'books in the breadcrumb'))).toBe('b2');
    expect(answerOf(await offlineResolver.resolve(snapshot, 'books'))).toBe('several');
  });
});

describe('results counted under their heading', () => {
  const search = pageAt('http://wiki.test/search?q=upgrade', 'Search results');
  const box = (e: ReturnType<typeof el>, x: number, y: number, width: number, height: number) => ({
    ...e,
    box: { x, y, width, height },
  });
  const under = { heading: 'Search results' };
  // A search page: the form and its tabs, then two results, each a title link over a snippet of text.
  const snapshot = search(
    box(el('h', 'heading', 'Search results'), 200, 100, 800, 30),
    box(el('q', 'searchbox', 'Search', { ...under, editable: true }), 201, 155, 600, 32),
    box(el('t1', 'link', 'Content pages', { ...under, href: '?profile=default' }), 206, 204, 116, 36),
    box(el('t2', 'link', 'Everything', { ...under, href: '?profile=all' }), 322, 204, 90, 36),
    box(el('r1', 'link', 'Release notes', { ...under, href: '/Release_notes' }), 201, 288, 152, 19),
    box(el('r2', 'link', 'Upgrading', { ...under, href: '/Upgrading' }), 201, 427, 83, 19),
  );

  it('counts the links drawn alike down one column, not the tabs above them', async () => {
    expect(answerOf(await offlineResolver.resolve(snapshot, 'the first result'))).toBe('r1');
    expect(answerOf(await offlineResolver.resolve(snapshot, 'the last result'))).toBe('r2');
  });

  it('counts nothing when no column of links stands under the heading', async () => {
    const scattered = search(
      box(el('h', 'heading', 'Search results'), 200, 100, 800, 30),
      box(el('r1', 'link', 'Release notes', { ...under, href: '/Release_notes' }), 201, 288, 152, 19),
      box(el('r2', 'link', 'Upgrading', { ...under, href: '/Upgrading' }), 420, 427, 83, 19),
    );
    expect(answerOf(await offlineResolver.resolve(scattered, 'the first result'))).toBe('none');
  });
});

describe("a site's common words for one thing", () => {
  const footer = (name: string, role = 'link') =>
    page(
      el('a', role, name, role === 'link' ? { href: '/a' } : {}),
      el('b', 'link', 'Contact us', { href: '/contact' }),
      el('c', 'link', 'About', { href: '/about' }),
    );

  it('signing up is creating an account, whichever the page says', async () => {
    expect(answerOf(await offlineResolver.resolve(footer('Create account'), 'sign up', { intent: 'click' }))).toBe('a');
    expect(answerOf(await offlineResolver.resolve(footer('Register'), 'create an account', { intent: 'click' }))).toBe(
      'a',
    );
  });

  it('the terms go by their several names, and dark mode is the dark theme', async () => {
    for (const [name, description] of [
      ['Terms and Conditions', 'T&Cs'],
      ['Terms of Use', 'terms of service'],
    ])
      expect(answerOf(await offlineResolver.resolve(footer(name), description, { intent: 'click' }))).toBe('a');
    expect(
      answerOf(await offlineResolver.resolve(footer('Dark theme', 'button'), 'dark mode', { intent: 'click' })),
    ).toBe('a');
  });
});

describe('a number said whole', () => {
  // darkstat's host list: one link per address; the address asked for is not among them.
  const hosts = pageAt('http://stats.test/hosts/', 'Hosts')(
    el('a1', 'link', '127.0.0.1', { href: './127.0.0.1/' }),
    el('a2', 'link', '127.0.0.3', { href: './127.0.0.3/' }),
    el('v1', 'link', 'Release 3.25.1', { href: '/release/3.25.1/' }),
  );

  it('is not met by a number it begins ("127.0.0.1" is not "127.0.0.12")', async () => {
    expect(answerOf(await offlineResolver.resolve(hosts, '127.0.0.12'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(hosts, '127.0.0.1'))).toBe('a1');
  });

  it('still meets a version it begins at a dot ("3.25.1" said as "3.25")', async () => {
    expect(answerOf(await offlineResolver.resolve(hosts, 'release 3.25'))).toBe('v1');
  });
});

describe('numbers in results and pagers', () => {
  // A page of search results: appendix sections numbered "D.2", "D.3", and the pager's buttons "1" and "2".
  const results = pageAt('http://docs.test/search?q=capture', 'Search: capture')(
    el('r1', 'link', 'D.2. tshark: Terminal-based capture', { href: '/docs/tshark.html' }),
    el('r2', 'link', 'D.3. tcpdump: Capturing with tcpdump', { href: '/docs/tcpdump.html' }),
    el('r3', 'link', 'Chapter 4. Capturing Live Network Data', { href: '/docs/capture.html' }),
    el('p1', 'button', '1'),
    el('p2', 'button', '2'),
    el('p4', 'button', '4'),
  );

  it("reads an appendix's number whole: page 3 is not section D.3", async () => {
    expect(answerOf(await offlineResolver.resolve(results, 'page 3'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(results, 'page 2'))).toBe('p2');
  });

  it('takes the element that says the kind with the number over a bare number', async () => {
    expect(answerOf(await offlineResolver.resolve(results, 'Chapter 4'))).toBe('r3');
  });
});

describe("a step link's label quoted whole", () => {
  // mom's manual: the page links its next chapter, and mentions the chapter before it in its text.
  const chapter = pageAt('http://docs.test/mom/using.html', 'Using mom')(
    el('t', 'link', 'Back to Table of Contents', { href: 'toc.html' }),
    el('n', 'link', 'Next: The typesetting macros', { href: 'typesetting.html' }),
    el('p', 'link', 'What is mom?', { href: 'intro.html', near: 'As explained in the section' }),
  );

  it('is no mention of that page in the text', async () => {
    expect(answerOf(await offlineResolver.resolve(chapter, 'Previous: What is mom?'))).toBe('none');
  });

  it('still finds the step link that says it', async () => {
    expect(answerOf(await offlineResolver.resolve(chapter, 'Next: The typesetting macros'))).toBe('n');
  });
});

describe('a description of common words only', () => {
  it('is said by the match, not only by the sentence before it', async () => {
    const footer = pageAt('http://docs.test/groff/webpage.html', 'groff')(
      el('l', 'link', 'License', { href: 'license.html' }),
      el('g', 'link', 'groff-1.22.4', {
        href: 'http://www.gnu.org/software/groff',
        near: 'This document was produced using',
      }),
    );
    expect(answerOf(await offlineResolver.resolve(footer, 'Documentation'))).toBe('none');
    const named = pageAt('http://docs.test/', 'Home')(el('d', 'link', 'Documentation', { href: 'docs/' }));
    expect(answerOf(await offlineResolver.resolve(named, 'Documentation'))).toBe('d');
  });
});

describe('a name written as a title', () => {
  // A mailing-list archive's date index: it links the thread index (not itself) and its messages.
  const index = pageAt('http://lists.test/archive/maillist.html', 'widget-users (date)')(
    el('ti', 'link', 'Thread Index', { href: 'threads.html' }),
    el('m1', 'link', 'Widget 2.4 released', { href: 'msg00000.html' }),
    el('ms', 'link', 'MS Teams notes', { href: 'msg00001.html' }),
  );

  it('is not met by another name of its shape with one word swapped', async () => {
    expect(answerOf(await offlineResolver.resolve(index, 'Author Index'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(index, 'Date Index'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(index, 'Author index'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(index, 'Thread Index'))).toBe('ti');
  });

  it('is still met by a shortening of a word', async () => {
    expect(answerOf(await offlineResolver.resolve(index, 'Microsoft Teams Notes'))).toBe('ms');
  });

  it('counts a number in the name as one of its words, numbering before it not', async () => {
    // A traffic report's months: "Oct 2026" is another month than "Nov 2026", not that month with a word unsaid.
    const months = pageAt('http://stats.test/index.html', 'Usage summary')(
      el('nov', 'link', 'Nov 2026', { href: 'usage_202611.html' }),
      el('sec', 'link', '4.2 Thread Index', { href: 'threads.html' }),
    );
    expect(answerOf(await offlineResolver.resolve(months, 'Oct 2026'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(months, 'Nov 2026'))).toBe('nov');
    expect(answerOf(await offlineResolver.resolve(months, 'Date Index'))).toBe('none');
  });
});

describe('a kind named with the words that say which', () => {
  it('is not met by an element that says only the kind', async () => {
    // pydoc's results for "zip" (bz2 among them, bzip2 said only in its text); the page also links "Module Index".
    const results = storedSnapshot({ site: 'pydoc', page: 'search-zip.html' });
    expect(answerOf(await offlineResolver.resolve(results, 'the bzip2 module'))).not.toBe('e0');
    const index = pageAt('http://docs.test/', 'Docs')(el('mi', 'link', 'Module Index', { href: 'index.html' }));
    expect(answerOf(await offlineResolver.resolve(index, 'the module index'))).toBe('mi');
  });
});

describe("a host's name asked for", () => {
  const sites = pageAt('http://stats.test/topsites.html', 'Top sites')(
    el('a', 'link', 'www.example.com', { href: 'http://www.example.com/' }),
    el('b', 'link', 'news.example.net', { href: 'http://news.example.net/' }),
  );

  it('is written whole: another site sharing two of its words is not it', async () => {
    expect(answerOf(await offlineResolver.resolve(sites, 'www.google.com'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(sites, 'games.example.net'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(sites, 'www.example.com'))).toBe('a');
  });
});

describe('a step word alone', () => {
  const faq = pageAt('http://docs.test/faq/archives.html', 'The FTP archives')(
    el('home', 'link', 'Home', { href: 'index.html' }),
    el('next', 'link', 'Next', { href: 'pkg-basics.html' }),
    el('q', 'link', '6.12. How do I set up my own apt-able repository?', { href: '#ownrepository' }),
  );

  it('is not met by a title that uses the word inside it', async () => {
    expect(answerOf(await offlineResolver.resolve(faq, 'Up'))).toBe('none');
    expect(answerOf(await offlineResolver.resolve(faq, 'Next'))).toBe('next');
  });

  it('is met by a step link that says it first or by its rel', async () => {
    const manual = pageAt('http://docs.test/manual/Strings.html', 'Strings')(
      el('up', 'link', 'Up: Data Types and Their Representation', { href: 'Data-Types.html' }),
      el('q', 'link', 'Strings and their escape sequences', { href: '#escapes' }),
    );
    expect(answerOf(await offlineResolver.resolve(manual, 'Up'))).toBe('up');
  });
});
