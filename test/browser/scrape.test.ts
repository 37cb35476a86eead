/**
 * scrape-content on real Chromium through the API: fixture pages against the markdown expected beside them
 * (`{{origin}}` stands for the fixture server), the selected text, a generated 1 MB documentation page, the time
 * budget on a page that holds its main thread, org scoping, and that the page is left as it was.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrape as scrapePage } from '../../functions/adapters/browser/actions/scrape.js';
import { evaluateInWorld } from '../../functions/adapters/browser/actions/world.js';
import { toAppError } from '../../functions/core/shared/errors.js';
import { serveBigDocs } from '../fixtures/pages/scrape/big-docs.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let sessionId: string;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  sessionId = (await createRunningSession(svc)).id;
});
afterAll(async () => {
  if (sessionId) await svc.app.inject({ method: 'DELETE', path: `/v1/sessions/${sessionId}`, headers: svc.auth });
  await svc?.stop();
  await fixtures?.close();
});

const openWindow = async (url: string): Promise<string> => {
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url },
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  return res.json.data.windowId;
};

const scrape = (windowId: string, body: Record<string, unknown> = {}, auth = svc.auth, session = sessionId) =>
  svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${session}/windows/${windowId}/scrape-content`,
    headers: auth,
    body,
  });

const pageOf = async (windowId: string): Promise<Page> => {
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  return browser.page(windowId);
};

const expected = async (name: string) =>
  (await readFile(new URL(`../fixtures/pages/scrape/${name}.md`, import.meta.url), 'utf8'))
    .replaceAll('{{origin}}', fixtures.url)
    .trimEnd();

describe('scrape-content', () => {
  it('reads a page that navigates while it is read, or says it would not hold still: never a server error', async () => {
    const windowId = await openWindow(`${fixtures.url}/scrape/hopping.html`);
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await scrape(windowId);
      answers.push(res.statusCode);
      if (res.statusCode === 201) expect(res.json.data.modelResponse.scrapedContent.text).toMatch(/hop \d+/);
      else expect(res.json, JSON.stringify(res.json)).toMatchObject({ status: 409, code: 'page_navigated' });
    }
    expect(answers.filter((status) => status === 201).length).toBeGreaterThan(0);
  });

  it.each([
    [
      'article',
      'keeps the article and drops the site header, navigation, related-stories aside and footer',
      'Tide Pools of the North Coast',
    ],
    [
      'docs',
      'renders headings, GFM tables, fenced code with its language, lists, task items and escapes literal text',
      'Queue API · Reference',
    ],
    [
      'blog',
      'finds the post in a page without landmarks, with its title, and leaves the bars and sidebar out',
      'Sourdough at altitude – Crumb Diaries',
    ],
    ['products', 'keeps the whole grid, and its title, where Readability finds no article', 'Kettles – Hearth & Home'],
    ['frames', 'includes a same-origin frame in place and leaves out a frame of another origin', 'Help centre'],
    [
      'shadow',
      'includes open shadow roots with their slots filled, and the light content of a closed one',
      'Components',
    ],
    [
      'hidden',
      'leaves out hidden elements, scripts, styles and form controls, and makes links and images absolute',
      'Hidden things',
    ],
    [
      'custom-elements',
      'reads elements of unknown names, constructor among them, as their text and nothing more',
      'Element names',
    ],
  ])('%s: %s', async (name, _behaviour, title) => {
    const windowId = await openWindow(`${fixtures.url}/scrape/${name}.html`);
    const res = await scrape(windowId);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
    expect(res.json.data.modelResponse.scrapedContent.text).toBe(await expected(name));
    expect(res.json.data.modelResponse).toMatchObject({ title, scrapedContent: { contentType: 'text/markdown' } });
    expect(res.json.data.modelResponse.selectedText).toBeUndefined();
  });

  it('answers the AI envelope: success, no credits, the request id as usage id, the client request id echoed', async () => {
    const windowId = await openWindow(`${fixtures.url}/scrape/article.html`);
    const res = await scrape(windowId, { clientRequestId: 'scrape-42', costThresholdCredits: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta).toMatchObject({
      status: 'success',
      usage: { credits: 0 },
      clientProvided: { clientRequestId: 'scrape-42' },
    });
    expect(res.json.meta.usage.id).toBe(res.json.meta.requestId);
    expect(res.json.errors).toBeUndefined();
  });

  it('reads a plain-text document as its text', async () => {
    const res = await scrape(await openWindow(`${fixtures.url}/scrape/plain.txt`));
    expect(res.json.data.modelResponse.scrapedContent.text.trim()).toBe(
      'Plain text document.\n\nSecond line with *stars* kept as written.',
    );
  });

  it('returns the text a script selected, in the document and in a focused text field', async () => {
    const windowId = await openWindow(`${fixtures.url}/scrape/article.html`);
    const page = await pageOf(windowId);
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('blockquote p')!);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    expect((await scrape(windowId)).json.data.modelResponse.selectedText).toBe(
      'Look with your eyes, not with your hands.',
    );
    await page.evaluate(() => {
      const field = document.body.appendChild(document.createElement('textarea'));
      field.value = 'draft: low tide at noon';
      field.focus();
      field.setSelectionRange(7, 15);
    });
    expect((await scrape(windowId)).json.data.modelResponse.selectedText).toBe('low tide');
  });

  it('reads a page changed since its last read anew: the main content follows the change', async () => {
    const windowId = await openWindow(`${fixtures.url}/scrape/columns.html`);
    const first = (await scrape(windowId)).json.data.modelResponse.scrapedContent.text as string;
    expect(first).toContain('Alpha again');
    expect(first).not.toContain('Beta note');
    // The long text moves to the other column, and a short note takes its place: the main content moved with it.
    await (await pageOf(windowId)).evaluate(() => {
      const one = document.getElementById('one')!;
      document.getElementById('two')!.append(...Array.from(one.children));
      one.innerHTML = '<p>Gamma note: closed on Sundays.</p>';
    });
    const second = (await scrape(windowId)).json.data.modelResponse.scrapedContent.text as string;
    expect(second).toContain('Beta note');
    expect(second).toContain('Alpha again');
    expect(second).not.toContain('Gamma note');
    // Read again unchanged: the same answer.
    expect((await scrape(windowId)).json.data.modelResponse.scrapedContent.text).toBe(second);
  });

  it('leaves the page as it was: same DOM, no globals added', async () => {
    const windowId = await openWindow(`${fixtures.url}/scrape/shadow.html`);
    const page = await pageOf(windowId);
    const before = await page.evaluate(() => [document.documentElement.outerHTML, Object.keys(window).length]);
    expect((await scrape(windowId)).statusCode).toBe(201);
    expect(await page.evaluate(() => [document.documentElement.outerHTML, Object.keys(window).length])).toEqual(before);
  });

  it('converts a generated 1 MB documentation page whole: every section, table and code block', async () => {
    const big = await serveBigDocs();
    try {
      const res = await scrape(await openWindow(big.url));
      const text: string = res.json.data.modelResponse.scrapedContent.text;
      const sections = (await (await fetch(big.url)).text()).match(/<section /g)!.length;
      expect(big.bytes).toBeGreaterThan(1_000_000);
      expect(text.match(/^## \d+\. Configuring the /gm)).toHaveLength(sections);
      expect(text.match(/^```ts$/gm)).toHaveLength(sections);
      expect(text.match(/^\| Option \| Type \| Default \|$/gm)).toHaveLength(sections);
      expect(text).not.toContain('Page 12'); // the sidebar
      expect(text).toContain(`[the queue guide](${new URL('../guides/queue-0.html', big.url).href})`);
    } finally {
      await big.close();
    }
  });

  it('reads a table of 150,000 rows, and sends back only the start of a page over the limit, saying its length', async () => {
    // The page code itself (the adapter, not the API): its 60 s bound, not the runaway-script guard's 15 s, is the
    // limit that holds here, so a loaded machine slows the test without failing it.
    const page = await pageOf(await openWindow(`${fixtures.url}/index.html`));
    await page.evaluate(() => {
      const rows = Array.from({ length: 150_000 }, (_, i) => `<tr><td>row ${i}</td></tr>`).join('');
      document.body.innerHTML = `<h1>Rows</h1><table>${rows}</table>`;
    });
    const table = await scrapePage(page, AbortSignal.timeout(90_000));
    expect(table.markdown).toContain('row 149999');

    await page.evaluate(() => {
      const pre = document.createElement('pre');
      pre.textContent = 'lorem ipsum dolor sit amet\n'.repeat(160_000);
      document.body.replaceChildren(pre);
    });
    const text = await scrapePage(page, AbortSignal.timeout(90_000));
    expect(text.markdown).toHaveLength(4_000_000);
    expect(text.length).toBeGreaterThan(4_300_000);
  });

  it('says a script the page did not finish in time is the browser busy (503), not a fault of unknown kind', async () => {
    const page = await pageOf(await openWindow(`${fixtures.url}/index.html`));
    const busy = 'new Promise((done) => { const end = Date.now() + 3000; while (Date.now() < end); done(1); })';
    const error = await evaluateInWorld(page, busy, AbortSignal.timeout(20_000), { timeoutMs: 200 }).catch((e) => e);
    expect(toAppError(error)).toMatchObject({ code: 'unavailable' });
  });

  it('stops at timeThresholdSeconds while the page holds its main thread: failure, time_threshold_exceeded, promptly', async () => {
    const windowId = await openWindow(`${fixtures.url}/scrape/busy.html?ms=6000`);
    const started = Date.now();
    const res = await scrape(windowId, { timeThresholdSeconds: 1 });
    // The page holds its thread for 6 s: well before that, with slack for a loaded machine.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors).toEqual([expect.objectContaining({ code: 'time_threshold_exceeded' })]);
    expect(res.json.data.modelResponse).toEqual({
      scrapedContent: { contentType: 'text/markdown', text: '' },
      title: '',
    });
  });

  it("answers 404 for another org's session and for a window that does not exist", async () => {
    const windowId = await openWindow(`${fixtures.url}/scrape/article.html`);
    const other = await svc.newOrg('scrape-other');
    const foreign = await scrape(windowId, {}, other.auth);
    expect(foreign.statusCode).toBe(404);
    expect(JSON.stringify(foreign.json)).not.toContain('Tide Pools');
    expect((await scrape('no-such-window')).statusCode).toBe(404);
  });
});
