/** Offset pagination as the wire contract's `Pagination` object describes it. */
export interface Page<T> {
  items: T[];
  pagination: {
    currentLimit: number;
    currentPage: number;
    finalCount: number;
    hasMore: boolean;
    initialCount: number;
    nextOffset: number;
    numberOfPages: number;
    totalItems: number;
  };
}

export const DEFAULT_LIMIT = 10;

/**
 * `load(n)` returns the first `n` items in order and the total count. Offset -1 or absent means from the start.
 */
export const offsetPage = async <T>(request: {
  offset?: number;
  limit?: number;
  load: (wanted: number) => Promise<{ items: T[]; total: number }>;
}): Promise<Page<T>> => {
  const limit = request.limit ?? DEFAULT_LIMIT;
  const offset = Math.max(0, request.offset ?? -1);
  const { items, total } = await request.load(offset + limit);
  const slice = items.slice(offset, offset + limit);
  const nextOffset = offset + slice.length;
  return {
    items: slice,
    pagination: {
      currentLimit: limit,
      currentPage: Math.floor(offset / limit) + 1,
      finalCount: nextOffset,
      hasMore: nextOffset < total,
      initialCount: offset,
      nextOffset,
      numberOfPages: Math.ceil(total / limit),
      totalItems: total,
    },
  };
};
