/**
 * Which of a page's repeated structures a walk without a model reads, page after page: the one read before, found
 * again in its place however few its items; when it is gone, one that brings something new rather than a menu every
 * page repeats.
 */
import { describe, expect, it } from 'vitest';
import { ListingTrail } from '../../functions/core/operations/pagination/listing.js';
import type { ItemGroup } from '../../functions/ports/window-driver.js';

const group = (key: string, ...texts: string[]): ItemGroup => ({
  kind: 'list',
  label: '',
  key,
  main: true,
  items: texts.map((text) => ({ text })),
});
const keys = (groups: ItemGroup[]) => groups.map((g) => g.key);

describe('ListingTrail', () => {
  it("keeps the page's own order on the first page", () => {
    const trail = new ListingTrail();
    const groups = [group('menu', 'Home', 'About', 'Contact'), group('results', 'Ada')];
    expect(keys(trail.order(groups, 1))).toEqual(['menu', 'results']);
  });

  it('puts the listing read on the page before first, even with a single item', () => {
    const trail = new ListingTrail();
    trail.order([group('results', 'Ada', 'Ben'), group('related', 'Cleo')], 1);
    trail.read(group('results', 'Ada', 'Ben'));
    const next = trail.order([group('related', 'Dan', 'Eve', 'Fay'), group('results', 'Gus')], 2);
    expect(keys(next)).toEqual(['results', 'related']);
  });

  it('passes over a structure an earlier page showed whole when the listing is not found again', () => {
    const trail = new ListingTrail();
    trail.order([group('side', 'Home', 'Docs', 'FAQ'), group('a', 'one', 'two')], 1);
    trail.read(group('a', 'one', 'two'));
    const next = trail.order([group('side', 'Home', 'Docs', 'FAQ'), group('b', 'three')], 2);
    expect(keys(next)).toEqual(['b', 'side']);
  });

  it('keeps to the listing found again when it repeats itself: the same rows are the end, not a cue to read elsewhere', () => {
    const trail = new ListingTrail();
    trail.order([group('results', 'Ada', 'Ben')], 1);
    trail.read(group('results', 'Ada', 'Ben'));
    const next = trail.order([group('news', 'Fresh'), group('results', 'Ada', 'Ben')], 2);
    expect(keys(next)).toEqual(['results', 'news']);
  });

  it('does not count a page read twice (waiting for it to fill) as an earlier page', () => {
    const trail = new ListingTrail();
    trail.order([group('side', 'Home', 'Docs'), group('results', 'Ada', 'Ben', 'Cleo')], 1);
    expect(keys(trail.order([group('results', 'Ada', 'Ben', 'Cleo'), group('side', 'Home', 'Docs')], 1))).toEqual([
      'results',
      'side',
    ]);
  });

  it('follows nothing until items were read', () => {
    const trail = new ListingTrail();
    trail.read(undefined);
    trail.read(group('empty'));
    expect(trail.followed).toBeUndefined();
  });
});
