/**
 * What an operation's hot path skips or reports, on real Chromium through the API: the stage timings of the debug
 * log, no scroll for an element already in view, and one frame after a scroll that still lets scroll listeners
 * load more before the position is answered.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../functions/config/logger.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let sessionId: string;
let browser: { page(windowId: string): Promise<Page> };
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([
    startTestService({ warmPoolSize: 1 }, { log: createLogger('debug', {}, (line) => lines.push(JSON.parse(line))) }),
    startFixtureServer(),
  ]);
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

const operation = (windowId: string, name: string, body: Record<string, unknown>) =>
  svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows/${windowId}/${name}`,
    headers: svc.auth,
    body,
  });

describe('a click on an element already in view', () => {
  it('clicks it where it is, without scrolling the page, and logs where the time went', async () => {
    const windowId = await openWindow('/visual/in-view.html');
    const page = await browser.page(windowId);
    await page.evaluate('scrollTo(0, 100)');
    const res = await operation(windowId, 'click', { elementDescription: 'the Save button' });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(await page.evaluate("document.getElementById('save').textContent")).toBe('Saved');
    // Centring it would have scrolled the page to 60 (its middle at 420 px, the viewport's at 360 px).
    expect(await page.evaluate('scrollY')).toBe(100);
    const stages = lines.find((line) => line.message === 'stages' && line.operationId === 'click');
    expect(stages).toBeDefined();
    for (const stage of ['auth', 'session', 'window', 'driver.snapshot', 'snapshot.page', 'resolve', 'driver.click'])
      expect(stages![stage], stage).toBeGreaterThanOrEqual(0);
    expect(stages!.requestId).toBe(res.json.meta.requestId ?? stages!.requestId);
  });

  it('still scrolls an element out of view into the middle before clicking it', async () => {
    const windowId = await openWindow('/visual/in-view.html');
    const page = await browser.page(windowId);
    await page.evaluate('scrollTo(0, 2000)');
    const res = await operation(windowId, 'click', { elementDescription: 'the Save button' });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(await page.evaluate("document.getElementById('save').textContent")).toBe('Saved');
    expect(await page.evaluate('scrollY')).toBe(60);
  });

  it('aims after the lazy loaders the scroll woke have moved the element', async () => {
    // The button comes into view by the scroll; the page then inserts a banner above it, pushing it down 200 px.
    const windowId = await openWindow('/visual/shift-on-view.html');
    const page = await browser.page(windowId);
    const res = await operation(windowId, 'click', { elementDescription: 'the Save button' });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(await page.evaluate("document.getElementById('banner') !== null")).toBe(true);
    expect(await page.evaluate('document.title')).toBe('Shift on view');
    expect(await page.evaluate("document.getElementById('save').textContent")).toBe('Saved');
  });
});

describe('scrolling a page that loads more on scroll events', () => {
  it('answers the position after the page has grown', async () => {
    const windowId = await openWindow('/visual/scroll-listener.html');
    const page = await browser.page(windowId);
    const endBefore = ((await page.evaluate('document.documentElement.scrollHeight')) as number) - 720;
    const res = await operation(windowId, 'scroll', { scrollToEdge: { yAxis: 'bottom' } });
    const [, top, maxTop] = /Scrolled to \(0, (\d+)\) of \(0, (\d+)\)/.exec(res.json.data.modelResponse)!.map(Number);
    expect(top).toBe(endBefore);
    expect(maxTop).toBeGreaterThanOrEqual(endBefore + 2000);
  });
});

describe('typing', () => {
  it('gives the page the same events, in the same order, as pressing the keys one by one', async () => {
    const windowId = await openWindow('/visual/keys.html');
    const page = await browser.page(windowId);
    const text = 'Ab c-é✓ 12!';
    const res = await operation(windowId, 'type', { elementDescription: 'the First field', text });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    await page.focus('#second');
    await page.keyboard.type(text);
    const seen = (await page.evaluate('window.seen')) as { first: string[]; second: string[] };
    expect(await page.evaluate("document.getElementById('first').value")).toBe(text);
    expect(seen.first).toEqual(seen.second);
    expect(seen.first.filter((event) => event.startsWith('input:'))).toHaveLength([...text].length);
  });
});
