/** The Automations API in-process: list, get, describe, delete; every call scoped to the caller's org. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveNewAutomation } from '../../functions/core/automations/store.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let orgId: string;
let other: { orgId: string; auth: { authorization: string } };

const seed = (org: string, description = 'Fill the contact form') =>
  saveNewAutomation(svc.deps, org, {
    domainName: 'forms.example.test',
    description,
    schema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
    template: {
      kind: 'form',
      url: 'http://forms.example.test/contact',
      fields: [
        {
          parameter: 'email',
          kind: 'email',
          label: 'Email',
          description: 'Email field',
          locators: { id: 'email' },
          step: 0,
        },
      ],
      submitAfterFill: false,
    },
  });

beforeAll(async () => {
  svc = await startTestService();
  orgId = (await svc.deps.authenticate(svc.key))!.orgId;
  other = await svc.newOrg('automations-other-org');
});
afterAll(() => svc.stop());

describe('GET /v1/automations', () => {
  it("lists the caller's automations only, with schema and template as JSON text", async () => {
    const mine = await seed(orgId);
    const theirs = await seed(other.orgId, 'theirs');
    const res = await svc.app.inject({ method: 'GET', path: '/v1/automations', headers: svc.auth });
    expect(res.statusCode).toBe(200);
    const ids = (res.json.automations as Array<{ id: string }>).map((a) => a.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const listed = (res.json.automations as Array<Record<string, string>>).find((a) => a.id === mine.id)!;
    expect(listed).toMatchObject({ domainName: 'forms.example.test', description: 'Fill the contact form' });
    expect(JSON.parse(listed.schema)).toMatchObject({ required: ['email'] });
    expect(JSON.parse(listed.template)).toMatchObject({ kind: 'form', fields: [{ parameter: 'email' }] });
  });

  it('answers 401 in the problem shape without a key', async () => {
    const res = await svc.app.inject({ method: 'GET', path: '/v1/automations' });
    expect(res.statusCode).toBe(401);
    expect(res.json).toMatchObject({ status: 401, title: 'Unauthorized' });
  });
});

describe('GET /v1/automations/{automationId}', () => {
  it('answers the automation of the caller', async () => {
    const mine = await seed(orgId);
    const res = await svc.app.inject({ method: 'GET', path: `/v1/automations/${mine.id}`, headers: svc.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ id: mine.id, domainName: 'forms.example.test' });
  });

  it('answers 404 in the problem shape for an automation of another org, and for an unknown id', async () => {
    const theirs = await seed(other.orgId);
    for (const id of [theirs.id, 'no-such-automation']) {
      const res = await svc.app.inject({ method: 'GET', path: `/v1/automations/${id}`, headers: svc.auth });
      expect(res.statusCode, id).toBe(404);
      expect(res.json).toMatchObject({ status: 404, title: 'Not Found', detail: `automation ${id} not found` });
    }
  });
});

describe('PUT /v1/automations/description', () => {
  it('updates the description and answers the summary', async () => {
    const mine = await seed(orgId);
    const res = await svc.app.inject({
      method: 'PUT',
      path: '/v1/automations/description',
      headers: svc.auth,
      body: { id: mine.id, orgId, description: 'Contact form, v2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ id: mine.id, description: 'Contact form, v2' });
    const read = await svc.app.inject({ method: 'GET', path: `/v1/automations/${mine.id}`, headers: svc.auth });
    expect(read.json.description).toBe('Contact form, v2');
  });

  it('answers 403 when orgId is not the org of the key, and changes nothing', async () => {
    const mine = await seed(orgId);
    const res = await svc.app.inject({
      method: 'PUT',
      path: '/v1/automations/description',
      headers: svc.auth,
      body: { id: mine.id, orgId: other.orgId, description: 'hijacked' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json).toMatchObject({ status: 403, title: 'Forbidden' });
    expect(res.json.errors).toEqual([expect.objectContaining({ location: 'body.orgId', value: other.orgId })]);
    const read = await svc.app.inject({ method: 'GET', path: `/v1/automations/${mine.id}`, headers: svc.auth });
    expect(read.json.description).toBe('Fill the contact form');
  });

  it("answers 404 for another org's automation, even with that org's id in the body of a call with my key", async () => {
    const theirs = await seed(other.orgId);
    const res = await svc.app.inject({
      method: 'PUT',
      path: '/v1/automations/description',
      headers: svc.auth,
      body: { id: theirs.id, orgId, description: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 422 naming the missing field', async () => {
    const res = await svc.app.inject({
      method: 'PUT',
      path: '/v1/automations/description',
      headers: svc.auth,
      body: { id: 'x', description: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json.errors).toEqual([expect.objectContaining({ location: 'body.orgId' })]);
  });

  it('answers 401 without a key', async () => {
    const res = await svc.app.inject({
      method: 'PUT',
      path: '/v1/automations/description',
      body: { id: 'x', orgId, description: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /v1/automations/{automationId}', () => {
  it('deletes the automation: it is gone from get and list', async () => {
    const mine = await seed(orgId);
    const res = await svc.app.inject({ method: 'DELETE', path: `/v1/automations/${mine.id}`, headers: svc.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({});
    expect(
      (await svc.app.inject({ method: 'GET', path: `/v1/automations/${mine.id}`, headers: svc.auth })).statusCode,
    ).toBe(404);
    const list = await svc.app.inject({ method: 'GET', path: '/v1/automations', headers: svc.auth });
    expect((list.json.automations as Array<{ id: string }>).map((a) => a.id)).not.toContain(mine.id);
  });

  it("answers 404 for another org's automation and leaves it in place", async () => {
    const theirs = await seed(other.orgId);
    const res = await svc.app.inject({ method: 'DELETE', path: `/v1/automations/${theirs.id}`, headers: svc.auth });
    expect(res.statusCode).toBe(404);
    const read = await svc.app.inject({ method: 'GET', path: `/v1/automations/${theirs.id}`, headers: other.auth });
    expect(read.statusCode).toBe(200);
  });
});
