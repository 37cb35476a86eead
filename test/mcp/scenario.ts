/**
 * What an agent does with the MCP tools, written once and run over each way of connecting (Streamable HTTP, the
 * stdio bridge): a real SDK client, the real service with Chromium, and the form fixture page.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

export type Connect = (key: string) => Promise<Client>;

export interface TestBed {
  svc: TestService;
  fixtures: FixtureServer;
  /** Closed after the suite. */
  clients: Client[];
}

/** The service with one warm browser and the fixture pages, for the suite that calls it (registers its hooks). */
export const testBed = (): TestBed => {
  const bed = { clients: [] as Client[] } as TestBed;
  beforeAll(async () => {
    [bed.svc, bed.fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  });
  afterAll(async () => {
    await Promise.all(bed.clients.map((client) => client.close()));
    await bed.svc?.stop();
    await bed.fixtures?.close();
  });
  return bed;
};

export const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

export const textOf = (result: CallToolResult): string =>
  result.content.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');

export const succeeded = (result: CallToolResult): Record<string, any> => {
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as Record<string, any>;
};

/** create session → open window → type → click → page query → screenshot → terminate. Returns the session id. */
export const runFormTask = async (client: Client, formUrl: string, otherOrg?: Client): Promise<string> => {
  const created = succeeded(await call(client, 'session_create', {}));
  const sessionId: string = created.data.id;
  expect(created.data.signedCdpWsUrl ?? created.data.cdpWsUrl).toBeTruthy();
  try {
    const opened = succeeded(await call(client, 'window_open', { sessionId, url: formUrl }));
    const windowId: string = opened.data.windowId;
    expect(opened.data.liveViewUrl).toMatch(/^http.*\/live\//);

    if (otherOrg) {
      // Another org's key sees no such session, through every kind of tool.
      const foreign = await call(otherOrg, 'window_page_query', {
        sessionId,
        windowId,
        prompt: 'What is the heading?',
      });
      expect(foreign.isError).toBe(true);
      expect(foreign.structuredContent).toMatchObject({ status: 404 });
      expect((await call(otherOrg, 'session_terminate', { sessionId })).isError).toBeFalsy();
      const listed = succeeded(await call(otherOrg, 'session_list', { sessionIds: sessionId, status: 'all' }));
      expect(listed.data.sessions ?? []).toHaveLength(0);
    }

    succeeded(
      await call(client, 'window_type', {
        sessionId,
        windowId,
        elementDescription: 'the Name text field',
        text: 'Ada Lovelace',
      }),
    );
    succeeded(await call(client, 'window_click', { sessionId, windowId, elementDescription: 'the Submit button' }));
    // An operation that could not be done is a tool error, its code first, though the API answered it with a 2xx.
    const missed = await call(client, 'window_click', {
      sessionId,
      windowId,
      elementDescription: 'the purple unicorn checkout button',
    });
    expect(missed.isError, textOf(missed)).toBe(true);
    expect(textOf(missed)).toMatch(/^element_(not_found|ambiguous): /);
    expect(missed.structuredContent).toMatchObject({ meta: { status: 'failure' } });
    const scraped = succeeded(await call(client, 'window_scrape', { sessionId, windowId }));
    expect(scraped.data.modelResponse.scrapedContent.text).toContain('Hello, Ada Lovelace');
    // Without a model key the service answers with the passage closest to the prompt (extractive).
    const answer = succeeded(
      await call(client, 'window_page_query', { sessionId, windowId, prompt: 'Hello to whom?' }),
    );
    expect(answer.data.modelResponse).toContain('Hello, Ada Lovelace');
    expect(answer.meta.usage.credits).toEqual(expect.any(Number));

    const shot = await call(client, 'window_screenshot', { sessionId, windowId });
    succeeded(shot);
    const image = shot.content.find((item) => item.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: expect.stringMatching(/^image\//) });
    expect(Buffer.from((image as { data: string }).data, 'base64').length).toBeGreaterThan(1000);
    expect(textOf(shot)).not.toContain('base64,');
  } finally {
    succeeded(await call(client, 'session_terminate', { sessionId }));
  }
  return sessionId;
};

/** Wrong arguments come back as a tool error naming the field, not as a failed request. */
export const expectFieldErrors = async (client: Client) => {
  const missing = await call(client, 'window_page_query', { sessionId: 'x', windowId: 'y' });
  expect(missing.isError).toBe(true);
  expect(missing.structuredContent).toMatchObject({
    code: 'validation_failed',
    errors: [expect.objectContaining({ field: 'prompt' })],
  });
  expect(textOf(missing)).toContain('prompt');

  const wrongType = await call(client, 'window_click', { sessionId: 'x', windowId: 'y', elementDescription: 42 });
  expect(wrongType.structuredContent).toMatchObject({
    code: 'validation_failed',
    errors: [expect.objectContaining({ field: 'elementDescription' })],
  });

  const noSession = await call(client, 'window_list', {});
  expect(noSession.isError).toBe(true);
  expect(noSession.structuredContent).toMatchObject({ errors: [expect.objectContaining({ field: 'sessionId' })] });

  const nested = await call(client, 'window_screenshot', {
    sessionId: 'x',
    windowId: 'y',
    configuration: { screenshot: { scope: 'everything' } },
  });
  expect(nested.structuredContent).toMatchObject({
    errors: [expect.objectContaining({ field: 'configuration.screenshot.scope' })],
  });
};
