/**
 * The official client, unchanged, with form fillers: createFormFiller and fillForm (sync) on real Chromium, then
 * automations.list / get / update (the description) / delete, and the typed 404 for an automation of another org.
 */
import { AirtopClient } from '@airtop/sdk';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let client: AirtopClient;
beforeAll(async () => {
  [svc, fixtures] = await Promise.all([startTestService({ warmPoolSize: 1 }), startFixtureServer()]);
  client = new AirtopClient({ apiKey: svc.key, baseUrl: svc.url });
}, 60_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
});

describe('official client: form fillers and automations', () => {
  it('learns a form, fills it, and manages the automation', async () => {
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const sessionId = session.data.id;
    const window = await client.windows.create(sessionId, { url: `${fixtures.url}/forms/two-step.html` });
    const windowId = window.data.windowId;

    const learnt = await client.windows.createFormFiller(sessionId, windowId, { configuration: { submit: true } });
    expect(learnt.meta.status).toBe('success');
    const { automationId, schema } = JSON.parse(learnt.data.modelResponse) as {
      automationId: string;
      schema: { properties: Record<string, unknown> };
    };
    expect(Object.keys(schema.properties)).toEqual(['firstName', 'lastName', 'plan', 'iAcceptTheTerms']);

    const filled = await client.windows.fillForm(sessionId, windowId, {
      automationId,
      parameters: { firstName: 'Grace', lastName: 'Hopper', plan: 'basic', iAcceptTheTerms: true },
    });
    expect(filled.meta).toMatchObject({ status: 'success', usage: { credits: 0 } });
    const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
    const page = await browser.page(windowId);
    expect(await page.evaluate(() => document.getElementById('result')!.textContent)).toBe(
      'Created Grace Hopper on basic, terms accepted',
    );

    const list = await client.automations.list();
    expect(list.automations?.map((a) => a.id)).toContain(automationId);
    const got = await client.automations.get(automationId);
    expect(got).toMatchObject({ id: automationId, domainName: new URL(fixtures.url).host });
    expect(JSON.parse(got.schema!)).toMatchObject({ type: 'object' });

    const orgId = (await svc.deps.authenticate(svc.key))!.orgId;
    const updated = await client.automations.update({ id: automationId, orgId, description: 'Account sign-up' });
    expect(updated.description).toBe('Account sign-up');

    await client.automations.delete(automationId);
    await expect(client.automations.get(automationId)).rejects.toMatchObject({ statusCode: 404 });
    await client.sessions.terminate(sessionId);
  });

  it('gets a typed 404 for an automation of another org', async () => {
    const other = await svc.newOrg('sdk-automations-other');
    const theirs = new AirtopClient({ apiKey: other.key, baseUrl: svc.url });
    const session = await client.sessions.create({}, { timeoutInSeconds: 30 });
    const window = await client.windows.create(session.data.id, { url: `${fixtures.url}/forms/contact.html` });
    const learnt = await client.windows.createFormFiller(session.data.id, window.data.windowId);
    const { automationId } = JSON.parse(learnt.data.modelResponse) as { automationId: string };
    const error = await theirs.automations.get(automationId).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404 });
    expect((error as Error).constructor.name).toBe('NotFoundError');
    await expect(theirs.automations.delete(automationId)).rejects.toMatchObject({ statusCode: 404 });
    await client.sessions.terminate(session.data.id);
  });
});
