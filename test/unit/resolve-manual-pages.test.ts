/**
 * Readings for manuals and apps whose pages link words of their running text, number their sections, label links
 * with the text before a colon, and list a term both in a table of contents and in an index: each case here went
 * wrong (or asked) before its reading.
 */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { el, pageAt, resolveClick, said } from '../support/hand-made-snapshot.js';

const page = pageAt('http://docs.test/manual.html', 'manual');

/** A word of running text linked to its reference page, as a help system links every mention of it. */
const mention = (id: string, word: string, before: string) =>
  el(id, 'link', word, { href: `/ref/${word}.html#${word}`, near: before });

describe('numbers and names written whole', () => {
  it('reads a dotted number as one: "chapter 5" is not section 1.5', async () => {
    const contents = page(
      el('e0', 'link', '1.5', { href: '#SECTavail', near: 'Where to get it' }),
      el('e1', 'link', '1.6', { href: '#SECTlicence', near: 'Licence' }),
      el('e2', 'link', '5. The command line', { href: 'ch-command-line.html' }),
    );
    expect(said(await resolveClick(contents, 'chapter 5'))).toBe('5. The command line');
    expect(said(await resolveClick(contents, 'section 1.5'))).toBe('1.5');
  });

  it('reads a file name whole: "undo.txt" is not the link "undo"', async () => {
    const index = page(
      el('e0', 'link', 'undo', { href: '/undo.html#undo', near: 'The' }),
      el('e1', 'link', 'undo.txt', { href: '/undo.html', near: 'text' }),
    );
    expect(said(await resolveClick(index, 'undo.txt'))).toBe('undo.txt');
  });

  it('reads "forward" as the next step only in a short text, not in a title', async () => {
    const chapter = page(
      el('e0', 'link', 'Forward files and address verification', { href: '#SECID125' }),
      el('e1', 'link', 'Previous', { href: 'ch-15.html' }),
    );
    expect(said(await resolveClick(chapter, 'next chapter'))).toBe('none');
    const pager = page(el('e0', 'link', 'Forward', { href: 'p3.html' }), el('e1', 'link', 'Back', { href: 'p1.html' }));
    expect(said(await resolveClick(pager, 'the next page'))).toBe('Forward');
  });

  it('does not read the noun "lookups" as a search', async () => {
    const contents = page(
      el('e0', 'searchbox', 'Search Docs Online', { editable: true }),
      el('e1', 'link', '9. File and database lookups', { href: 'ch-lookups.html' }),
    );
    expect(said(await resolveClick(contents, 'the chapter on lookups'))).toBe('9. File and database lookups');
  });
});

describe('links in running text', () => {
  it('is no answer when the link says one word and the sentence before it the rest, where that word is linked everywhere', async () => {
    const prose = page(
      mention('e0', 'window', 'To increase the size of a'),
      mention('e1', 'window', 'Split a'),
      mention('e2', 'window', 'Close this'),
      mention('e3', 'window', 'the cursor moves to the other'),
      mention('e4', 'window', 'Each'),
      el('e5', 'link', '08.4', { href: '#08.4' }),
    );
    expect(said(await resolveClick(prose, 'Window size'))).toBe('none');
  });

  it('still takes a link of a name of its own labelled by the words before it', async () => {
    const footer = page(el('e0', 'link', 'WordPress', { href: 'https://wordpress.org/', near: 'Proudly powered by' }));
    expect(said(await resolveClick(footer, 'Proudly powered by WordPress'))).toBe('WordPress');
  });

  it('takes a link whose text is a file, labelled by the words before a colon', async () => {
    const footer = page(
      el('e0', 'link', 'usr_09.txt', { href: '/usr_09.html', near: 'the window. Next chapter: |' }),
      el('e1', 'link', 'usr_07.txt', { href: '/usr_07.html', near: 'Previous chapter: |' }),
    );
    expect(said(await resolveClick(footer, 'Next chapter'))).toBe('usr_09.txt');
    expect(said(await resolveClick(footer, 'the previous chapter'))).toBe('usr_07.txt');
  });
});

describe('a word the match lacks', () => {
  it('asks when a close rival says the word the best match lacks', async () => {
    const menu = page(
      el('e0', 'link', 'Service Groups', { href: '/status?servicegroup=all&style=overview', region: ['nav'] }),
      el('e1', 'link', 'Summary', { href: '/status?servicegroup=all&style=summary', region: ['nav'] }),
      el('e2', 'link', 'Grid', { href: '/status?servicegroup=all&style=grid', region: ['nav'] }),
      el('e3', 'link', 'Host Groups', { href: '/status?hostgroup=all&style=overview', region: ['nav'] }),
    );
    expect(said(await resolveClick(menu, 'the service group grid'))).toBe('several');
  });

  it('counts the items of the kind asked, not the controls whose long names mention it', async () => {
    const hosts = [
      ['backup-nas', 100],
      ['fileserver', 140],
      ['localhost', 180],
    ] as const;
    const table = page(
      ...hosts.flatMap(([host, top], i) => [
        el(`h${i}`, 'link', host, {
          href: `/extinfo?host=${host}`,
          column: 'Host',
          row: host,
          region: ['table'],
          box: { x: 20, y: top, width: 90, height: 20 },
        }),
        el(`v${i}`, 'link', 'View Service Details For This Host', {
          href: `/status?host=${host}`,
          row: host,
          region: ['table'],
          box: { x: 120, y: top, width: 20, height: 20 },
        }),
      ]),
    );
    const answer = await resolveClick(table, 'the last host');
    expect('match' in answer ? answer.match.href : said(answer)).not.toBe('/status?host=localhost');
  });
});

describe('a section and its mentions', () => {
  it('answers the section when its contents entry ties with index entries leading to mentions of it', async () => {
    const manual = page(
      el('e0', 'link', '1.1.1 Encodings', { href: '#Encodings', heading: 'Table of Contents' }),
      el('e1', 'heading', '1.1.1 Encodings'),
      el('e2', 'link', 'Encodings', { href: '#index-Encodings', heading: 'Concept index', region: ['table'] }),
      el('e3', 'link', 'Encodings', { href: '#index-Encodings-1', heading: 'Concept index', region: ['table'] }),
    );
    const answer = await resolveClick(manual, 'Encodings');
    expect('match' in answer && answer.match.href).toBe('#Encodings');
  });

  it('still asks between the section and a link to another page', async () => {
    const manual = page(
      el('e0', 'link', '1.1.1 Encodings', { href: '#Encodings' }),
      el('e1', 'heading', '1.1.1 Encodings'),
      el('e2', 'link', 'Encodings', { href: 'other.html#Encodings' }),
    );
    expect(said(await resolveClick(manual, 'Encodings'))).toBe('several');
  });
});

describe('equals told apart by their whole names', () => {
  it('takes the one whose whole name the description is, letter case included', async () => {
    const options = page(
      el('e0', 'checkbox', 'Change all tables collations', { region: ['form'] }),
      el('e1', 'checkbox', 'Change all tables columns collations', { region: ['form'] }),
    );
    expect(said(await resolveClick(options, 'Change all tables collations'))).toBe('Change all tables collations');
    const commands = page(el('e0', 'link', 'gt', { href: '#gt' }), el('e1', 'link', 'gT', { href: '#gT' }));
    expect(said(await resolveClick(commands, 'gT'))).toBe('gT');
    expect(said(await resolveClick(commands, 'gt'))).toBe('gt');
  });

  it('still asks between a section and a link elsewhere of the same words, or two names alike but for case', async () => {
    const tutorial = page(
      el('e0', 'link', '4.8.8. Function Annotations', { href: '#function-annotations' }),
      el('e1', 'link', 'Function annotations', { href: '/reference/compound_stmts.html#function' }),
    );
    expect(said(await resolveClick(tutorial, 'function annotations'))).toBe('several');
  });
});

describe('a field with no name of its own', () => {
  it('is named by its name attribute as by the text before it, with its unit after it', async () => {
    const duration = page(
      el('e0', 'cell', 'If Flexible, Duration:', { interactive: false, region: ['table'] }),
      el('e1', 'textbox', '', { editable: true, value: '2', attributes: 'hours', region: ['table'] }),
      el('e2', 'cell', 'Hours', { interactive: false, region: ['table'] }),
      el('e3', 'textbox', '', { editable: true, value: '0', attributes: 'minutes', region: ['table'] }),
      el('e4', 'cell', 'Minutes', { interactive: false, region: ['table'] }),
    );
    const answer = await offlineResolver.resolve(duration, 'Hours', { intent: 'type' });
    expect('match' in answer && answer.match.attributes).toBe('hours');
  });
});
