/**
 * The real automation operations run asynchronously on real Chromium, driven by the official client:
 * `asyncCreateFormFiller` learns the fixture contact form, `asyncFillForm` fills it, and
 * `requests.waitForRequestCompletion` reads each result; the webhook of the fill arrives signed on loopback.
 */
import { AirtopClient } from '@airtop/sdk';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebhookSecret } from '../../functions/core/webhooks/secrets.js';
import { CONTACT_VALUES } from '../fixtures/pages/forms/contact-values.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
let sessionId: string;
let windowId: string;
let page: Page;
let receiver: http.Server;
let hookUrl: string;
const hooks: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
  sessionId = (await createRunningSession(svc)).id;
  const window = await svc.app.inject({ method: 'POST', path: `/v1/sessions/${sessionId}/windows`, headers: svc.auth, body: { url: 'about:blank' } });
  windowId = window.json.data.windowId;
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  page = await browser.page(windowId);
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/filled`;
});
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('async automations with the official client', () => {
  it('learns a form, fills it, and delivers the signed result', async () => {
    await page.goto(`${fixtures.url}/forms/contact.html`);
    const learning = await client.windows.asyncCreateFormFiller(sessionId, windowId, {});
    expect(learning.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const learnt = await client.requests.waitForRequestCompletion(learning.requestId, 60, 0.1);
    expect(learnt.status).toBe('completed');
    const envelope = learnt.response as { data: { modelResponse: string }; meta: { status: string } };
    expect(envelope.meta.status).toBe('success');
    const { automationId } = JSON.parse(envelope.data.modelResponse) as { automationId: string };

    const filling = await client.windows.asyncFillForm(sessionId, windowId, {
      automationId,
      parameters: CONTACT_VALUES,
      async: { webhookUrl: hookUrl },
    });
    const filled = await client.requests.waitForRequestCompletion(filling.requestId, 60, 0.1);
    expect(filled, JSON.stringify(filled)).toMatchObject({ status: 'completed' });
    expect((filled.response as { meta: { status: string } }).meta.status).not.toBe('failure');
    expect(await page.evaluate(() => (document.querySelector('input[name=fullName]') as HTMLInputElement).value)).toBe('Ada Lovelace');

    const [hook] = await waitFor(async () => hooks, (list) => list.length > 0);
    const orgId = (await svc.deps.authenticate(svc.key))!.orgId;
    const { secret } = await ensureWebhookSecret(svc.deps.records, svc.deps.clock, orgId);
    const mac = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`${hook.headers['webhook-id']}.${hook.headers['webhook-timestamp']}.${hook.body}`).digest('base64');
    expect(hook.headers['webhook-signature']).toBe(`v1,${mac}`);
    expect(JSON.parse(hook.body)).toMatchObject({ requestId: filling.requestId, status: 'completed' });
  }, 90_000);

  it('ends in error, saying why, when the automation does not exist', async () => {
    const res = await client.windows.asyncFillForm(sessionId, windowId, { automationId: 'no-such-automation' });
    const done = await client.requests.waitForRequestCompletion(res.requestId, 30, 0.1);
    expect(done.status).toBe('error');
    expect(done.error).toMatch(/no-such-automation/);
  });
});
