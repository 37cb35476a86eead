/**
 * The routes the console reads besides the existing ones: the org's async requests with their webhook deliveries
 * (`GET /v1/requests`) and its credits per day (`GET /v1/usage`). Each answers only the caller's org, and bad
 * input is a 422 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestItem } from '../../functions/core/requests/model.js';
import { uuidv7 } from '../../functions/core/shared/ids.js';
import { recordKeys } from '../../functions/core/shared/record-keys.js';
import { recordCredits } from '../../functions/core/usage/credits.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.stop();
});

const seedRequest = async (orgId: string, extra: Partial<RequestItem> = {}): Promise<string> => {
  const requestId = uuidv7();
  const item: RequestItem = {
    ...recordKeys.request(orgId, requestId),
    requestId,
    orgId,
    operation: 'fillForm',
    sessionId: 'session-1',
    windowId: 'window-1',
    body: '{}',
    status: 'completed',
    createdAt: new Date().toISOString(),
    ...extra,
  };
  await svc.deps.records.put(item);
  return requestId;
};

const get = (path: string, auth = svc.auth) => svc.app.inject({ method: 'GET', path, headers: auth });

describe('GET /v1/requests', () => {
  it("lists the caller org's requests newest first, with webhook attempts, and none of another org's", async () => {
    const org = await svc.newOrg('requests-org');
    const other = await svc.newOrg('requests-other');
    const first = await seedRequest(org.orgId);
    const second = await seedRequest(org.orgId, {
      status: 'error',
      error: 'the automation failed',
      webhook: {
        url: 'https://hooks.example/x',
        messageId: 'msg_1',
        state: 'failed',
        attempts: [{ at: new Date().toISOString(), statusCode: 500, durationMs: 12 }],
      },
    });
    const foreign = await seedRequest(other.orgId);

    const res = await get('/v1/requests', org.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json.data.requests.map((r: { requestId: string }) => r.requestId)).toEqual([second, first]);
    expect(res.json.data.requests[0].webhook).toMatchObject({
      state: 'failed',
      attempts: [{ statusCode: 500, durationMs: 12 }],
    });
    expect(res.json.data.requests[0]).not.toHaveProperty('body');
    expect(res.json.data.pagination.totalItems).toBe(2);

    const errors = await get('/v1/requests?status=error', org.auth);
    expect(errors.json.data.requests.map((r: { requestId: string }) => r.requestId)).toEqual([second]);

    const theirs = await get('/v1/requests', other.auth);
    expect(theirs.json.data.requests.map((r: { requestId: string }) => r.requestId)).toEqual([foreign]);
  });

  it('pages with offset and limit', async () => {
    const org = await svc.newOrg('requests-paging');
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await seedRequest(org.orgId));
    const page = await get('/v1/requests?limit=2&offset=2', org.auth);
    expect(page.json.data.requests.map((r: { requestId: string }) => r.requestId)).toEqual([ids[0]]);
    expect(page.json.data.pagination).toMatchObject({ hasMore: false, totalItems: 3, initialCount: 2 });
  });

  it('answers 422 naming the field for a bad status, limit or offset, and 401 without a key', async () => {
    for (const [query, location] of [
      ['status=done', 'query.status'],
      ['limit=0', 'query.limit'],
      ['limit=abc', 'query.limit'],
      ['offset=-5', 'query.offset'],
    ]) {
      const res = await get(`/v1/requests?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(
        res.json.errors.map((e: { location: string }) => e.location),
        query,
      ).toContain(location);
    }
    expect((await svc.app.inject({ method: 'GET', path: '/v1/requests' })).statusCode).toBe(401);
  });
});

describe('GET /v1/usage', () => {
  it("sums the caller org's credits per day and per session, and names the org", async () => {
    const org = await svc.newOrg('usage-org');
    const other = await svc.newOrg('usage-other');
    await recordCredits(svc.deps, { orgId: org.orgId, sessionId: 's-a', credits: 3 });
    await recordCredits(svc.deps, { orgId: org.orgId, sessionId: 's-b', credits: 5 });
    await recordCredits(svc.deps, { orgId: org.orgId, sessionId: 's-a', credits: 0 });
    await recordCredits(svc.deps, { orgId: other.orgId, sessionId: 's-c', credits: 100 });

    const res = await get('/v1/usage?days=7', org.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json.data.orgId).toBe(org.orgId);
    expect(res.json.data.days).toHaveLength(7);
    const today = res.json.data.days.at(-1);
    expect(today).toEqual({ date: new Date().toISOString().slice(0, 10), credits: 8, operations: 2 });
    expect(res.json.data.days.slice(0, -1).every((day: { credits: number }) => day.credits === 0)).toBe(true);
    expect(res.json.data.sessions).toEqual([
      { sessionId: 's-b', credits: 5 },
      { sessionId: 's-a', credits: 3 },
    ]);

    const theirs = await get('/v1/usage', other.auth);
    expect(theirs.json.data.days).toHaveLength(30);
    expect(theirs.json.data.days.at(-1).credits).toBe(100);
    expect(theirs.json.data.sessions).toEqual([{ sessionId: 's-c', credits: 100 }]);
  });

  it('answers 422 naming days when it is out of range or not a number', async () => {
    for (const days of ['0', '367', 'week', '1.5']) {
      const res = await get(`/v1/usage?days=${days}`);
      expect(res.statusCode, days).toBe(422);
      expect(
        res.json.errors.map((e: { location: string }) => e.location),
        days,
      ).toEqual(['query.days']);
    }
  });
});
