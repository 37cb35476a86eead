/**
 * The real automation operations run asynchronously on real Chromium, driven by the official client:
 * `asyncCreateFormFiller` learns the fixture contact form, `asyncFillForm` fills it, and
 * `requests.waitForRequestCompletion` reads each result; the webhook of the fill arrives signed on loopback. A bad
 * configuration, an unknown automation or a refused parameter is answered at accept (422/404, as the synchronous
 * routes answer), and nothing is stored or queued.
 */
import { AirtopClient } from '@airtop/sdk';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
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
/** The contact form's filler, learnt by the first test. */
let learntFormId: string;
const hooks: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
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
    expect(await page.evaluate(() => (document.querySelector('input[name=fullName]') as HTMLInputElement).value)).toBe(
      'Ada Lovelace',
    );

    const [hook] = await waitFor(
      async () => hooks,
      (list) => list.length > 0,
    );
    const orgId = (await svc.deps.authenticate(svc.key))!.orgId;
    const { secret } = await ensureWebhookSecret(svc.deps.records, svc.deps.clock, orgId);
    const mac = createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${hook.headers['webhook-id']}.${hook.headers['webhook-timestamp']}.${hook.body}`)
      .digest('base64');
    expect(hook.headers['webhook-signature']).toBe(`v1,${mac}`);
    expect(JSON.parse(hook.body)).toMatchObject({ requestId: filling.requestId, status: 'completed' });
    learntFormId = automationId;
  }, 90_000);

  it('fails a fill of a page without the form: form_not_found, not "Filled 0 fields"', async () => {
    await page.goto('about:blank');
    const filling = await client.windows.asyncFillForm(sessionId, windowId, {
      automationId: learntFormId,
      parameters: CONTACT_VALUES,
    });
    const done = await client.requests.waitForRequestCompletion(filling.requestId, 60, 0.1);
    expect(done.status, JSON.stringify(done)).toBe('completed');
    const envelope = done.response as { meta: { status: string }; errors?: Array<{ code: string }> };
    expect(envelope.meta.status).toBe('failure');
    expect(envelope.errors).toEqual([expect.objectContaining({ code: 'form_not_found' })]);
  }, 90_000);
});

describe('async automations refuse bad input when they accept it, as the synchronous routes do', () => {
  const accept = (suffix: string, body: Record<string, unknown>, auth = svc.auth) =>
    svc.app.inject({
      method: 'POST',
      path: `/v1/async/sessions/${sessionId}/windows/${windowId}/${suffix}`,
      headers: auth,
      body,
    });
  const sync = (suffix: string, body: Record<string, unknown>) =>
    svc.app.inject({
      method: 'POST',
      path: `/v1/sessions/${sessionId}/windows/${windowId}/${suffix}`,
      headers: svc.auth,
      body,
    });
  const locations = (res: { json: { errors?: Array<{ location: string }> } }) =>
    (res.json.errors ?? []).map((error) => error.location);

  /** A refused request leaves no record and no queue message behind. */
  let put: MockInstance;
  let send: MockInstance;
  beforeEach(() => {
    put = vi.spyOn(svc.deps.records, 'put');
    send = vi.spyOn(svc.deps.asyncRequests.queue, 'send');
  });
  afterEach(() => vi.restoreAllMocks());
  const nothingStored = () => {
    expect(put).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  };

  let automationId: string;
  beforeAll(async () => {
    const created = await client.windows.asyncCreateAutomation(sessionId, windowId, {
      configuration: { steps: [{ action: 'type', elementDescription: 'Full name field', parameter: 'fullName' }] },
    });
    const done = await client.requests.waitForRequestCompletion(created.requestId, 30, 0.1);
    expect(done.status, JSON.stringify(done)).toBe('completed');
    automationId = JSON.parse((done.response as { data: { modelResponse: string } }).data.modelResponse).automationId;
  });

  it.each([
    [
      'an unknown step action',
      { steps: [{ action: 'jump', elementDescription: 'x' }] },
      'body.configuration.steps[0].action',
    ],
    ['an unknown type', { type: 'weird' }, 'body.configuration.type'],
    [
      'a type step with neither value nor parameter',
      { steps: [{ action: 'type', elementDescription: 'Email field' }] },
      'body.configuration.steps[0]',
    ],
    [
      'a configuration of more than 128 KiB, which could not be stored with its result',
      {
        steps: [{ action: 'click', elementDescription: 'Send button' }],
        parameters: { type: 'object', description: 'd'.repeat(250_000) },
      },
      'body.configuration',
    ],
  ])(
    'create-automation: answers 422 for %s, naming the field, and stores nothing',
    async (_name, configuration, location) => {
      const res = await accept('create-automation', { configuration });
      expect(res.statusCode, JSON.stringify(res.json)).toBe(422);
      expect(locations(res)).toEqual([location]);
      nothingStored();
    },
  );

  it('create-form-filler: answers 422 for recorded steps, with the same errors as the synchronous route', async () => {
    const configuration = { type: 'steps', steps: [{ action: 'click', elementDescription: 'Send button' }] };
    const res = await accept('create-form-filler', { configuration });
    expect(res.statusCode).toBe(422);
    expect(locations(res)).toEqual(['body.configuration.type']);
    nothingStored();
    const direct = await sync('create-form-filler', { configuration });
    expect(direct.statusCode).toBe(422);
    expect(direct.json.errors).toEqual(res.json.errors);
  });

  it.each(['fill-form', 'execute-automation'])(
    '%s: answers 404 for an automation the org does not have, and stores nothing',
    async (suffix) => {
      const res = await accept(suffix, { automationId: 'no-such-automation' });
      expect(res.statusCode).toBe(404);
      expect(res.json.detail).toMatch(/no-such-automation/);
      nothingStored();
    },
  );

  it("fill-form: answers 404 for another org's automation", async () => {
    const other = await svc.newOrg('async-automations-other');
    put.mockClear(); // the new org's own records
    const res = await accept('fill-form', { automationId, parameters: { fullName: 'Ada' } }, other.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json.detail).toMatch(/^automation .* not found$/);
    nothingStored();
  });

  it.each([
    ['fill-form', { nope: 1, fullName: 'Ada' }, ['body.parameters.nope']],
    ['execute-automation', { nope: 1, fullName: 'Ada' }, ['body.parameters.nope']],
    ['execute-automation', { fullName: 5 }, ['body.parameters.fullName']],
  ])(
    '%s: answers 422 for parameters %j the schema refuses, naming them as the synchronous route does',
    async (suffix, parameters, expected) => {
      const res = await accept(suffix, { automationId, parameters });
      expect(res.statusCode, JSON.stringify(res.json)).toBe(422);
      expect(locations(res)).toEqual(expected);
      nothingStored();
      const direct = await sync('fill-form', { automationId, parameters });
      expect(direct.statusCode).toBe(422);
      expect(direct.json.errors).toEqual(res.json.errors);
    },
  );

  it('fill-form: answers 422 naming parameters of more than 128 KiB, which could not be stored, and stores nothing', async () => {
    const res = await accept('fill-form', { automationId, parameters: { fullName: 'a'.repeat(140_000) } });
    expect(res.statusCode).toBe(422);
    expect(locations(res)).toEqual(['body.parameters']);
    nothingStored();
  });

  it('accepts parameters the schema takes: stored, queued, and run', async () => {
    const res = await accept('execute-automation', { automationId, parameters: { fullName: 'Ada' } });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
    expect(put).toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(1);
    const done = await client.requests.waitForRequestCompletion(res.json.requestId, 30, 0.1);
    expect(done.status).toBe('completed');
  });
});
