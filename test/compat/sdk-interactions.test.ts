/**
 * The official client's `click`, `hover` and `type`, unchanged, against the in-process service on a fixture page
 * that records the trusted events it received.
 */
import { AirtopClient } from '@airtop/sdk';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
let sessionId: string;
let windowId: string;
let page: Page;

const pageLog = () => page.evaluate(() => (window as unknown as { log: string[] }).log);

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
  sessionId = (await client.sessions.create({}, { timeoutInSeconds: 30 })).data.id;
  windowId = (await client.windows.create(sessionId, { url: `${fixtures.url}/resolve/interactions.html` })).data
    .windowId;
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  page = await browser.page(windowId);
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

describe('official client: click, hover, type', () => {
  it('clicks an element described in plain language, double-clicks when asked', async () => {
    const clicked = await client.windows.click(sessionId, windowId, {
      elementDescription: 'the Increment button',
      clientRequestId: 'sdk-click',
    });
    expect(clicked.meta.status).toBe('success');
    expect(clicked.meta.clientProvided?.clientRequestId).toBe('sdk-click');
    expect(clicked.data.modelResponse).toBe('Clicked the button "Increment".');
    await client.windows.click(sessionId, windowId, {
      elementDescription: 'Increment',
      configuration: { clickType: 'doubleClick' },
    });
    expect(await pageLog()).toEqual(['click', 'click', 'click', 'dblclick']);
  });

  it('hovers over an element', async () => {
    const hovered = await client.windows.hover(sessionId, windowId, { elementDescription: 'Hover me' });
    expect(hovered.meta.status).toBe('success');
    expect(await page.$eval('#hover-state', (el) => el.textContent)).toBe('hovered');
  });

  it('types into a field, clearing it and pressing Enter', async () => {
    const typed = await client.windows.type(sessionId, windowId, {
      elementDescription: 'Display name',
      text: 'Grace Hopper',
      clearInputField: true,
      pressEnterKey: true,
    });
    expect(typed.meta.status).toBe('success');
    expect(await page.$eval('#name', (el) => (el as HTMLInputElement).value)).toBe('Grace Hopper');
    expect(await pageLog()).toContain('submit');
  });

  it('reports an element that is not there as a failure in the response, not an exception', async () => {
    const missing = await client.windows.click(sessionId, windowId, { elementDescription: 'the Export to PDF button' });
    expect(missing.meta.status).toBe('failure');
    expect(missing.errors?.[0]?.code).toBe('element_not_found');
  });
});
