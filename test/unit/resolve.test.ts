/** The offline resolver on hand-made snapshots: what it reads from a description and how it decides. */
import { describe, expect, it } from 'vitest';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { parseQuery } from '../../functions/core/resolve/query.js';
import { estimateTokens, serializeSnapshot } from '../../functions/core/resolve/serialize.js';
import type { PageSnapshot, SnapshotElement } from '../../functions/ports/page-snapshot.js';

let next = 0;
const el = (role: string, name: string, extra: Partial<SnapshotElement> = {}): SnapshotElement => ({
  id: `e${next++}`,
  role,
  tag: role === 'link' ? 'a' : role === 'textbox' ? 'input' : 'button',
  name,
  box: { x: 0, y: next * 40, width: 100, height: 30 },
  visible: true,
  interactive: true,
  ...(role === 'textbox' ? { editable: true } : {}),
  ...extra,
});
const page = (...elements: SnapshotElement[]): PageSnapshot => ({
  key: 's1',
  url: 'http://example.test/',
  title: 'Test',
  viewport: { width: 1280, height: 720 },
  scroll: { left: 0, top: 0 },
  elements: elements.map((element, index) => ({ ...element, id: `e${index}` })),
  nodeCount: elements.length * 3,
});
const resolve = async (snapshot: PageSnapshot, description: string, intent?: 'click' | 'type') => {
  const answer = await offlineResolver.resolve(snapshot, description, { intent });
  if ('match' in answer) return answer.match.id;
  return 'none' in answer ? 'none' : `ambiguous:${answer.candidates.map((c) => c.id).join(',')}`;
};

describe('reading a description', () => {
  it('takes the last kind word as the kind, quoted text as required, and ordinals spelled as phrases', () => {
    const query = parseQuery(`click the second to last "Save draft" button`);
    expect(query.role?.word).toBe('button');
    expect(query.quotes).toEqual([['save', 'draft']]);
    expect(query.ordinal).toBe(-2);
  });

  it('splits a relation into the element and its anchor, without splitting "next to last"', () => {
    expect(parseQuery('the checkbox under Newsletter').relation).toMatchObject({
      kind: 'below',
      anchor: { terms: ['newsletter'] },
    });
    const nextToLast = parseQuery('the next to last link');
    expect(nextToLast.ordinal).toBe(-2);
    expect(nextToLast.relation).toBeUndefined();
  });

  it('weighs the words after a possessive as the thing itself', () => {
    expect(parseQuery("Dave Lee's role")).toMatchObject({ terms: ['dave', 'lee', 'role'], head: ['role'] });
  });
});

describe('deciding', () => {
  const form = page(
    el('textbox', 'Email'),
    el('textbox', 'Password'),
    el('button', 'Sign in'),
    el('button', 'Sign in with Google'),
    el('link', 'Contact', { region: ['header'] }),
    el('link', 'Contact', { region: ['footer'] }),
  );

  it('prefers the name that says exactly what was asked over a longer one', async () => {
    expect(await resolve(form, 'the log in button')).toBe('e2');
  });

  it('answers none, not a guess, when the words are absent', async () => {
    expect(await resolve(form, 'the Export to PDF button')).toBe('none');
  });

  it('answers ambiguous for duplicates, and tells them apart by region or ordinal', async () => {
    expect(await resolve(form, 'Contact link')).toBe('ambiguous:e4,e5');
    expect(await resolve(form, 'Contact link in the footer')).toBe('e5');
    expect(await resolve(form, 'the last contact link')).toBe('e5');
    expect(await resolve(form, 'the third contact link')).toBe('none');
  });

  it('prefers a text field when typing', async () => {
    const snapshot = page(el('button', 'Search'), el('textbox', '', { placeholder: 'Search' }));
    expect(await resolve(snapshot, 'search', 'type')).toBe('e1');
    expect(await resolve(snapshot, 'search', 'click')).toBe('e0');
  });

  it('counts a link around an image once, as the link', async () => {
    const snapshot = page(
      el('link', 'Acme logo'),
      el('img', 'Acme logo', { parent: 'e0', interactive: false }),
      el('link', 'Docs'),
    );
    expect(await resolve(snapshot, 'the Acme logo')).toBe('e0');
  });

  it('finds the element on the asked side of an anchor', async () => {
    const at = (x: number, y: number) => ({ box: { x, y, width: 80, height: 20 } });
    const snapshot = page(
      el('heading', 'Shipping', { ...at(0, 0), interactive: false }),
      el('textbox', 'Zip', at(0, 40)),
      el('heading', 'Billing', { ...at(0, 100), interactive: false }),
      el('textbox', 'Zip', at(0, 140)),
    );
    expect(await resolve(snapshot, 'the zip field under Billing')).toBe('e3');
    expect(await resolve(snapshot, 'the zip field below Shipping')).toBe('e1');
  });
});

describe('serializing', () => {
  it('writes one short line per element and regions only when they change', () => {
    const text = serializeSnapshot(
      page(el('link', 'Docs', { region: ['header'] }), el('link', 'Blog', { region: ['header'] })),
    );
    expect(text.split('\n')).toEqual([
      'page "Test" http://example.test/',
      '[header]',
      'e0 link "Docs" @0,' + 40 * (next - 1),
      expect.stringMatching(/^e1 link "Blog" @0,\d+$/),
    ]);
    expect(estimateTokens(text)).toBeLessThan(30);
  });
});
