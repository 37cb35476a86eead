import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT, offsetPage } from '../../functions/core/shared/pagination.js';

const items = Array.from({ length: 25 }, (_, i) => i);
const source = () => {
  const asked: number[] = [];
  return {
    asked,
    load: async (wanted: number) => (asked.push(wanted), { items: items.slice(0, wanted), total: items.length }),
  };
};

describe('offsetPage', () => {
  it('starts at the beginning for offset -1, 0 and none, with the default limit', async () => {
    for (const offset of [-1, 0, undefined]) {
      const page = await offsetPage({ offset, ...source() });
      expect(page.items, String(offset)).toEqual(items.slice(0, DEFAULT_LIMIT));
      expect(page.pagination).toEqual({
        currentLimit: DEFAULT_LIMIT,
        currentPage: 1,
        finalCount: 10,
        hasMore: true,
        initialCount: 0,
        nextOffset: 10,
        numberOfPages: 3,
        totalItems: 25,
      });
    }
  });

  it('answers the middle and the last page', async () => {
    const middle = await offsetPage({ offset: 10, limit: 10, ...source() });
    expect(middle.items).toEqual(items.slice(10, 20));
    expect(middle.pagination).toMatchObject({ currentPage: 2, hasMore: true, nextOffset: 20, initialCount: 10 });
    const last = await offsetPage({ offset: 20, limit: 10, ...source() });
    expect(last.items).toEqual(items.slice(20));
    expect(last.pagination).toMatchObject({ currentPage: 3, hasMore: false, nextOffset: 25, finalCount: 25 });
  });

  it('answers no items and no more beyond the end', async () => {
    const page = await offsetPage({ offset: 100, limit: 10, ...source() });
    expect(page.items).toEqual([]);
    expect(page.pagination).toMatchObject({
      hasMore: false,
      totalItems: 25,
      initialCount: 100,
      nextOffset: 100,
      numberOfPages: 3,
    });
  });

  it('loads only as many items as the page needs', async () => {
    const loader = source();
    await offsetPage({ offset: 5, limit: 3, ...loader });
    expect(loader.asked).toEqual([8]);
    const fromStart = source();
    await offsetPage({ offset: -1, limit: 4, ...fromStart });
    expect(fromStart.asked).toEqual([4]);
  });

  it('answers zero pages for an empty collection', async () => {
    const page = await offsetPage({ load: async () => ({ items: [], total: 0 }) });
    expect(page.items).toEqual([]);
    expect(page.pagination).toMatchObject({
      hasMore: false,
      totalItems: 0,
      numberOfPages: 0,
      currentPage: 1,
      nextOffset: 0,
    });
  });

  it('counts an offset inside a page as that page', async () => {
    const page = await offsetPage({ offset: 15, limit: 10, ...source() });
    expect(page.items).toEqual(items.slice(15, 25));
    expect(page.pagination.currentPage).toBe(2);
  });
});
