/**
 * Webhook delivery end to end: a loopback receiver checks each signature with the org's secret (computed here with
 * node:crypto), a receiver that fails twice gets a third attempt, one that always fails leaves the request with its
 * result and the failure visible, and targets the deployment refuses answer 422 at accept.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AsyncOperationRegistry } from '../../functions/core/requests/deps.js';
import { succeeded } from '../../functions/core/operations/result.js';
import { ensureWebhookSecret, rotateWebhookSecret } from '../../functions/core/webhooks/secrets.js';
import type { Deps } from '../../functions/api/deps.js';
import { deliveryEnded as endedDelivery } from '../support/async-request.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A receiver on loopback: `/fail-N` answers 500 to the first N posts, `/down` always 503, anything else 204. */
const startReceiver = async () => {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const failures = /^\/fail-(\d+)/.exec(path);
      const seen = received.filter((r) => r.path === path).length;
      res.statusCode = path === '/down' ? 503 : failures && seen <= Number(failures[1]) ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** What a receiver does: any listed v1 signature must match HMAC-SHA256(key, "id.timestamp.body"). */
const verifies = (secret: string, r: Received): boolean => {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const mac = createHmac('sha256', key)
    .update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`)
    .digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${mac}`);
};

const operations: AsyncOperationRegistry<Deps> = {
  fillForm: async (_deps, _target, body: { automationId: string }) => succeeded(`filled with ${body.automationId}`),
};

let svc: TestService;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let org: { orgId: string; auth: { authorization: string } };
let sessionId: string;
let windowId: string;

const accept = (webhookUrl: string, automationId = 'a1') =>
  svc.app.inject({
    method: 'POST',
    path: `/v1/async/sessions/${sessionId}/windows/${windowId}/fill-form`,
    headers: org.auth,
    body: { automationId, async: { webhookUrl } },
  });
const deliveryEnded = (requestId: string) => endedDelivery(svc, requestId, org.auth);

beforeAll(async () => {
  [svc, receiver] = await Promise.all([
    startTestService(
      { warmPoolSize: 1, webhookMaxAttempts: 3, webhookRetryBaseMs: 100, webhookTimeoutMs: 2_000 },
      { asyncOperations: operations },
    ),
    startReceiver(),
  ]);
  org = await svc.newOrg('hooks');
  sessionId = (await createRunningSession(svc, org.auth)).id;
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: org.auth,
    body: { url: 'about:blank' },
  });
  windowId = window.json.data.windowId;
});
afterAll(async () => {
  await svc?.stop();
  await receiver?.close();
});

describe('webhook delivery', () => {
  it('posts the status body, signed with the org secret per Standard Webhooks', async () => {
    const { secret } = await ensureWebhookSecret(svc.deps.records, svc.deps.clock, org.orgId);
    const res = await accept(`${receiver.url}/ok-1`);
    const done = await deliveryEnded(res.json.requestId);
    expect(done.json.webhook).toMatchObject({
      state: 'delivered',
      attempts: [expect.objectContaining({ statusCode: 204 })],
    });
    const [got] = receiver.received.filter((r) => r.path === '/ok-1');
    expect(JSON.parse(got.body)).toEqual({
      requestId: res.json.requestId,
      status: 'completed',
      response: done.json.response,
    });
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(verifies(secret, got)).toBe(true);
    expect(verifies(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got)).toBe(false);
  });

  it('signs with both the old and the new secret while a rotation is in its grace period', async () => {
    const { secret: old } = await ensureWebhookSecret(svc.deps.records, svc.deps.clock, org.orgId);
    const { secret: next } = await rotateWebhookSecret(svc.deps.records, svc.deps.clock, org.orgId, 1);
    const res = await accept(`${receiver.url}/ok-rotated`);
    await deliveryEnded(res.json.requestId);
    const [got] = receiver.received.filter((r) => r.path === '/ok-rotated');
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifies(old, got)).toBe(true);
    expect(verifies(next, got)).toBe(true);
  });

  it('retries with backoff after failures and records every attempt', async () => {
    const res = await accept(`${receiver.url}/fail-2`);
    const done = await deliveryEnded(res.json.requestId);
    const attempts = done.json.webhook.attempts as { at: string; statusCode: number; durationMs: number }[];
    expect(done.json.webhook.state).toBe('delivered');
    expect(attempts.map((a) => a.statusCode)).toEqual([500, 500, 204]);
    for (const attempt of attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
    const posts = receiver.received.filter((r) => r.path === '/fail-2');
    expect(posts).toHaveLength(3);
    // Waits of 100 ms then 200 ms (base 100 ms, doubling); the same webhook-id on every retry.
    expect(posts[1].at - posts[0].at).toBeGreaterThanOrEqual(90);
    expect(posts[2].at - posts[1].at).toBeGreaterThanOrEqual(190);
    expect(new Set(posts.map((p) => p.headers['webhook-id'])).size).toBe(1);
  });

  it('gives up after the last attempt, keeping the result and showing the failure', async () => {
    const res = await accept(`${receiver.url}/down`);
    const done = await deliveryEnded(res.json.requestId);
    expect(done.json.status).toBe('completed');
    expect(done.json.response.data.modelResponse).toBe('filled with a1');
    expect(done.json.webhook.state).toBe('failed');
    expect(done.json.webhook.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 503, 503]);
    expect(done.json.webhook.nextAttemptAt).toBeUndefined();
  });

  it('records a connection failure as an attempt with its error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const res = await accept(`http://127.0.0.1:${port}/nobody`);
    const done = await deliveryEnded(res.json.requestId);
    expect(done.json.webhook.state).toBe('failed');
    expect(done.json.webhook.attempts[0].error).toMatch(/ECONNREFUSED/);
  });
});

describe('refused webhook targets', () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await startTestService({ webhookAllowPrivate: false }, { asyncOperations: operations });
  });
  afterAll(async () => {
    await strict?.stop();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/hook',
    'http://[::ffff:192.168.0.1]/',
    'http://10.0.0.5/',
    'http://100.64.1.1/',
  ])('answers 422 for %s where private targets are not allowed', async (webhookUrl) => {
    const res = await strict.app.inject({
      method: 'POST',
      path: '/v1/async/sessions/0190b4a0-0000-7000-8000-000000000000/windows/w/fill-form',
      headers: strict.auth,
      body: { automationId: 'a', async: { webhookUrl } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ location: 'body.async.webhookUrl' });
    expect(res.json.errors[0].message).toMatch(/address/);
  });
});
