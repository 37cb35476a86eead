/**
 * Click, hover and type through the API on real Chromium, against a fixture page that records the trusted events
 * it received (script-made events would not count), so each test checks what the page saw, not what we sent.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let sessionId: string;
let windowId: string;
let page: Page;

const operate = (operation: 'click' | 'hover' | 'type', body: Record<string, unknown>, auth = svc.auth) =>
  svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows/${windowId}/${operation}`,
    headers: auth,
    body,
  });
const pageLog = () => page.evaluate(() => (window as unknown as { log: string[] }).log);

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  sessionId = (await createRunningSession(svc)).id;
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: 'about:blank' },
  });
  windowId = window.json.data.windowId;
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  page = await browser.page(windowId);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});
beforeEach(async () => {
  await page.goto(`${fixtures.url}/resolve/interactions.html`);
});

describe('click', () => {
  it('clicks the described button once with real mouse input and says what it clicked', async () => {
    const res = await operate('click', { elementDescription: 'the Increment button', clientRequestId: 'c-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta).toMatchObject({
      status: 'success',
      usage: { credits: 0 },
      clientProvided: { clientRequestId: 'c-1' },
    });
    expect(res.json.data.modelResponse).toBe('Clicked the button "Increment".');
    expect(await pageLog()).toEqual(['click']);
  });

  it('double-clicks and right-clicks when asked', async () => {
    await operate('click', { elementDescription: 'Increment', configuration: { clickType: 'doubleClick' } });
    expect(await pageLog()).toEqual(['click', 'click', 'dblclick']);
    const right = await operate('click', {
      elementDescription: 'Options button',
      configuration: { clickType: 'rightClick' },
    });
    expect(right.json.data.modelResponse).toMatch(/^Right-clicked the button "Options"/);
    expect(await pageLog()).toEqual(['click', 'click', 'dblclick', 'contextmenu']);
  });

  it('scrolls an element below the fold into view before clicking it', async () => {
    const res = await operate('click', { elementDescription: 'far away button' });
    expect(res.json.meta.status).toBe('success');
    expect(await pageLog()).toEqual(['far-click']);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  it('clicks inside a same-origin iframe and inside an open shadow root', async () => {
    expect((await operate('click', { elementDescription: 'Frame button' })).json.meta.status).toBe('success');
    expect((await operate('click', { elementDescription: 'Shadow button' })).json.meta.status).toBe('success');
    expect(await pageLog()).toEqual(['frame-click', 'shadow-click']);
  });

  it('checks a visually hidden checkbox by clicking its visible label', async () => {
    const res = await operate('click', { elementDescription: 'Accept terms checkbox' });
    expect(res.json.data.modelResponse).toBe('Clicked the checkbox "Accept terms".');
    expect(await page.evaluate(() => (document.getElementById('terms') as HTMLInputElement).checked)).toBe(true);
    expect(await pageLog()).toEqual(['terms-change']);
  });

  it('waits for the navigation a click starts and reports where the page went', async () => {
    const res = await operate('click', {
      elementDescription: 'Go to the next page link',
      waitForNavigation: true,
      configuration: { waitForNavigationConfig: { timeoutSeconds: 10 } },
    });
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toBe(
      `Clicked the link "Go to the next page". The page navigated to ${fixtures.url}/resolve/interactions-next.html.`,
    );
    expect(await page.title()).toBe('Next page');
  });

  it('unasked, answers a click that leaves the page once the next document is in place', async () => {
    await page.evaluate((url) => {
      const link = document.getElementById('next-link') as HTMLAnchorElement;
      link.href = url;
    }, `${fixtures.url}/slow?ms=1500`);
    const res = await operate('click', { elementDescription: 'Go to the next page link' });
    expect(res.json.meta.status).toBe('success');
    // A read right after it sees the new document, not the page before or a blank one between the two.
    expect(page.url()).toBe(`${fixtures.url}/slow?ms=1500`);
    expect(await page.evaluate(() => document.body.innerText)).toContain('waited 1500 ms');
  });

  it('still succeeds, with a warning, when no navigation follows within the time', async () => {
    const res = await operate('click', {
      elementDescription: 'Stay here',
      waitForNavigation: true,
      configuration: { waitForNavigationConfig: { timeoutSeconds: 1 } },
    });
    expect(res.json.meta.status).toBe('success');
    expect(res.json.warnings.map((w: { code: string }) => w.code)).toContain('no_navigation');
    expect(await pageLog()).toEqual(['stay-click']);
  });

  it('fails with element_not_found, naming the closest elements, and clicks nothing', async () => {
    const res = await operate('click', { elementDescription: 'the Export to PDF button' });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({
      code: 'element_not_found',
      details: { elementDescription: 'the Export to PDF button', resolver: 'offline' },
    });
    expect(Array.isArray(res.json.errors[0].details.closest)).toBe(true);
    expect(await pageLog()).toEqual([]);
  });

  it('fails with element_ambiguous, listing the candidates, when several fit equally', async () => {
    const res = await operate('click', { elementDescription: 'the button' });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0].code).toBe('element_ambiguous');
    expect(res.json.errors[0].details.candidates.length).toBeGreaterThan(1);
    expect(await pageLog()).toEqual([]);
  });

  it('refuses to click an element covered everywhere, and does not click the cover either', async () => {
    const res = await operate('click', { elementDescription: 'Hidden treasure' });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0]).toMatchObject({ code: 'element_covered' });
    expect(res.json.errors[0].message).toMatch(/span#cover/);
    expect(await pageLog()).toEqual([]);
  });

  it('answers 404 for a session of another org, and 422 without an element description', async () => {
    const other = await svc.newOrg('interactions-other');
    expect((await operate('click', { elementDescription: 'Increment' }, other.auth)).statusCode).toBe(404);
    expect((await operate('click', {})).statusCode).toBe(422);
    expect(await pageLog()).toEqual([]);
  });
});

describe('hover', () => {
  it('moves the pointer onto the element, which sees it arrive', async () => {
    const res = await operate('hover', { elementDescription: 'Hover me' });
    expect(res.json.data.modelResponse).toMatch(/^Hovered over the .*"Hover me"/);
    expect(await page.$eval('#hover-state', (el) => el.textContent)).toBe('hovered');
    expect(await pageLog()).toEqual(['mouseenter']);
  });
});

describe('type', () => {
  it('clears the described field, types, then presses Enter and Tab in that order', async () => {
    const res = await operate('type', {
      elementDescription: 'display name field',
      text: 'Ada Lovelace',
      clearInputField: true,
      pressEnterKey: true,
      pressTabKey: true,
    });
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toBe(
      'Typed 12 characters into the textbox "Display name" in form Profile, after clearing it, then pressed Enter and Tab.',
    );
    expect(await page.$eval('#name', (el) => (el as HTMLInputElement).value)).toBe('Ada Lovelace');
    expect(await pageLog()).toEqual(['name:Enter', 'submit', 'name:Tab']);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('city');
  });

  it('appends to what the field holds when not asked to clear it', async () => {
    await operate('type', { elementDescription: 'Display name', text: ' 2' });
    expect(await page.$eval('#name', (el) => (el as HTMLInputElement).value)).toBe('Old value 2');
  });

  it('clears and types into an editable region', async () => {
    const res = await operate('type', { elementDescription: 'the notes', text: 'New notes', clearInputField: true });
    expect(res.json.meta.status).toBe('success');
    expect(await page.$eval('#notes', (el) => el.textContent)).toBe('New notes');
  });

  it('types into the focused element when no description is given', async () => {
    await page.focus('#city');
    const res = await operate('type', { text: 'Paris' });
    expect(res.json.data.modelResponse).toBe('Typed 5 characters into the focused element.');
    expect(await page.$eval('#city', (el) => (el as HTMLInputElement).value)).toBe('Paris');
  });

  it('inserts a long text as a paste does, typing only its end as keys, and says so', async () => {
    await page.evaluate(() => {
      const city = document.getElementById('city') as HTMLInputElement;
      const counts = { keydown: 0, input: 0 };
      (window as unknown as { counts: typeof counts }).counts = counts;
      city.addEventListener('keydown', () => (counts.keydown += 1));
      city.addEventListener('input', () => (counts.input += 1));
    });
    const text = `${'lorem ipsum dolor sit amet '.repeat(3_000)}the end`;
    const res = await operate('type', { elementDescription: 'City', text });
    expect(res.json.meta.status).toBe('success');
    expect(await page.$eval('#city', (el) => (el as HTMLInputElement).value)).toBe(text);
    const counts = await page.evaluate(() => (window as unknown as { counts: Record<string, number> }).counts);
    // The last 64 characters are keys (one keydown each); the rest came in a few pieces of inserted text.
    expect(counts.keydown).toBe(64);
    expect(counts.input).toBeGreaterThan(64);
    expect(counts.input).toBeLessThan(64 + 30);
    expect(res.json.warnings).toEqual([
      expect.objectContaining({
        code: 'text_inserted',
        message: expect.stringContaining(`its first ${text.length - 64}`),
      }),
    ]);
  });

  it('fails without typing anywhere when the described field is not on the page', async () => {
    await page.focus('#city');
    const res = await operate('type', { elementDescription: 'the credit card number field', text: '4111' });
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors[0].code).toBe('element_not_found');
    expect(await page.$eval('#city', (el) => (el as HTMLInputElement).value)).toBe('');
  });
});
