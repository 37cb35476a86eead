/**
 * scrollToElement on text a person reads, on real Chromium: paragraphs (by their words or by what they are
 * about), list items, table rows and pictures of a long guide page are targets to scroll to, offline and with
 * Claude (a local fake of the Messages API). Clicking still considers only what can be acted on.
 */
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { offlineAndClaude } from '../support/model-services.js';
import type { TestService } from '../support/service.js';

const ctx = offlineAndClaude();

/** A fresh window on the guide, at its top. */
const openGuide = async (svc: TestService) => {
  const sessionId = ctx.sessions.get(svc)!;
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${ctx.fixtures.url}/scroll/guide.html` },
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  const windowId = res.json.data.windowId as string;
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  return { windowId, page: await browser.page(windowId) };
};

const post = (svc: TestService, windowId: string, operation: 'scroll' | 'click', body: Record<string, unknown>) =>
  svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${ctx.sessions.get(svc)}/windows/${windowId}/${operation}`,
    headers: svc.auth,
    body,
  });

/** Whether the element is wholly inside the viewport now. */
const inView = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const box = document.querySelector(s)!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  }, selector);

const pageTop = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe('scrollToElement on text, without a language model', () => {
  it('scrolls to a paragraph named by its opening words: "Paragraph 10"', async () => {
    const { windowId, page } = await openGuide(ctx.offline);
    expect(await inView(page, '#p10')).toBe(false);
    const res = await post(ctx.offline, windowId, 'scroll', { scrollToElement: 'Paragraph 10' });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.data.modelResponse).toContain('Scrolled to the paragraph "Paragraph 10.');
    expect(await inView(page, '#p10')).toBe(true);
  });

  it('scrolls to the paragraph a description says it is about', async () => {
    const { windowId, page } = await openGuide(ctx.offline);
    const res = await post(ctx.offline, windowId, 'scroll', {
      scrollToElement: 'the paragraph about the lighthouse keeper retiring',
    });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(await inView(page, '#p17')).toBe(true);
  });

  it('scrolls to a list item, a table row and a picture by their text', async () => {
    const { windowId, page } = await openGuide(ctx.offline);
    const cases: Array<[string, string]> = [
      ['the list item about the maritime museum', 'li:nth-child(2)'],
      ['Island loop fares', 'tbody tr:nth-child(2)'],
      ['the aerial photograph of the breakwater', 'img'],
      ['Paragraph 4', '#p4'],
    ];
    for (const [description, selector] of cases) {
      const res = await post(ctx.offline, windowId, 'scroll', { scrollToElement: description });
      expect(res.json.meta.status, `${description}: ${JSON.stringify(res.json)}`).toBe('success');
      expect(await inView(page, selector), description).toBe(true);
    }
  });

  it('still clicks only what can be acted on: a paragraph is no click target, and nothing moves', async () => {
    const { windowId, page } = await openGuide(ctx.offline);
    const res = await post(ctx.offline, windowId, 'click', { elementDescription: 'Paragraph 10' });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'element_not_found' });
    expect(JSON.stringify(res.json.errors[0].details.closest)).not.toContain('paragraph');
    expect(await pageTop(page)).toBe(0);
  });
});

describe('scrollToElement on text, with Claude', () => {
  /** The id of the snapshot line of the paragraph starting with `opening`, as a model would answer it. */
  const chooseParagraph = (opening: string) => (request: Record<string, unknown>) => {
    const prompt = JSON.stringify(request.messages);
    const id = new RegExp(`(e\\d+) paragraph \\\\"${opening.replace('.', '\\.')}`).exec(prompt)?.[1] ?? 'none';
    return { toolInput: { elementId: id, reason: `the paragraph starting "${opening}"` } };
  };
  const DESCRIPTION = 'the bit saying when nobody had to tend the beacon any more';

  it('offers the paragraphs to the model when the offline resolver cannot place the description', async () => {
    ctx.api.script(chooseParagraph('Paragraph 17.'));
    const { windowId, page } = await openGuide(ctx.online);
    const res = await post(ctx.online, windowId, 'scroll', { scrollToElement: DESCRIPTION });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(ctx.api.calls).toBe(1);
    expect(JSON.stringify(ctx.api.requests[0])).toContain('paragraph \\"Paragraph 10.');
    expect(await inView(page, '#p17')).toBe(true);
  });

  it('does not offer paragraphs to the model for a click', async () => {
    ctx.api.script(chooseParagraph('Paragraph 17.'));
    const { windowId } = await openGuide(ctx.online);
    const res = await post(ctx.online, windowId, 'click', { elementDescription: DESCRIPTION });
    expect(res.json.meta.status).toBe('failure');
    // The first call is the choice among the snapshot's elements (visual analysis may follow).
    const offered = JSON.stringify(ctx.api.requests[0]);
    expect(offered).toContain('Subscribe to updates');
    expect(offered).not.toContain('Paragraph 10.');
  });
});
