/**
 * Readings for a mailing-list archive's plain pages and an API reference's code names: a part of the page counted
 * in though the page does not mark it, the page's title written before its search box, a code name met only in
 * part, an item counted that is only where the element is, and troubles that are problems; a sidebar's links
 * counted all, and the heading of a dialog the page keeps closed. Each case here went wrong before its reading.
 */
import { describe, expect, it } from 'vitest';
import type { SnapshotElement } from '../../functions/ports/page-snapshot.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

/** An archive's start page as public-inbox draws it: no landmark, the title in bold, a search form, the threads. */
const archive = (title: string) =>
  pageAt('http://lists.test/dev/', title)(
    el('q', 'textbox', '', { near: 'Development of the photo server' }),
    el('go', 'button', 'search', { near: 'Development of the photo server' }),
    el('help', 'link', 'help', { href: '/dev/_/text/help/' }),
    el('mirror', 'link', 'mirror', { href: '/dev/_/text/mirror/' }),
    el('atom', 'link', 'Atom feed', { href: '/dev/new.atom' }),
    el('t1', 'link', '[ANNOUNCE] Photo server 2.3 released', { href: '/dev/m12/T/#t' }),
    el('t2', 'link', 'Thumbnail cache grows without limit', { href: '/dev/m9/T/#t' }),
    el('t3', 'link', 'Release 2.3 schedule', { href: '/dev/m4/T/#t' }),
  );

describe('a part of the page counted in that the page does not mark', () => {
  it('does not take the last link of the page for the last of a header it does not draw', async () => {
    expect(said(await resolveClick(archive('Development of the photo server'), 'the last link in the header'))).toBe(
      'none',
    );
  });

  it('still counts from the end of the page where such a part stands', async () => {
    const page = archive('Development of the photo server');
    expect(said(await resolveClick(page, 'the first link in the header'))).toBe('help');
    expect(said(await resolveClick(page, 'the last link in the footer'))).toBe('Release 2.3 schedule');
    expect(said(await resolveClick(page, 'the second link in the sidebar'))).toBe('none');
  });
});

describe("the page's title written before its search box", () => {
  it('names the page, not the box: clicking it asks', async () => {
    const answer = await resolveClick(archive('Development of the photo server'), 'Development of the photo server');
    expect('match' in answer ? answer.match.id : said(answer)).not.toBe('q');
  });

  it('is still the box when the page is titled otherwise (the text before a field names it)', async () => {
    const answer = await resolveClick(archive('kubernetes - search results'), 'Development of the photo server');
    expect('match' in answer && answer.match.id).toBe('q');
  });
});

describe('a code name met only in part', () => {
  const reference = pageAt('http://docs.test/reference/', 'API Reference')(
    el('h', 'heading', 'API Reference'),
    el('m1', 'link', 'Virtual Transport Base Class - kombu.transport.virtual', {
      href: '/reference/kombu.transport.virtual.html',
    }),
    el('m2', 'link', 'Virtual AMQ Exchange Implementation - kombu.transport.virtual.exchange', {
      href: '/reference/kombu.transport.virtual.exchange.html',
    }),
  );

  it('is not the module that holds it: the resolver says the page writes only part of it', async () => {
    const answer = await resolveClick(reference, 'kombu.transport.virtual.exchange.Exchange');
    expect(said(answer)).toBe('none');
    expect('reason' in answer && answer.reason).toContain('only part of');
  });

  it('is the link writing it whole, or leading to it', async () => {
    expect(said(await resolveClick(reference, 'kombu.transport.virtual.exchange'))).toBe(
      'Virtual AMQ Exchange Implementation - kombu.transport.virtual.exchange',
    );
  });
});

describe('an item counted that is only where the element is', () => {
  const thread = pageAt('http://lists.test/dev/m1/T/', 'Release 2.3 schedule')(
    el('h', 'heading', 'Release 2.3 schedule'),
    el('raw1', 'link', 'raw', { href: '/dev/m1/raw', near: 'From: Alice' }),
    el('n1', 'link', '0 siblings, 1 reply; 4+ messages in thread', { href: '#r1' }),
    el('raw2', 'link', 'raw', { href: '/dev/m2/raw', near: 'From: Bob' }),
    el('n2', 'link', '0 siblings, 1 reply; 4+ messages in thread', { href: '#r2' }),
    el('raw3', 'link', 'raw', { href: '/dev/m3/raw', near: 'From: Alice' }),
    el('n3', 'link', '0 siblings, 0 replies; 4+ messages in thread', { href: '#r3' }),
  );

  it("does not answer the first message's own link for its raw link", async () => {
    const answer = await resolveClick(thread, "the raw link of Alice's first message");
    expect('match' in answer && answer.match.id).not.toBe('n1');
  });
});

describe('troubles', () => {
  it('are problems', async () => {
    const manual = pageAt('http://docs.test/commands.html', 'Commands')(
      el('h', 'heading', 'XHTML with MathML'),
      el('toc', 'link', 'XHTML with MathML', { href: '#mathml' }),
      el('p', 'link', 'common sources of problems', { href: 'mml.html#mml-prob', near: 'for MathML' }),
    );
    expect(said(await resolveClick(manual, 'the MathML troubles link'))).toBe('common sources of problems');
  });
});

describe("a sidebar's links counted", () => {
  it('counts a contents entry that leads to "#" as the person reading the sidebar does', async () => {
    const page = pageAt('http://docs.test/', 'Metakernel')(
      el('brand', 'link', 'Metakernel', { href: '#', region: ['nav'] }),
      el('h', 'heading', 'Metakernel', { region: ['main'] }),
      el('s1', 'link', 'Features', { href: '#', region: ['aside'] }),
      el('s2', 'link', 'Kernels based on Metakernel', { href: '#kernels', region: ['aside'] }),
      el('s3', 'link', 'API Reference', { href: '#api', region: ['aside'] }),
      el('s4', 'link', 'Installation', { href: '#install', region: ['aside'] }),
    );
    expect(said(await resolveClick(page, 'the second link in the sidebar'))).toBe('Kernels based on Metakernel');
    expect(said(await resolveClick(page, 'the first link in the sidebar'))).toBe('Features');
  });
});

describe('the heading of a dialog the page keeps closed', () => {
  it('is no place to click: the resolver says it is hidden', async () => {
    const hidden = { box: { x: 0, y: 0, width: 0, height: 0 }, visible: false, region: ['dialog Add a transaction'] };
    const page = pageAt('http://ledger.test/register', 'Register')(
      el('j', 'link', 'Journal', { href: '/journal' }),
      el('t', 'link', 'Transactions', { href: '/register' }),
      el('h', 'heading', 'Add a transaction', { ...hidden, interactive: false, attributes: 'addLabel' }),
    );
    const answer = await resolveClick(page, 'Add a transaction');
    expect(said(answer)).toBe('none');
    expect('reason' in answer && answer.reason).toContain('does not show');
  });
});

describe("a record's action named with the record", () => {
  /** Supervisor's status table: the program's state, its name, and its actions, one program a line. */
  const line = (i: number, state: string, name: string, actions: string[]): SnapshotElement[] => {
    const y = 150 + 30 * i;
    const cell = { region: ['form', 'table'], row: state, visible: true };
    return [
      el(`n${i}`, 'link', name, {
        ...cell,
        column: 'Name',
        href: `/tail.html?processname=${name}`,
        box: { x: 500, y, width: 90, height: 14 },
      }),
      ...actions.map((action, j) =>
        el(`a${i}${j}`, 'link', action, {
          ...cell,
          column: 'Action',
          href: `/index.html?processname=${name}&action=${action.toLowerCase()}`,
          box: { x: 700 + 80 * j, y, width: 60, height: 14 },
        }),
      ),
    ];
  };
  const status = pageAt('http://supervisor.test/', 'Supervisor Status')(
    ...line(0, 'fatal', 'legacy-importer', ['Start', 'Clear Log']),
    ...line(1, 'exited', 'nightly-backup', ['Start', 'Clear Log']),
    ...line(2, 'running', 'webshop', ['Restart', 'Stop', 'Clear Log']),
  );

  it("is the verb's control on the record's own line, though a status column names several lines alike", async () => {
    const running = pageAt('http://supervisor.test/', 'Supervisor Status')(
      ...line(0, 'running', 'webshop', ['Restart', 'Stop', 'Clear Log']),
      ...line(1, 'running', 'workers:mailqueue', ['Restart', 'Stop', 'Clear Log']),
      ...line(2, 'stopped', 'workers:thumbnailer', ['Start', 'Clear Log']),
    );
    const stop = await resolveClick(running, 'stop the web shop');
    expect('match' in stop && stop.match.id).toBe('a01');
    // "Restart" is another action than "start": the running queue has no Start to click.
    const start = await resolveClick(running, 'start workers:mailqueue');
    expect('match' in start && start.match.name).not.toBe('Restart');
  });

  it("is the action on that record's line: the one every line has, beside the name no other line has", async () => {
    const answer = await resolveClick(status, 'Start legacy-importer');
    expect('match' in answer && answer.match.id).toBe('a00');
    const backup = await resolveClick(status, 'Clear Log for nightly-backup');
    expect('match' in backup && backup.match.id).toBe('a11');
  });
});

describe('the items of a list under a heading', () => {
  it("are its entries, not the page's search box, Help button and tick box under the same heading", async () => {
    const under = { heading: 'Debian packages on vm' };
    const page = pageAt('http://dpkg.test/dpkg?query=dpkg+apt', 'dpkg apt')(
      el('h', 'heading', 'Debian packages on vm'),
      el('go', 'button', 'Search', under),
      el('q', 'textbox', '', under),
      el('help', 'button', 'Help', under),
      el('all', 'checkbox', '', under),
      el('p1', 'link', 'apt', { ...under, href: '/dpkg?query=apt' }),
      el('p2', 'link', 'dpkg', { ...under, href: '/dpkg?query=dpkg' }),
      el('p3', 'link', 'dpkg-www', { ...under, href: '/dpkg?query=dpkg-www' }),
    );
    expect(said(await resolveClick(page, 'the second package'))).toBe('dpkg');
    expect(said(await resolveClick(page, 'the third package'))).toBe('dpkg-www');
  });
});

describe('a name with its capital that the page does not write', () => {
  const download = pageAt('http://crmsh.test/download/', 'Download')(
    el('h', 'heading', 'Download'),
    el('deb', 'link', 'Debian', { href: 'https://packages.debian.org/crmsh' }),
    el('src', 'link', 'Source Packages', { href: '#_source_packages' }),
    el('rel', 'link', 'releases', { href: 'https://github.com/ClusterLabs/crmsh/releases' }),
  );

  it('names a thing the page does not have: the resolver asks rather than take the one other word', async () => {
    expect(said(await resolveClick(download, 'the Slackware package'))).toBe('none');
  });

  it('is still met where the page writes it, even inside a longer word', async () => {
    expect(said(await resolveClick(download, 'the Debian package'))).toBe('Debian');
    const ncurses = pageAt('http://docs.test/ncurses/', 'NCURSES')(
      el('h', 'heading', 'NCURSES'),
      el('ada', 'link', 'Ada95 binding', { href: 'ada/index.html' }),
      el('faq', 'link', 'FAQ', { href: 'faq.html' }),
    );
    expect(said(await resolveClick(ncurses, 'the Ada binding'))).toBe('Ada95 binding');
  });
});

describe("a step link's quoted label", () => {
  it('is not met by the step to another page', async () => {
    const page = pageAt('http://docs.test/basic-usage.html', 'Basic Usage')(
      el('h', 'heading', 'Basic Usage'),
      el('toc', 'link', 'Other bidict Types', { href: '/other-bidict-types.html' }),
      el('prev', 'link', 'Previous Introduction', { href: '/intro.html' }),
      el('next', 'link', 'Next Other bidict Types', { href: '/other-bidict-types.html' }),
    );
    expect(said(await resolveClick(page, 'Next: Addendum'))).toBe('none');
    expect(said(await resolveClick(page, 'Next: Other bidict Types'))).toBe('Next Other bidict Types');
  });
});

describe("an FAQ's questions listed right under the page's title", () => {
  it('count from the first, which follows the title with only the site links between', async () => {
    const top = { heading: 'crmsh' };
    const questions = [
      ['_what', 'What is the crm shell?'],
      ['_distros', 'What distributions does the shell run on?'],
      ['_pacemaker', 'Didn’t crm use to be part of Pacemaker?'],
      ['_web', 'Is there a web interface?'],
    ];
    const site = (id: string, name: string, y: number) =>
      el(id, 'link', name, {
        ...top,
        href: `/${name.toLowerCase()}`,
        region: ['header'],
        box: { x: 48, y, width: 40, height: 17 },
      });
    const page = pageAt('http://crmsh.test/faq/', 'FAQ')(
      el('t', 'heading', 'crmsh', { box: { x: 8, y: 21, width: 1200, height: 37 } }),
      site('n1', 'News', 186),
      site('n2', 'About', 204),
      // The text before the first entry is the page's title; before the others, the entry above them.
      ...questions.map(([anchor, name], i) =>
        el(`q${i}`, 'link', name, {
          ...top,
          href: `#${anchor}`,
          near: i === 0 ? 'crmsh' : questions[i - 1][1],
          box: { x: 8, y: 292 + 18 * i, width: 260, height: 17 },
        }),
      ),
      ...questions.map(([anchor, name], i) =>
        el(`h${i}`, 'heading', name, { attributes: anchor, box: { x: 8, y: 444 + 180 * i, width: 1200, height: 27 } }),
      ),
    );
    expect(said(await resolveClick(page, 'the first question'))).toBe('What is the crm shell?');
  });
});

describe('a code name written whole', () => {
  it('is the entry writing it, its number aside, not the one writing it inside a longer name', async () => {
    const magics = pageAt('http://docs.test/README.html', 'Magics')(
      el('h', 'heading', 'Magics'),
      el('l1', 'link', '1.1. %activity', { href: '#activity' }),
      el('l2', 'link', '1.2. %cd', { href: '#cd' }),
      el('c1', 'link', '2.1. %%activity', { href: '#id11' }),
      el('c2', 'link', '2.2. %%brain', { href: '#brain' }),
    );
    expect(said(await resolveClick(magics, '%activity'))).toBe('1.1. %activity');
    expect(said(await resolveClick(magics, '%%activity'))).toBe('2.1. %%activity');
  });
});

describe('going back a page', () => {
  it('takes the previous step, not a link saying "back" to somewhere else', async () => {
    const page = pageAt('http://docs.test/main002.html', 'Chapter 2')(
      el('prev', 'link', 'Previous', { href: 'main001.html' }),
      el('up', 'link', 'Up', { href: 'index.html' }),
      el('next', 'link', 'Next', { href: 'main003.html' }),
      el('h', 'heading', 'Chapter 2'),
      el('top', 'link', 'Back to top', { href: '#' }),
    );
    expect(said(await resolveClick(page, 'go back a page'))).toBe('Previous');
    expect(said(await resolveClick(page, 'back one chapter'))).toBe('Previous');
  });
});

describe('an element placed by another named only by its kind', () => {
  it('is not that other element: "the button under the text box" is no text box', async () => {
    const page = pageAt('http://lists.test/subscribers', 'devel subscribers')(
      el('h', 'heading', 'devel subscribers'),
      el('c1', 'cell', 'alice@example.org', { interactive: false }),
      el('r1', 'button', 'Remove'),
      el('c2', 'cell', 'bob@example.org', { interactive: false }),
      el('r2', 'button', 'Remove'),
      el('t', 'textbox', ''),
      el('add', 'button', 'Subscribe'),
    );
    const answer = await resolveClick(page, 'the button under the text box');
    expect('match' in answer && answer.match.role).not.toBe('textbox');
  });
});

describe("the entries under a contents' part, counted by the kind its name says it holds", () => {
  it('counts "the last function under Parsing Functions" among that entry\'s own entries', async () => {
    const entry = (id: string, name: string, x: number, i: number) =>
      el(id, 'link', name, { href: `#${id}`, box: { x, y: 100 + 20 * i, width: 200, height: 17 } });
    const page = pageAt('http://docs.test/reference.html', 'Expat XML Parser')(
      el('h', 'heading', 'Expat XML Parser', { box: { x: 8, y: 20, width: 600, height: 30 } }),
      entry('creation', 'Parser Creation Functions', 40, 0),
      entry('XML_ParserCreate', 'XML_ParserCreate', 80, 1),
      entry('XML_ParserFree', 'XML_ParserFree', 80, 2),
      entry('parsing', 'Parsing Functions', 40, 3),
      entry('XML_Parse', 'XML_Parse', 80, 4),
      entry('XML_StopParser', 'XML_StopParser', 80, 5),
      entry('XML_GetParsingStatus', 'XML_GetParsingStatus', 80, 6),
      entry('setting', 'Handler Setting Functions', 40, 7),
      entry('XML_SetStartElementHandler', 'XML_SetStartElementHandler', 80, 8),
      entry('XML_SetEndElementHandler', 'XML_SetEndElementHandler', 80, 9),
      ...['creation', 'XML_ParserCreate', 'XML_ParserFree', 'parsing', 'XML_Parse', 'XML_StopParser']
        .concat(['XML_GetParsingStatus', 'setting', 'XML_SetStartElementHandler', 'XML_SetEndElementHandler'])
        .map((id, i) =>
          el(`h-${id}`, 'heading', id, { attributes: id, box: { x: 8, y: 400 + 60 * i, width: 600, height: 24 } }),
        ),
    );
    expect(said(await resolveClick(page, 'the last function under Parsing Functions'))).toBe('XML_GetParsingStatus');
  });
});
