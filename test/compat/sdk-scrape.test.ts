/**
 * The official client, unchanged, scraping windows against the in-process service on real Chromium: its typed
 * response parses ours, client ids come back, and a missing window is its typed 404.
 */
import { readFile } from 'node:fs/promises';
import { AirtopClient } from '@airtop/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
let sessionId: string;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
  sessionId = (await client.sessions.create({}, { timeoutInSeconds: 30 })).data.id;
});
afterAll(async () => {
  if (sessionId) await client.sessions.terminate(sessionId);
  await svc?.stop();
  await fixtures?.close();
});

describe('official client: scrape content', () => {
  it('scrapes a window into markdown with its title, the client request id echoed', async () => {
    const { windowId } = (await client.windows.create(sessionId, { url: `${fixtures.url}/scrape/docs.html` })).data;
    const response = await client.windows.scrapeContent(sessionId, windowId, { clientRequestId: 'sdk-scrape-1' });
    const markdown = (await readFile(new URL('../fixtures/pages/scrape/docs.md', import.meta.url), 'utf8'))
      .replaceAll('{{origin}}', fixtures.url)
      .trimEnd();
    expect(response.data.modelResponse.scrapedContent).toEqual({ contentType: 'text/markdown', text: markdown });
    expect(response.data.modelResponse.title).toBe('Queue API · Reference');
    expect(response.meta.status).toBe('success');
    expect(response.meta.usage.credits).toBe(0);
    expect(response.meta.clientProvided?.clientRequestId).toBe('sdk-scrape-1');
  });

  it('scrapes with no request body at all, as the client sends by default', async () => {
    const { windowId } = (await client.windows.create(sessionId, { url: `${fixtures.url}/scrape/article.html` })).data;
    const response = await client.windows.scrapeContent(sessionId, windowId);
    expect(response.data.modelResponse.scrapedContent.text).toMatch(/^# Tide Pools of the North Coast\n/);
    expect(response.data.modelResponse.selectedText).toBeUndefined();
  });

  it('raises a typed 404 for a window that is not there', async () => {
    await expect(client.windows.scrapeContent(sessionId, 'no-such-window')).rejects.toMatchObject({ statusCode: 404 });
  });
});
