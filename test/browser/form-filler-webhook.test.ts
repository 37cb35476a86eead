/**
 * The synchronous create-form-filler with `async.webhookUrl`: the caller gets its answer as usual, and the same
 * answer reaches the webhook, signed, with the run readable at /v1/requests/{requestId}/status. A target the
 * service refuses fails the call before anything runs.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebhookSecret } from '../../functions/core/webhooks/secrets.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let strict: TestService;
let fixtures: FixtureServer;
let receiver: http.Server;
let receiverUrl: string;
const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];

const openForm = async (service: TestService, auth: { authorization: string }) => {
  const sessionId = (await createRunningSession(service, auth)).id;
  const res = await service.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: auth,
    body: { url: `${fixtures.url}/forms/contact.html` },
  });
  return `/v1/sessions/${sessionId}/windows/${res.json.data.windowId}`;
};

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  [svc, strict, fixtures] = await Promise.all([
    startTestService({ warmPoolSize: 1 }),
    startTestService({ warmPoolSize: 1, webhookAllowPrivate: false }),
    startFixtureServer(),
  ]);
}, 60_000);
afterAll(async () => {
  await svc?.stop();
  await strict?.stop();
  await fixtures?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('create-form-filler with async.webhookUrl', () => {
  it('answers synchronously and delivers the same answer, signed, to the webhook', async () => {
    const org = await svc.newOrg('hooks');
    const path = await openForm(svc, org.auth);
    const res = await svc.app.inject({
      method: 'POST',
      path: `${path}/create-form-filler`,
      headers: org.auth,
      body: { async: { webhookUrl: receiverUrl } },
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
    expect(res.json.meta.status).toBe('success');
    const requestId = res.json.meta.requestId as string;
    expect(received).toHaveLength(1);
    const delivered = JSON.parse(received[0].body);
    expect(delivered).toMatchObject({ requestId, status: 'completed' });
    expect(delivered.response.data.modelResponse).toBe(res.json.data.modelResponse);
    const { secret } = await ensureWebhookSecret(svc.deps.records, svc.deps.clock, org.orgId);
    const mac = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(`${received[0].headers['webhook-id']}.${received[0].headers['webhook-timestamp']}.${received[0].body}`)
      .digest('base64');
    expect(String(received[0].headers['webhook-signature']).split(' ')).toContain(`v1,${mac}`);
    const status = await svc.app.inject({ method: 'GET', path: `/v1/requests/${requestId}/status`, headers: org.auth });
    expect(status.json).toMatchObject({ status: 'completed', webhook: { state: 'delivered' } });
  });

  it("stores the run under the caller's x-request-id, and a reused one is a 409, not a second run", async () => {
    const org = await svc.newOrg('hooks-request-id');
    const path = await openForm(svc, org.auth);
    const headers = { ...org.auth, 'x-request-id': 'client-trace-0042' };
    const before = received.length;
    const first = await svc.app.inject({
      method: 'POST',
      path: `${path}/create-form-filler`,
      headers,
      body: { async: { webhookUrl: receiverUrl } },
    });
    expect(first.statusCode, JSON.stringify(first.json)).toBe(201);
    expect(first.json.meta.requestId).toBe('client-trace-0042');
    expect(received.length).toBe(before + 1);
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ requestId: 'client-trace-0042', status: 'completed' });
    const status = await svc.app.inject({
      method: 'GET',
      path: '/v1/requests/client-trace-0042/status',
      headers: org.auth,
    });
    expect(status.json).toMatchObject({ status: 'completed', webhook: { state: 'delivered' } });

    const again = await svc.app.inject({
      method: 'POST',
      path: `${path}/create-form-filler`,
      headers,
      body: { async: { webhookUrl: receiverUrl } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json).toMatchObject({ code: 'conflict', detail: expect.stringContaining('x-request-id') });
    expect(received.length).toBe(before + 1);
  });

  it('refuses a bad configuration with 422 before storing a request, and the webhook hears nothing', async () => {
    const org = await svc.newOrg('hooks-bad-input');
    const path = await openForm(svc, org.auth);
    const before = received.length;
    const res = await svc.app.inject({
      method: 'POST',
      path: `${path}/create-form-filler`,
      headers: org.auth,
      body: { configuration: { type: 'weird' }, async: { webhookUrl: receiverUrl } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json.errors[0].location).toBe('body.configuration.type');
    const status = await svc.app.inject({
      method: 'GET',
      path: `/v1/requests/${res.json.requestId}/status`,
      headers: org.auth,
    });
    expect(status.statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.length).toBe(before);
  });

  it('refuses a private webhook target with 422 before learning anything', async () => {
    const path = await openForm(strict, strict.auth);
    const res = await strict.app.inject({
      method: 'POST',
      path: `${path}/create-form-filler`,
      headers: strict.auth,
      body: { async: { webhookUrl: receiverUrl } },
    });
    expect(res.statusCode).toBe(422);
    const list = await strict.app.inject({ method: 'GET', path: '/v1/automations', headers: strict.auth });
    expect(JSON.stringify(list.json)).not.toContain('contact');
  });
});
