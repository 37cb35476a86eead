/**
 * Readings for large references and manuals' contents: a name that one control bears whole among many that
 * mention it, a chapter among its numbered sections, a question written again in a table beside its link, and
 * scrolling to a section (its heading, not a link that mentions it). Each case here went wrong (or asked) before
 * its reading.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://docs.test/api/fs.html', 'File system');
const heading = (id: string, name: string, extra = {}) => el(id, 'heading', name, { interactive: false, ...extra });
const scrolled = (snapshot: ReturnType<typeof page>, description: string) =>
  offlineResolver.resolve(snapshot, description, { intent: 'scroll' });

describe('names and numbered contents', () => {
  it('takes the one control named exactly so among headings and links that mention the word', async () => {
    const reference = page(
      el('e0', 'link', '► ▼ Options', { href: '#' }),
      el('e1', 'link', 'Command-line options', { href: '/cli.html' }),
      heading('e2', 'filehandle.read([options]) #', { attributes: 'filehandlereadoptions' }),
      el('e3', 'link', 'filehandle.read([options])', { href: '#filehandlereadoptions' }),
    );
    expect(said(await resolveClick(reference, 'Options'))).toBe('► ▼ Options');
  });

  it('takes the chapter, numbered at the first level, over its sections and others that mention it', async () => {
    const contents = page(
      el('e0', 'link', '4. Memcheck: a memory error detector', { href: 'mc-manual.html' }),
      el('e1', 'link', '4.6. Memcheck Monitor Commands', { href: 'mc-manual.html#mc-manual.monitor-commands' }),
      el('e2', 'link', '8.2.11. DRD Versus Memcheck', { href: 'drd-manual.html#drd-manual.vs-memcheck' }),
    );
    expect(said(await resolveClick(contents, 'the chapter on Memcheck'))).toBe('4. Memcheck: a memory error detector');
  });

  it('takes the link when a table cell only writes its title again', async () => {
    const faq = page(
      el('e0', 'link', 'Why does Memcheck report so many leaks?', { href: '#faq.leaks' }),
      el('e1', 'link', 'Why does Memcheck report so many leaks?', { href: '#faq.leaks', region: ['table'] }),
      el('e2', 'cell', 'Why does Memcheck report so many leaks?', { interactive: false, region: ['table'] }),
    );
    expect(await resolveClick(faq, 'the question about Memcheck leaks')).toMatchObject({
      match: { role: 'link', href: '#faq.leaks' },
    });
  });
});

describe('scrolling to a section', () => {
  it("goes to the section's heading, not a link in the text that mentions it", async () => {
    const reference = page(
      el('e0', 'link', 'fs.watch()', { href: '#fswatch', near: 'Using' }),
      heading('e1', 'fs.watch(filename[, options][, listener]) #', { attributes: 'fswatch' }),
      el('e2', 'link', 'fs.watch()', { href: '#fswatch', near: 'A successful call to' }),
    );
    expect(await scrolled(reference, 'the section on fs.watch')).toMatchObject({ match: { id: 'e1' } });
  });

  it('goes to the heading a contents link leads to', async () => {
    const reference = page(
      el('e0', 'link', 'Promises API', { href: '#promises-api', region: ['nav'] }),
      el('e1', 'link', 'Callback API', { href: '#callback-api', region: ['nav'] }),
      heading('e2', 'Callback API #', { attributes: 'callback-api' }),
      heading('e3', 'Promises example #', { attributes: 'promises-example' }),
      heading('e4', 'API #', { attributes: 'promises-api' }),
    );
    expect(await scrolled(reference, 'the promises API')).toMatchObject({ match: { id: 'e4' } });
  });
});
