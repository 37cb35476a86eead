/**
 * Scrolling on real Chromium through the API. `visual/grid.html` turns smooth scrolling on, so a position read right
 * after the response also proves the scroll was instant. Positions are read back from the page itself.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let sessionId: string;
let browser: { page(windowId: string): Promise<Page> };

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  sessionId = (await createRunningSession(svc)).id;
  browser = (await svc.deps.fleet.open(sessionId)) as unknown as typeof browser;
});
afterAll(async () => {
  if (sessionId) await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${sessionId}`, headers: svc.auth });
  await svc?.stop();
  await fixtures?.close();
});

const openWindow = async (path: string) => {
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${fixtures.url}${path}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json.data.windowId as string;
};

const scroll = (windowId: string, body: Record<string, unknown>, auth = svc.auth) =>
  svc.app.inject({ method: 'POST', path: `/v1/sessions/${sessionId}/windows/${windowId}/scroll`, headers: auth, body });

/** The page's scroll offsets as it reports them, or a box's when a selector is given. */
const position = async (windowId: string, selector?: string) =>
  (await browser.page(windowId)).evaluate(
    selector
      ? `[document.querySelector('${selector}').scrollLeft, document.querySelector('${selector}').scrollTop]`
      : '[Math.round(scrollX), Math.round(scrollY)]',
  ) as Promise<[number, number]>;

describe('scrollBy', () => {
  let windowId: string;
  beforeAll(async () => {
    windowId = await openWindow('/visual/grid.html?h=10000&w=3000');
  });

  it('moves by pixels, signed, with or without the px unit, and says where the page ended up', async () => {
    const down = await scroll(windowId, { scrollBy: { yAxis: '300px' } });
    expect(down.statusCode).toBe(201);
    expect(down.json.meta.status).toBe('success');
    expect(down.json.data.modelResponse).toContain('Scrolled to (0, 300) of (1720, 9280)');
    expect(await position(windowId)).toEqual([0, 300]);
    await scroll(windowId, { scrollBy: { yAxis: '-100' } });
    expect(await position(windowId)).toEqual([0, 200]);
    await scroll(windowId, { scrollBy: { xAxis: '+250px', yAxis: '-200px' } });
    expect(await position(windowId)).toEqual([250, 0]);
  });

  it('moves by a percentage of the viewport, negative to go back', async () => {
    await scroll(windowId, { scrollToEdge: { xAxis: 'left', yAxis: 'top' } });
    await scroll(windowId, { scrollBy: { yAxis: '50%', xAxis: '10%' } });
    expect(await position(windowId)).toEqual([128, 360]);
    await scroll(windowId, { scrollBy: { yAxis: '-25%' } });
    expect(await position(windowId)).toEqual([128, 180]);
  });

  it('stops at the end of the page and says it did not move when already there', async () => {
    await scroll(windowId, { scrollToEdge: { xAxis: 'left', yAxis: 'top' } });
    await scroll(windowId, { scrollBy: { yAxis: '20000px' } });
    expect(await position(windowId)).toEqual([0, 9280]);
    const again = await scroll(windowId, { scrollBy: { yAxis: '100px' } });
    expect(again.json.meta.status).toBe('success');
    expect(again.json.data.modelResponse).toContain('Did not move: already at (0, 9280)');
  });
});

describe('scrollToEdge', () => {
  it('goes to the bottom, the right, then back to the top and the left', async () => {
    const windowId = await openWindow('/visual/grid.html?h=10000&w=3000');
    await scroll(windowId, { scrollToEdge: { yAxis: 'bottom' } });
    expect(await position(windowId)).toEqual([0, 9280]);
    await scroll(windowId, { scrollToEdge: { xAxis: 'right' } });
    expect(await position(windowId)).toEqual([1720, 9280]);
    await scroll(windowId, { scrollToEdge: { xAxis: 'left', yAxis: 'top' } });
    expect(await position(windowId)).toEqual([0, 0]);
  });

  it('reads "the end of the page" and "the top of the page" as the page\'s edges', async () => {
    const windowId = await openWindow('/visual/grid.html?h=10000');
    const down = await scroll(windowId, { scrollToElement: 'the end of the page' });
    expect(down.json.meta.status, JSON.stringify(down.json)).toBe('success');
    expect(down.json.data.modelResponse).toContain('Scrolled to the bottom of the page');
    expect(await position(windowId)).toEqual([0, 9280]);
    await scroll(windowId, { scrollToElement: 'scroll to the top of the page' });
    expect(await position(windowId)).toEqual([0, 0]);
  });

  it('runs before scrollBy when both are given', async () => {
    const windowId = await openWindow('/visual/grid.html?h=10000');
    const res = await scroll(windowId, { scrollBy: { yAxis: '-1000px' }, scrollToEdge: { yAxis: 'bottom' } });
    expect(res.json.meta.status).toBe('success');
    expect(await position(windowId)).toEqual([0, 8280]);
  });

  it('waits for lazy content: at the bottom of an infinite list the reported end has already grown', async () => {
    const windowId = await openWindow('/visual/infinite.html');
    const endBefore =
      ((await (await browser.page(windowId)).evaluate('document.documentElement.scrollHeight')) as number) - 720;
    const res = await scroll(windowId, { scrollToEdge: { yAxis: 'bottom' } });
    const [, top, maxTop] = /Scrolled to \(0, (\d+)\) of \(0, (\d+)\)/.exec(res.json.data.modelResponse)!.map(Number);
    expect(top).toBe(endBefore);
    expect(maxTop).toBeGreaterThanOrEqual(endBefore + 2000);
  });

  it('leaves what a lazy loader appended for the next read of the page, read before the scroll too', async () => {
    const windowId = await openWindow('/visual/lazy-text.html');
    const read = async () => {
      const res = await svc.app.inject({
        method: 'POST',
        path: `/v1/sessions/${sessionId}/windows/${windowId}/scrape-content`,
        headers: svc.auth,
        body: {},
      });
      expect(res.statusCode).toBe(201);
      return res.json.data.modelResponse.scrapedContent.text as string;
    };
    // A first read keeps what it can of the page for the next one: the appended part must still be seen.
    expect(await read()).not.toContain('Loaded part');
    const res = await scroll(windowId, { scrollToEdge: { yAxis: 'bottom' } });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(await read()).toContain('Loaded part number 1,');
  });
});

describe('what the page scrolls', () => {
  it('scrolls the content box of an app shell whose document does not scroll', async () => {
    const windowId = await openWindow('/visual/app-shell.html');
    const res = await scroll(windowId, { scrollBy: { yAxis: '400px' } });
    expect(res.json.data.modelResponse).toContain('inside main#content');
    expect(await position(windowId, '#content')).toEqual([0, 400]);
    expect(await position(windowId)).toEqual([0, 0]);
  });
});

describe('scrolling to a described element', () => {
  let windowId: string;
  beforeAll(async () => {
    windowId = await openWindow('/visual/long-article.html');
  });

  it('brings the element into view and ignores scrollBy and scrollToEdge', async () => {
    const res = await scroll(windowId, {
      scrollToElement: 'the Contact us button',
      scrollBy: { yAxis: '500px' },
      scrollToEdge: { yAxis: 'bottom' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toContain('button "Contact us"');
    const [, top] = await position(windowId);
    // Part three starts near 2,460 px; centred in a 720 px viewport the button sits well inside the window.
    expect(top).toBeGreaterThan(2000);
    // The answer says where the page went, and from where: read in the same call as the scroll.
    expect(res.json.data.modelResponse).toContain(`Scrolled to (0, ${top}) of (0, `);
    expect(res.json.data.modelResponse).toContain('from (0, 0)');
    expect(top).toBeLessThan(3200);
  });

  it('fails without moving when nothing matches the description', async () => {
    const before = await position(windowId);
    const res = await scroll(windowId, { scrollToElement: 'the unicorn launcher' });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'element_not_found' });
    expect(await position(windowId)).toEqual(before);
  });

  it('fails scrollWithin without moving when the page has no scrolling box', async () => {
    const before = await position(windowId);
    const res = await scroll(windowId, { scrollWithin: 'the sidebar', scrollBy: { yAxis: '500px' } });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'element_not_found', details: { field: 'scrollWithin' } });
    expect(await position(windowId)).toEqual(before);
  });
});

describe('scrollWithin', () => {
  let windowId: string;
  beforeAll(async () => {
    windowId = await openWindow('/paging/panels.html');
  });

  it('scrolls the box the description names (by its aria-label), not the page', async () => {
    const res = await scroll(windowId, { scrollWithin: 'the Messages panel', scrollBy: { yAxis: '400px' } });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.data.modelResponse).toMatch(/^Scrolled to \(0, 400\) of \(0, \d+\) inside section#messages/);
  });

  it('finds a box by the heading inside it, and scrolls it to its edge', async () => {
    const res = await scroll(windowId, { scrollWithin: 'the contacts list', scrollToEdge: { yAxis: 'bottom' } });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.data.modelResponse).toContain('inside aside#contacts');
    const [, top, , max] = /\((\d+), (\d+)\) of \((\d+), (\d+)\)/
      .exec(res.json.data.modelResponse)!
      .slice(1)
      .map(Number);
    expect(top).toBe(max);
    expect(top).toBeGreaterThan(1000);
  });

  it('fails, moving nothing, when no box fits the description', async () => {
    const res = await scroll(windowId, { scrollWithin: 'the shopping cart', scrollBy: { yAxis: '400px' } });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'element_not_found', details: { field: 'scrollWithin' } });
  });
});

describe('requests', () => {
  it('reports the position with a warning when asked to do nothing', async () => {
    const windowId = await openWindow('/visual/grid.html?h=10000');
    const res = await scroll(windowId, {});
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toContain('(0, 0) of (0, 9280)');
    expect(res.json.warnings).toEqual([expect.objectContaining({ code: 'nothing_to_scroll' })]);
  });

  it('rejects malformed amounts and edges with 422', async () => {
    const windowId = await openWindow('/visual/grid.html?h=10000');
    for (const body of [
      { scrollBy: { yAxis: 'down' } },
      { scrollBy: { yAxis: '10em' } },
      { scrollToEdge: { yAxis: 'left' } },
    ]) {
      expect((await scroll(windowId, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('answers 404 to another org and for an unknown window', async () => {
    const windowId = await openWindow('/visual/grid.html?h=10000');
    const other = await svc.newOrg('scroll-other');
    expect((await scroll(windowId, { scrollBy: { yAxis: '100px' } }, other.auth)).statusCode).toBe(404);
    expect((await scroll('no-such-window', { scrollBy: { yAxis: '100px' } })).statusCode).toBe(404);
    expect(await position(windowId)).toEqual([0, 0]);
  });
});
