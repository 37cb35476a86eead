/**
 * `/health`, `/ready`, `/metrics`, the request id and the per-org rate limit, against the whole local service over
 * its socket (sessions run real Chromium).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
// A small bucket that barely refills: each test uses orgs of its own, so their counts never mix.
beforeAll(async () => {
  svc = await startTestService({ rateLimitPerSecond: 0.05, rateLimitBurst: 5 });
}, 120_000);
afterAll(() => svc?.stop());

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${svc.url}${path}`, { headers });

const scrape = async () => {
  const response = await get('/metrics');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text()).samples;
};

describe('/health and /ready', () => {
  it('/health answers 200 without a key', async () => {
    const response = await get('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('/ready names every dependency it checked', async () => {
    const response = await get('/ready');
    const body = (await response.json()) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks).sort()).toEqual(['blobs', 'browserHost', 'records']);
    expect(Object.values(body.checks).every((check) => check.ok)).toBe(true);
  });

  it('/ready answers 503 naming the store that fails, and the others as fine', async () => {
    const spy = vi.spyOn(svc.deps.records, 'get').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:1'));
    try {
      const response = await get('/ready');
      expect(response.status).toBe(503);
      const body = (await response.json()) as {
        status: string;
        checks: Record<string, { ok: boolean; detail?: string }>;
      };
      expect(body.status).toBe('unavailable');
      expect(body.checks.records).toMatchObject({ ok: false, detail: expect.stringContaining('ECONNREFUSED') });
      expect(body.checks.blobs.ok).toBe(true);
      expect(body.checks.browserHost.ok).toBe(true);
      // Liveness does not depend on the stores.
      expect((await get('/health')).status).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });

  it('/ready gives up on a store that does not answer, within its timeout', async () => {
    const spy = vi.spyOn(svc.deps.blobs, 'head').mockReturnValue(new Promise(() => undefined));
    try {
      const response = await get('/ready');
      expect(response.status).toBe(503);
      const body = (await response.json()) as { checks: Record<string, { ok: boolean; detail?: string }> };
      expect(body.checks.blobs).toMatchObject({ ok: false, detail: expect.stringMatching(/no answer within \d+ ms/) });
      expect(body.checks.records.ok).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('a wrong method on /health is a 405 with Allow, not a 500', async () => {
    const response = await fetch(`${svc.url}/health`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('x-request-id', () => {
  it('keeps a well-formed id in the answer', async () => {
    const response = await get('/health', { 'x-request-id': 'trace-42.abc:DEF_9' });
    expect(response.headers.get('x-request-id')).toBe('trace-42.abc:DEF_9');
  });

  it('keeps it in problem bodies too', async () => {
    const response = await get('/v1/sessions', { 'x-request-id': 'caller-id-1' });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-request-id')).toBe('caller-id-1');
    expect(((await response.json()) as { requestId: string }).requestId).toBe('caller-id-1');
  });

  it('keeps it on answers no route takes (404, 405)', async () => {
    const missing = await get('/v1/nothing-here', { 'x-request-id': 'lost-1' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('lost-1');
    const wrong = await fetch(`${svc.url}/ready`, { method: 'DELETE', headers: { 'x-request-id': 'lost-2' } });
    expect(wrong.status).toBe(405);
    expect(((await wrong.json()) as { requestId: string }).requestId).toBe('lost-2');
  });

  it('replaces a malformed one (too long, spaces, header injection) with its own', async () => {
    for (const bad of ['x'.repeat(129), 'has space', 'a,b', 'semi;colon', '"quoted"', 'é']) {
      const response = await get('/health', { 'x-request-id': bad });
      const id = response.headers.get('x-request-id');
      expect(id, bad).not.toBe(bad);
      expect(id, bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('per-org rate limit', () => {
  it('answers 429 with Retry-After once an org has spent its burst, and another org is not affected', async () => {
    const a = await svc.newOrg('rate-a');
    const b = await svc.newOrg('rate-b');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await get('/v1/sessions', a.auth)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await get('/v1/sessions', { ...a.auth, 'x-request-id': 'limited-1' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 20).toBe(true);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.headers.get('x-request-id')).toBe('limited-1');
    expect(await refused.json()).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      title: 'Too Many Requests',
      requestId: 'limited-1',
    });

    expect((await get('/v1/sessions', b.auth)).status).toBe(200);
    // Never /health or /ready, which carry no key.
    expect((await get('/health', a.auth)).status).toBe(200);

    const samples = await scrape();
    expect(
      sampleValue(samples, 'sessionhost_rate_limited_total', { operation: 'listSessions' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('a bad key is still a 401, not a 429', async () => {
    const response = await get('/v1/sessions', { authorization: 'Bearer shk_thisKeyDoesNotExistAnywhere000000' });
    expect(response.status).toBe(401);
  });
});

describe('/metrics', () => {
  it('parses as Prometheus text, counts requests by operation, and names no org', async () => {
    const org = await svc.newOrg('metrics-reader');
    await get('/v1/sessions', org.auth);
    const response = await get('/metrics');
    const text = await response.text();
    const { samples, types } = parsePrometheusText(text);
    expect(types.get('sessionhost_http_request_duration_seconds')).toBe('histogram');
    expect(
      sampleValue(samples, 'sessionhost_http_request_duration_seconds_count', {
        operation: 'listSessions',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'sessionhost_host_capacity')).toBe(svc.deps.config.hostCapacity);
    expect(text).not.toContain(org.orgId);
  });

  it('refuses other methods', async () => {
    const response = await fetch(`${svc.url}/metrics`, { method: 'POST' });
    expect(response.status).toBe(405);
  });

  it('moves when a session starts and when it ends', async () => {
    const org = await svc.newOrg('metrics-sessions');
    const before = await scrape();
    const running0 = sampleValue(before, 'sessionhost_sessions', { status: 'running' }) ?? 0;
    const ended0 = sampleValue(before, 'sessionhost_sessions_ended_total', { status: 'ended' }) ?? 0;

    const created = await fetch(`${svc.url}/v1/sessions`, {
      method: 'POST',
      headers: { ...org.auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(created.status).toBe(201);
    const session = (await created.json()) as { data: { id: string; status: string } };
    await vi.waitFor(
      async () => {
        const samples = await scrape();
        expect(sampleValue(samples, 'sessionhost_sessions', { status: 'running' })).toBe(running0 + 1);
        expect(sampleValue(samples, 'sessionhost_host_sessions_live')).toBeGreaterThanOrEqual(1);
      },
      { timeout: 60_000, interval: 200 },
    );

    const ended = await fetch(`${svc.url}/v1/sessions/${session.data.id}`, { method: 'DELETE', headers: org.auth });
    expect(ended.status).toBe(200);
    await vi.waitFor(
      async () => {
        const samples = await scrape();
        expect(sampleValue(samples, 'sessionhost_sessions', { status: 'running' })).toBe(running0);
        expect(sampleValue(samples, 'sessionhost_sessions_ended_total', { status: 'ended' })).toBe(ended0 + 1);
      },
      { timeout: 60_000, interval: 200 },
    );
  }, 120_000);
});
