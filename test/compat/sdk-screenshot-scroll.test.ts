/**
 * The official client, unchanged, taking screenshots (inline and as files, read with its own
 * `processScreenshots` helper) and scrolling, against the in-process service on real Chromium.
 */
import { AirtopClient, processScreenshots } from '@airtop/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
let sessionId: string;
let windowId: string;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
  sessionId = (await client.sessions.create({}, { timeoutInSeconds: 30 })).data.id;
  windowId = (await client.windows.create(sessionId, { url: `${fixtures.url}/visual/grid.html?h=5000` })).data.windowId;
});
afterAll(async () => {
  if (sessionId) await client.sessions.terminate(sessionId);
  await svc?.stop();
  await fixtures?.close();
});

/** Width and height from a JPEG's start-of-frame header. */
const jpegSize = (bytes: Buffer): [number, number] => {
  for (let at = 2; at < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    const marker = bytes[at + 1];
    if (marker >= 0xc0 && marker <= 0xc3) return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
  }
  throw new Error('no JPEG frame header');
};

describe('official client: screenshot and scroll', () => {
  it('takes a viewport screenshot that processScreenshots turns into JPEG bytes', async () => {
    const response = await client.windows.screenshot(sessionId, windowId, {
      configuration: { screenshot: { maxWidth: 640, quality: 70 } },
    });
    expect(response.meta.status).toBe('success');
    expect(response.meta.screenshots?.[0]).toMatchObject({
      format: 'base64',
      viewportDimensions: { width: 1280, height: 720 },
      scrollPosition: { left: 0, top: 0 },
    });
    const [processed] = await processScreenshots(response);
    expect(processed).toMatchObject({ success: true, mimeType: 'image/jpeg' });
    expect(jpegSize(processed.binaryData!)).toEqual([640, 360]);
  });

  it('takes a whole-page screenshot as a file whose signed URL downloads without the API key', async () => {
    const response = await client.windows.screenshot(sessionId, windowId, {
      configuration: { screenshot: { scope: 'page' } },
    });
    const [shot] = response.meta.screenshots ?? [];
    expect(shot).toMatchObject({ format: 'url', fileName: expect.stringMatching(/\.jpg$/) });
    const download = await fetch(shot.signedDownloadUrl!);
    expect(download.status).toBe(200);
    expect(jpegSize(Buffer.from(await download.arrayBuffer()))).toEqual([1280, 5000]);
  });

  it('scrolls by an amount and to an edge, and the next screenshot shows where', async () => {
    const by = await client.windows.scroll(sessionId, windowId, { scrollBy: { yAxis: '50%' } });
    expect(by.meta.status).toBe('success');
    expect(by.data.modelResponse).toContain('Scrolled to (0, 360)');
    const edge = await client.windows.scroll(sessionId, windowId, { scrollToEdge: { yAxis: 'bottom' } });
    expect(edge.data.modelResponse).toContain('Scrolled to (0, 4280)');
    const shot = await client.windows.screenshot(sessionId, windowId);
    expect(shot.meta.screenshots?.[0].scrollPosition).toEqual({ left: 0, top: 4280 });
  });

  it('gets a failure result, not an exception, for scrollToElement of something absent', async () => {
    const response = await client.windows.scroll(sessionId, windowId, { scrollToElement: 'the unicorn launcher' });
    expect(response.meta.status).toBe('failure');
    expect(response.errors?.[0].code).toBe('element_not_found');
  });
});
