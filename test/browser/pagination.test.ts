/**
 * paginated-extraction and page-query's followPaginationLinks on real Chromium: a table split over three pages
 * (next links), a card grid behind a "Load more" button, and an infinite feed. Without a model the items are the
 * page's own rows, copied (partial, with a warning); with Claude (a local fake of the Messages API) each page's new
 * content is asked once, items are deduplicated and checked against the schema, and the budget stops the walk
 * keeping what was read.
 */
import { describe, expect, it } from 'vitest';
import { offlineAndClaude } from '../support/model-services.js';
import type { TestService } from '../support/service.js';

const ctx = offlineAndClaude();

/** A fresh window on `page` (each test walks its own, since walking moves the window on); `/docs/…` as given. */
const windowAt = async (svc: TestService, page: string) => {
  const sessionId = ctx.sessions.get(svc)!;
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${ctx.fixtures.url}${page.startsWith('/') ? page : `/paging/${page}`}` },
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  return res.json.data.windowId as string;
};

const extract = async (svc: TestService, page: string, body: Record<string, unknown>) => {
  const windowId = await windowAt(svc, page);
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${ctx.sessions.get(svc)}/windows/${windowId}/paginated-extraction`,
    headers: svc.auth,
    body,
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  return res.json;
};

const codes = (issues: Array<{ code?: string }> | undefined) => (issues ?? []).map((issue) => issue.code);
const PRODUCTS = [
  'Lantern Desk Lamp',
  'Harbor Mug',
  'Cedar Notebook',
  'Atlas Backpack',
  'Pebble Speaker',
  'Quill Pen Set',
  'Summit Water Bottle',
  'Drift Sunglasses',
  'Orbit Wall Clock',
  'Maple Cutting Board',
];
const PRODUCT_SCHEMA = JSON.stringify({
  type: 'object',
  properties: {
    products: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, price: { type: 'number' }, stock: { type: 'integer' } },
        required: ['name', 'price'],
      },
    },
  },
  required: ['products'],
});

describe('paginated-extraction without a language model', () => {
  it('follows next links across three pages and returns every table row once, partial with a warning', async () => {
    const json = await extract(ctx.offline, 'products-1.html', { prompt: 'every product with its price' });
    expect(json.meta.status).toBe('partial');
    expect(codes(json.warnings)).toContain('model_not_configured');
    const items = JSON.parse(json.data.modelResponse) as Array<Record<string, string>>;
    expect(items.map((item) => item.Name)).toEqual(PRODUCTS);
    expect(items[0]).toMatchObject({
      Name: 'Lantern Desk Lamp',
      Price: '€49.00',
      Stock: '12',
      link: expect.stringMatching(/\/item\/lantern-desk-lamp$/),
    });
  });

  it('reads a table of one row on each page: the row of page 1, then the row of page 2', async () => {
    const json = await extract(ctx.offline, 'one-row-1.html', { prompt: 'every open ticket' });
    expect(json.data.modelResponse).not.toBe('[]');
    expect(JSON.parse(json.data.modelResponse)).toEqual([
      {
        Ticket: '#1042',
        Subject: 'Printer on the second floor jams',
        Status: 'Open',
        link: expect.stringMatching(/\/ticket\/1042$/),
      },
      {
        Ticket: '#1037',
        Subject: 'Badge reader rejects new cards',
        Status: 'Waiting',
        link: expect.stringMatching(/\/ticket\/1037$/),
      },
    ]);
    expect(json.meta.status).toBe('partial');
    expect(codes(json.errors)).toEqual([]);
  });

  it('reads a grid of cards beside a column of menu links, then the one card of the last page', async () => {
    const json = await extract(ctx.offline, 'cards-1.html', { prompt: 'every walk' });
    const items = JSON.parse(json.data.modelResponse) as Array<{ text: string; link: string }>;
    expect(items.map((item) => item.text.split(' ')[0])).toEqual(['Cliff', 'Dune', 'Harbour', 'Lighthouse']);
    expect(items[3]).toEqual({
      text: 'Lighthouse point 9 km, 3 hours, exposed in wind',
      link: expect.stringMatching(/\/walk\/lighthouse$/),
    });
  });

  // libxslt's own manual as xsltproc writes it (Debian's libxslt1-dev): its menus are lists in a side column of
  // layout tables, with no nav element, and longer than the page's own list.
  it.each([
    ['API.html', 5, /^configure the parser for XSLT/, /^save the result using xsltSaveResultToFile/],
    [
      'contribs.html',
      10,
      /^Bjorn Reese is the author of the number support/,
      /^If you want to use libxslt in a Mac OS X/,
    ],
  ])('gives the list in the content of a real manual page (%s), not its menus', async (page, count, first, last) => {
    const json = await extract(ctx.offline, `/docs/libxslt/${page}`, { prompt: 'the items of the list' });
    const items = JSON.parse(json.data.modelResponse) as Array<{ text: string }>;
    expect(items.map((item) => item.text)).not.toContain('Home');
    expect(items).toHaveLength(count);
    expect(items[0].text).toMatch(first);
    expect(items[count - 1].text).toMatch(last);
  });

  it('names interactionMode and optimizeUrls when they would change something, as not applied', async () => {
    const json = await extract(ctx.offline, 'products-1.html', {
      prompt: 'products',
      configuration: { interactionMode: 'accurate', scrape: { optimizeUrls: 'enabled' } },
    });
    const options = json.warnings
      .filter((w: { code: string }) => w.code === 'option_not_applied')
      .map((w: { details: { option: string } }) => w.details.option);
    expect(options).toEqual(['configuration.scrape.optimizeUrls', 'configuration.interactionMode']);
  });

  it('maps columns to the output schema by name, numbers converted, in its list property', async () => {
    const json = await extract(ctx.offline, 'products-1.html', {
      prompt: 'products',
      configuration: { outputSchema: PRODUCT_SCHEMA },
    });
    const result = JSON.parse(json.data.modelResponse) as {
      products: Array<{ name: string; price: number; stock: number }>;
    };
    expect(result.products).toHaveLength(10);
    expect(result.products[9]).toEqual({ name: 'Maple Cutting Board', price: 29.5, stock: 33 });
  });

  it('says a schema no table or list fits needs a model, inventing nothing', async () => {
    const schema = JSON.stringify({
      type: 'array',
      items: { type: 'object', properties: { rating: { type: 'number' } }, required: ['rating'] },
    });
    const json = await extract(ctx.offline, 'products-1.html', {
      prompt: 'ratings',
      configuration: { outputSchema: schema },
    });
    expect(json.meta.status).toBe('failure');
    expect(codes(json.errors)).toEqual(['model_not_configured']);
  });

  it('presses "Load more" until the button is gone: all 14 cards', async () => {
    const json = await extract(ctx.offline, 'load-more.html', { prompt: 'all recipes' });
    const items = JSON.parse(json.data.modelResponse) as Array<{ text: string }>;
    expect(items).toHaveLength(14);
    expect(items[0].text).toMatch(/^Lemon risotto/);
    expect(items[13].text).toMatch(/^Apple galette/);
  });

  it('scrolls an infinite feed to its end: 30 posts', async () => {
    const json = await extract(ctx.offline, 'infinite.html', {
      prompt: 'all posts',
      configuration: { paginationMode: 'infinite-scroll' },
    });
    const items = JSON.parse(json.data.modelResponse) as Array<{ text: string }>;
    expect(items.map((item) => item.text)).toEqual(
      Array.from({ length: 30 }, (_, i) => `Post number ${i + 1} by ${['Ada', 'Ben', 'Cleo'][(i + 1) % 3]}`),
    );
  });

  // The list grows inside the scroll's own handler: the growth must count as the scroll's doing, not as the page as it was.
  it.each(['infinite-scroll', 'auto'])(
    'scrolls a list that grows synchronously in its scroll handler to its end (%s): 150 parts',
    async (paginationMode) => {
      const json = await extract(ctx.offline, 'infinite-sync.html', {
        prompt: 'extract entries',
        configuration: { paginationMode },
      });
      const items = JSON.parse(json.data.modelResponse) as Array<{ text: string }>;
      expect(items.map((item) => item.text)).toEqual(
        Array.from({ length: 150 }, (_, i) => `Part ${i + 1} of the catalogue`),
      );
    },
  );

  it('paginationMode "paginated" does not scroll: an infinite feed gives its first batch only', async () => {
    const json = await extract(ctx.offline, 'infinite.html', {
      prompt: 'all posts',
      configuration: { paginationMode: 'paginated' },
    });
    expect(JSON.parse(json.data.modelResponse)).toHaveLength(10);
  });

  it('rejects a bad paginationMode with 422 naming the field', async () => {
    const windowId = await windowAt(ctx.offline, 'products-1.html');
    const res = await ctx.offline.app.inject({
      method: 'POST',
      path: `/v1/sessions/${ctx.sessions.get(ctx.offline)}/windows/${windowId}/paginated-extraction`,
      headers: ctx.offline.auth,
      body: { prompt: 'x', configuration: { paginationMode: 'sideways' } },
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json.errors)).toContain('paginationMode');
  });
});

describe('paginated-extraction with Claude', () => {
  const items = (...names: string[]) => ({ toolInput: { items: names.map((name) => ({ name, price: 10 })) } });

  it('asks once per page, deduplicates, leaves out items that do not fit the schema, and charges every call', async () => {
    ctx.api.script(
      items('Lantern Desk Lamp', 'Harbor Mug'),
      {
        toolInput: {
          items: [{ name: 'Harbor Mug', price: 10 }, { name: 'Pebble Speaker', price: 10 }, { name: 'No price' }],
        },
      },
      items('Orbit Wall Clock'),
    );
    const json = await extract(ctx.online, 'products-1.html', {
      prompt: 'every product with its price',
      configuration: { outputSchema: PRODUCT_SCHEMA },
    });
    expect(json.meta.status).toBe('success');
    expect(ctx.api.calls).toBe(3);
    expect(JSON.parse(json.data.modelResponse).products.map((p: { name: string }) => p.name)).toEqual([
      'Lantern Desk Lamp',
      'Harbor Mug',
      'Pebble Speaker',
      'Orbit Wall Clock',
    ]);
    expect(codes(json.warnings)).toContain('items_left_out');
    // 1,200 input and 40 output tokens a call (the fake's default): ceil(1.2 + 0.2) = 2 credits each.
    expect(json.meta.usage.credits).toBe(6);
  });

  it('sends a grown page only its new content', async () => {
    let call = 0;
    ctx.api.always(() => ({ toolInput: { items: [{ call: (call += 1) }] } }));
    const json = await extract(ctx.online, 'load-more.html', { prompt: 'all recipes' });
    expect(ctx.api.calls).toBe(3);
    expect(JSON.parse(json.data.modelResponse)).toEqual([{ call: 1 }, { call: 2 }, { call: 3 }]);
    const second = JSON.stringify(ctx.api.requests[1]);
    expect(second).toContain('Mushroom ragout');
    expect(second).not.toContain('Lemon risotto');
  });

  it('stops at the cost threshold keeping the items read so far: partial, naming the limit', async () => {
    ctx.api.always(items('Lantern Desk Lamp'));
    const json = await extract(ctx.online, 'products-1.html', { prompt: 'products', costThresholdCredits: 3 });
    expect(json.meta.status).toBe('partial');
    expect(codes(json.errors)).toEqual(['cost_threshold_exceeded']);
    expect(ctx.api.calls).toBe(2);
    expect(json.meta.usage.credits).toBe(4);
    expect(JSON.parse(json.data.modelResponse)).toEqual([{ name: 'Lantern Desk Lamp', price: 10 }]);
  });
});

describe('page-query with followPaginationLinks', () => {
  it('reads the further pages too: a product on page 3 is found from page 1', async () => {
    const windowId = await windowAt(ctx.offline, 'products-1.html');
    const ask = (followPaginationLinks: boolean) =>
      ctx.offline.app.inject({
        method: 'POST',
        path: `/v1/sessions/${ctx.sessions.get(ctx.offline)}/windows/${windowId}/page-query`,
        headers: ctx.offline.auth,
        body: { prompt: 'Maple Cutting Board', followPaginationLinks },
      });
    expect((await ask(false)).json.meta.status).toBe('failure');
    const res = await ask(true);
    expect(res.json.meta.status).toBe('partial');
    expect(res.json.data.modelResponse).toContain('Maple Cutting Board');
  });

  it('scrolls a list that grows synchronously in its scroll handler: the last part is found from the first screen', async () => {
    const windowId = await windowAt(ctx.offline, 'infinite-sync.html');
    const res = await ctx.offline.app.inject({
      method: 'POST',
      path: `/v1/sessions/${ctx.sessions.get(ctx.offline)}/windows/${windowId}/page-query`,
      headers: ctx.offline.auth,
      body: { prompt: 'Part 150 of the catalogue', followPaginationLinks: true },
    });
    expect(res.json.meta.status).toBe('partial');
    expect(res.json.data.modelResponse).toContain('Part 150 of the catalogue');
  });
});
