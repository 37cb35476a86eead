/**
 * The official client's `paginatedExtraction`, `monitor` and `scroll` with `scrollWithin`, unchanged, against the
 * in-process service (no model configured) on fixture pages.
 */
import { AirtopClient } from '@airtop/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
let sessionId: string;

const windowAt = async (page: string) =>
  (await client.windows.create(sessionId, { url: `${fixtures.url}/paging/${page}` })).data.windowId;

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
  sessionId = (await client.sessions.create({}, { timeoutInSeconds: 30 })).data.id;
}, 60_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

describe('official client: paginatedExtraction, monitor, scrollWithin', () => {
  it('paginatedExtraction walks the next links and answers every row', async () => {
    const windowId = await windowAt('products-1.html');
    const schema = {
      type: 'object',
      properties: {
        products: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, price: { type: 'number' } },
            required: ['name', 'price'],
          },
        },
      },
    };
    const res = await client.windows.paginatedExtraction(sessionId, windowId, {
      prompt: 'all products with prices',
      configuration: { outputSchema: JSON.stringify(schema), paginationMode: 'paginated' },
      clientRequestId: 'pages',
    });
    expect(res.meta.status).toBe('partial');
    expect(res.meta.clientProvided?.clientRequestId).toBe('pages');
    const products = (JSON.parse(res.data.modelResponse) as { products: Array<{ name: string; price: number }> })
      .products;
    expect(products).toHaveLength(10);
    expect(products[4]).toEqual({ name: 'Pebble Speaker', price: 59 });
  });

  it('monitor waits for the condition', async () => {
    const windowId = (await client.windows.create(sessionId, { url: `${fixtures.url}/paging/status.html?after=800` }))
      .data.windowId;
    const res = await client.windows.monitor(sessionId, windowId, {
      condition: 'the page shows "Order confirmed"',
      configuration: { interval: { intervalSeconds: 1, timeoutSeconds: 5 } },
    });
    expect(res.meta.status).toBe('success');
    expect(res.data.modelResponse).toContain('Order confirmed');
  });

  it('scroll with scrollWithin moves the named box', async () => {
    const windowId = await windowAt('panels.html');
    const res = await client.windows.scroll(sessionId, windowId, {
      scrollWithin: 'the Messages panel',
      scrollBy: { yAxis: '50%' },
    });
    expect(res.meta.status).toBe('success');
    expect(res.data.modelResponse).toContain('inside section#messages');
  });
});
