import { routes } from '../../functions/api/routes.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordKeys } from '../../functions/core/shared/record-keys.js';
import { uuidv7 } from '../../functions/core/shared/ids.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.stop());

const seedSession = async (orgId: string, status = 'running', extra: Record<string, unknown> = {}) => {
  const id = uuidv7();
  const now = new Date().toISOString();
  await svc.deps.records.put({
    ...recordKeys.session(orgId, id),
    id,
    orgId,
    status,
    configuration: { timeoutMinutes: 10 },
    createdAt: now,
    lastActivity: now,
    ...extra,
  });
  return id;
};

describe('authentication', () => {
  it('answers 401 in the problem shape without a key', async () => {
    const res = await svc.app.inject({ method: 'GET', path: '/v1/sessions' });
    expect(res.statusCode).toBe(401);
    expect(res.headers?.['content-type']).toBe('application/problem+json');
    expect(res.json).toMatchObject({ status: 401, title: 'Unauthorized', type: 'about:blank' });
  });

  it('answers 401 for an unknown key and for a non-bearer scheme', async () => {
    for (const authorization of ['Bearer shk_thisKeyDoesNotExistAnywhere000000', 'Basic dXNlcjpwYXNz', 'Bearer']) {
      const res = await svc.app.inject({ method: 'GET', path: '/v1/sessions', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('accepts the bearer scheme in any case', async () => {
    const res = await svc.app.inject({
      method: 'GET',
      path: '/v1/sessions',
      headers: { Authorization: `bearer ${svc.key}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('serves the OpenAPI document without a key', async () => {
    const res = await svc.app.inject({ method: 'GET', path: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(Object.keys(res.json.paths)).toContain('/v1/sessions/{sessionId}/events');
  });
});

describe('routing', () => {
  it('answers 404 for an unknown route and 405 with Allow for a wrong method', async () => {
    const missing = await svc.app.inject({ method: 'GET', path: '/v1/nothing-here', headers: svc.auth });
    expect(missing.statusCode).toBe(404);
    const wrong = await svc.app.inject({ method: 'PUT', path: '/v1/sessions', headers: svc.auth });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers?.allow).toBe('GET, POST');
  });

  it('prefers a literal path segment over a parameter', async () => {
    const res = await svc.app.inject({
      method: 'PUT',
      path: '/v1/automations/description',
      headers: svc.auth,
      body: {},
    });
    expect(res.statusCode).toBe(422);
    expect(res.json.errors.map((e: { location: string }) => e.location)).toEqual([
      'body.description',
      'body.id',
      'body.orgId',
    ]);
  });

  it('has a handler for every route of the table: no operation answers 501', async () => {
    expect(routes.filter((route) => !route.handler).map((route) => route.operationId)).toEqual([]);
    const invalid = await svc.app.inject({
      method: 'DELETE',
      path: '/v1/profiles?profileNames=' + 'x'.repeat(300),
      headers: svc.auth,
    });
    expect(invalid.statusCode).toBe(422);
    expect((await svc.app.inject({ method: 'GET', path: '/v1/automations', headers: svc.auth })).statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('treats null on an optional field as absent', async () => {
    const res = await svc.app.inject({
      method: 'PUT',
      path: '/v1/automations/description',
      headers: svc.auth,
      body: { description: 'd', id: 'a', orgId: 'o', extra: null },
    });
    expect(res.statusCode).not.toBe(422);
  });

  it('ignores unknown fields', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions/s/windows/w/click',
      headers: svc.auth,
      body: { elementDescription: 'the button', somethingNew: { deep: 1 } },
    });
    expect(res.statusCode).not.toBe(422);
  });

  it('accepts only integers for long fields', async () => {
    for (const limit of ['1.5', 'ten', '1e3']) {
      const res = await svc.app.inject({ method: 'GET', path: `/v1/sessions?limit=${limit}`, headers: svc.auth });
      expect(res.statusCode, limit).toBe(422);
      expect(res.json.errors[0]).toMatchObject({ location: 'query.limit', value: limit });
    }
    const body = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions',
      headers: svc.auth,
      body: { configuration: { timeoutMinutes: 2.5 } },
    });
    expect(body.statusCode).toBe(422);
    expect(body.json.errors[0].location).toBe('body.configuration.timeoutMinutes');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions',
      headers: svc.auth,
      body: '{"configuration":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 422 naming each string or key that holds half of a UTF-16 pair; whole pairs are text', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions/s/windows/w/fill-form',
      headers: svc.auth,
      body: '{"automationId":"a","parameters":{"name":"x\\udc00","\\ud83d":"y","ok":"\\ud83d\\ude00"}}',
    });
    expect(res.statusCode).toBe(422);
    const locations = (res.json.errors as Array<{ location: string }>).map((e) => e.location).sort();
    expect(locations).toEqual(['body.parameters.name', 'body.parameters.\ud83d']);
  });

  it('answers 422 naming a __proto__ key of a free-form map, which would otherwise be dropped unseen', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions/s/windows/w/fill-form',
      headers: svc.auth,
      body: '{"automationId":"a","parameters":{"__proto__":"x","constructor":"y"}}',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json.errors).toEqual([expect.objectContaining({ location: 'body.parameters.__proto__', value: 'x' })]);
  });

  it('names every failing field with its location and value', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      path: '/v1/sessions/s/windows',
      headers: svc.auth,
      body: { screenResolution: 'big', waitUntil: 'later', url: 'not a url' },
    });
    expect(res.statusCode).toBe(422);
    const byLocation = Object.fromEntries(
      res.json.errors.map((e: { location: string; value: unknown }) => [e.location, e.value]),
    );
    expect(byLocation).toEqual({ 'body.screenResolution': 'big', 'body.url': 'not a url', 'body.waitUntil': 'later' });
  });

  it('points windows at web pages only: file:, chrome: and the like are a 422 on create and load', async () => {
    for (const url of [
      'file:///etc/passwd',
      'chrome://version',
      'view-source:https://a.example/',
      'javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      for (const path of ['/v1/sessions/s/windows', '/v1/sessions/s/windows/w']) {
        const res = await svc.app.inject({ method: 'POST', path, headers: svc.auth, body: { url } });
        expect(res.statusCode, `${path} ${url}`).toBe(422);
        expect(res.json.errors[0]).toMatchObject({
          location: 'body.url',
          message: expect.stringMatching(/http or https/),
        });
      }
    }
  });
});

describe('sessions list and get', () => {
  it('lists only the caller org sessions, newest first, with pagination', async () => {
    const org = await svc.newOrg('listing-org');
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1)
      ids.push(
        await seedSession(org.orgId, i % 2 === 0 ? 'running' : 'ended', i % 2 === 0 ? {} : { endReason: 'terminated' }),
      );
    const other = await svc.newOrg('other-org');
    await seedSession(other.orgId);

    const first = await svc.app.inject({ method: 'GET', path: '/v1/sessions', headers: org.auth });
    expect(first.statusCode).toBe(200);
    expect(first.json.data.sessions.map((s: { id: string }) => s.id)).toEqual([...ids].reverse().slice(0, 10));
    expect(first.json.data.pagination).toMatchObject({
      totalItems: 12,
      hasMore: true,
      nextOffset: 10,
      numberOfPages: 2,
      currentPage: 1,
      currentLimit: 10,
    });

    const second = await svc.app.inject({ method: 'GET', path: '/v1/sessions?offset=10&limit=10', headers: org.auth });
    expect(second.json.data.sessions).toHaveLength(2);
    expect(second.json.data.pagination).toMatchObject({ hasMore: false, currentPage: 2, finalCount: 12 });
  });

  it('filters by status, including cancelled, and by ids in both query forms', async () => {
    const org = await svc.newOrg('filter-org');
    const running = await seedSession(org.orgId, 'running');
    const cancelled = await seedSession(org.orgId, 'ended', { endReason: 'terminated' });
    const completed = await seedSession(org.orgId, 'ended', { endReason: 'idle' });
    const list = async (query: string) =>
      (
        await svc.app.inject({ method: 'GET', path: `/v1/sessions?${query}`, headers: org.auth })
      ).json.data.sessions.map((s: { id: string }) => s.id);
    expect(await list('status=running')).toEqual([running]);
    expect(await list('status=cancelled')).toEqual([cancelled]);
    expect(await list('status=completed')).toEqual([completed]);
    expect(await list('status=all')).toHaveLength(3);
    expect((await list(`sessionIds=${running},${completed}`)).sort()).toEqual([running, completed].sort());
    expect((await list(`sessionIds=${running}&sessionIds=${cancelled}`)).sort()).toEqual([running, cancelled].sort());
  });

  it('answers 404 for a session of another org, the same as for an absent one', async () => {
    const owner = await svc.newOrg('owner-org');
    const id = await seedSession(owner.orgId);
    const mine = await svc.app.inject({ method: 'GET', path: `/v1/sessions/${id}`, headers: owner.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.json.data).toMatchObject({ id, status: 'running', configuration: { timeoutMinutes: 10 } });
    const theirs = await svc.app.inject({ method: 'GET', path: `/v1/sessions/${id}`, headers: svc.auth });
    const absent = await svc.app.inject({ method: 'GET', path: `/v1/sessions/${uuidv7()}`, headers: svc.auth });
    expect(theirs.statusCode).toBe(404);
    expect(absent.statusCode).toBe(404);
    expect(theirs.json.detail.replace(id, 'ID')).toBe(
      absent.json.detail.replace(/session \S+ not found/, 'session ID not found'),
    );
  });
});
