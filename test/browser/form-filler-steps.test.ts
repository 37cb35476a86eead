/**
 * General automations through the core entry points the async worker uses: a recorded sequence of steps placed
 * by description on its first run, its locators kept (the next run resolves nothing), parameters checked first,
 * and a form filler run through execute-automation.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { automationOperations } from '../../functions/core/automations/operations.js';
import { getAutomation } from '../../functions/core/automations/store.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let api: FakeMessagesApi;
let target: { orgId: string; sessionId: string; windowId: string };
let page: Page;

beforeAll(async () => {
  api = await startFakeMessagesApi();
  [svc, fixtures] = await Promise.all([
    startTestService({
      warmPoolSize: 1,
      modelProvider: 'anthropic',
      anthropicApiKey: 'test-key',
      anthropicBaseUrl: api.url,
    }),
    startFixtureServer(),
  ]);
  const sessionId = (await createRunningSession(svc)).id;
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: 'about:blank' },
  });
  target = { orgId: (await svc.deps.authenticate(svc.key))!.orgId, sessionId, windowId: window.json.data.windowId };
  const browser = (await svc.deps.fleet.open(sessionId)) as unknown as { page(id: string): Promise<Page> };
  page = await browser.page(target.windowId);
}, 60_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
  await api?.close();
});
beforeEach(async () => {
  api.reset();
  await page.goto(`${fixtures.url}/forms/contact.html`);
});

const STEPS = [
  { action: 'type', elementDescription: 'Full name field', parameter: 'name' },
  { action: 'type', elementDescription: 'Email field', value: 'team@example.test' },
  { action: 'select', elementDescription: 'Topic dropdown', value: 'press' },
  { action: 'check', elementDescription: 'Subscribe to the newsletter checkbox' },
  { action: 'click', elementDescription: 'Send button' },
];

describe('recorded steps', () => {
  it('runs the steps, learns their locators on the first run, and needs no resolution afterwards', async () => {
    const created = await automationOperations.createAutomation(svc.deps, target, { configuration: { steps: STEPS } });
    expect(created.status).toBe('success');
    const { automationId, schema } = JSON.parse(created.modelResponse) as {
      automationId: string;
      schema: Record<string, unknown>;
    };
    expect(schema).toMatchObject({ properties: { name: { type: 'string' } }, required: ['name'] });

    const first = await automationOperations.executeAutomation(svc.deps, target, {
      automationId,
      parameters: { name: 'Ada' },
    });
    expect(first).toMatchObject({ status: 'success', credits: 0, errors: [] });
    expect(await page.evaluate(() => document.getElementById('result')!.textContent)).toBe('Sent: Ada');
    expect(await page.evaluate(() => (document.getElementById('topic') as HTMLSelectElement).value)).toBe('press');
    const stored = await getAutomation(svc.deps.records, target.orgId, automationId);
    expect(stored.template).toMatchObject({
      kind: 'steps',
      steps: [
        { locators: { id: 'full-name' } },
        { locators: { id: 'email' } },
        { locators: { id: 'topic' } },
        { locators: { id: 'newsletter' } },
        {},
      ],
    });

    await page.goto(`${fixtures.url}/forms/contact.html`);
    const again = await automationOperations.fillForm(svc.deps, target, {
      automationId,
      parameters: { name: 'Grace' },
    });
    expect(again).toMatchObject({ status: 'success', warnings: [] });
    expect(await page.evaluate(() => document.getElementById('result')!.textContent)).toBe('Sent: Grace');
    expect(api.calls).toBe(0);
  });

  it('rejects missing parameters before touching the page', async () => {
    const created = await automationOperations.createAutomation(svc.deps, target, { configuration: { steps: STEPS } });
    const { automationId } = JSON.parse(created.modelResponse) as { automationId: string };
    await expect(
      automationOperations.executeAutomation(svc.deps, target, { automationId, parameters: {} }),
    ).rejects.toMatchObject({ code: 'validation_failed', message: expect.stringContaining("'name'") });
    expect(await page.evaluate(() => (document.getElementById('full-name') as HTMLInputElement).value)).toBe('');
  });

  it("stops a parameter's pattern that backtracks without end, refusing the value, and types nothing", async () => {
    const created = await automationOperations.createAutomation(svc.deps, target, {
      configuration: {
        steps: STEPS,
        parameters: {
          type: 'object',
          properties: { name: { type: 'string', pattern: '^(a+)+$' } },
          required: ['name'],
        },
      },
    });
    const { automationId } = JSON.parse(created.modelResponse) as { automationId: string };
    // Unstopped, checking this one value would hold the service's thread for hours.
    await expect(
      automationOperations.executeAutomation(svc.deps, target, {
        automationId,
        parameters: { name: `${'a'.repeat(40)}!` },
      }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('could not be checked within'),
    });
    expect(await page.evaluate(() => (document.getElementById('full-name') as HTMLInputElement).value)).toBe('');
  });

  it('rejects a type step without value or parameter, naming it', async () => {
    await expect(
      automationOperations.createAutomation(svc.deps, target, {
        configuration: { steps: [{ action: 'type', elementDescription: 'Email field' }] },
      }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ location: 'body.configuration.steps[0]' })],
    });
  });

  it('types nothing for a parameter named constructor or toString that was not given', async () => {
    const created = await automationOperations.createAutomation(svc.deps, target, {
      configuration: {
        steps: [
          { action: 'type', elementDescription: 'Full name field', parameter: 'constructor' },
          { action: 'type', elementDescription: 'Email field', parameter: 'toString' },
        ],
        parameters: { type: 'object' },
      },
    });
    const { automationId } = JSON.parse(created.modelResponse) as { automationId: string };
    const run = await automationOperations.executeAutomation(svc.deps, target, { automationId, parameters: {} });
    expect(run.status).toBe('success');
    const value = (id: string) => page.evaluate((id) => (document.getElementById(id) as HTMLInputElement).value, id);
    expect([await value('full-name'), await value('email')]).toEqual(['', '']);
  });

  it('refuses a step parameter named __proto__, which no parameters object can carry', async () => {
    await expect(
      automationOperations.createAutomation(svc.deps, target, {
        configuration: { steps: [{ action: 'type', elementDescription: 'Email field', parameter: '__proto__' }] },
      }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ location: 'body.configuration.steps[0].parameter' })],
    });
  });
});

describe('recorded steps named by the exact label of a control', () => {
  const run = async (steps: Array<Record<string, unknown>>) => {
    const created = await automationOperations.createAutomation(svc.deps, target, { configuration: { steps } });
    const { automationId } = JSON.parse(created.modelResponse) as { automationId: string };
    return automationOperations.executeAutomation(svc.deps, target, { automationId, parameters: {} });
  };
  const checked = () => page.evaluate(() => (document.getElementById('newsletter') as HTMLInputElement).checked);

  it('selects an option of the dropdown labelled "Topic"', async () => {
    const result = await run([{ action: 'select', elementDescription: 'Topic', value: 'support' }]);
    expect(result).toMatchObject({ status: 'success', credits: 0, errors: [] });
    expect(await page.evaluate(() => (document.getElementById('topic') as HTMLSelectElement).value)).toBe('support');
    expect(api.calls).toBe(0);
  });

  it('checks, then unchecks, the checkbox labelled "Subscribe to the newsletter"', async () => {
    const check = await run([{ action: 'check', elementDescription: 'Subscribe to the newsletter' }]);
    expect(check).toMatchObject({ status: 'success', credits: 0, errors: [] });
    expect(await checked()).toBe(true);
    const uncheck = await run([{ action: 'uncheck', elementDescription: 'Subscribe to the newsletter' }]);
    expect(uncheck).toMatchObject({ status: 'success', credits: 0, errors: [] });
    expect(await checked()).toBe(false);
    expect(api.calls).toBe(0);
  });
});

describe('execute-automation on a form filler', () => {
  it('fills the learnt form like fill-form does', async () => {
    const created = await automationOperations.createFormFiller(svc.deps, target, {});
    const { automationId } = JSON.parse(created.modelResponse) as { automationId: string };
    const run = await automationOperations.executeAutomation(svc.deps, target, {
      automationId,
      parameters: { fullName: 'Ada', email: 'ada@example.test', topic: 'sales' },
    });
    expect(run).toMatchObject({ status: 'success', credits: 0 });
    expect(await page.evaluate(() => (document.getElementById('topic') as HTMLSelectElement).value)).toBe('sales');
  });
});
