/**
 * Form fillers on real Chromium: learn the fixture forms, replay them with no model call (Claude configured
 * against a local fake of the Messages API, which counts calls), heal after a fixture renames a field, refuse
 * bad parameters before typing, never put a value into a field of another kind, and fill a two-step form.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_VALUES } from '../fixtures/pages/forms/contact-values.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let svc: TestService;
let fixtures: FixtureServer;
let api: FakeMessagesApi;
let sessionId: string;
let windowId: string;
let page: Page;

const windowPath = (op: string) => `/v1/sessions/${sessionId}/windows/${windowId}/${op}`;
const learn = (configuration?: Record<string, unknown>) =>
  svc.app.inject({
    method: 'POST',
    path: windowPath('create-form-filler'),
    headers: svc.auth,
    body: configuration ? { configuration } : {},
  });
const fill = (automationId: string, parameters: Record<string, unknown>) =>
  svc.app.inject({
    method: 'POST',
    path: windowPath('fill-form'),
    headers: svc.auth,
    body: { automationId, parameters },
  });
const open = (name: string) => page.goto(`${fixtures.url}/forms/${name}.html`);
const learnt = async (name: string, configuration?: Record<string, unknown>) => {
  await open(name);
  const res = await learn(configuration);
  expect(res.statusCode).toBe(201);
  expect(res.json.meta.status).toBe('success');
  return JSON.parse(res.json.data.modelResponse) as {
    automationId: string;
    schema: { properties: Record<string, Record<string, unknown>>; required: string[] };
  };
};
const storedTemplate = async (automationId: string) => {
  const res = await svc.app.inject({ method: 'GET', path: `/v1/automations/${automationId}`, headers: svc.auth });
  return JSON.parse(res.json.template as string) as {
    fields: Array<{ parameter: string; locators: Record<string, string> }>;
  };
};

const CONTACT = { ...CONTACT_VALUES, message: 'Hello\nthere' };

/** What the page holds, read straight from the DOM. */
const contactValues = () =>
  page.evaluate(() => {
    const form = document.getElementById('contact') as HTMLFormElement;
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
    const company = document.querySelector('company-field')!.shadowRoot!.querySelector('input')!;
    const email = form.querySelector('input[type=email]') as HTMLInputElement;
    return {
      fullName: field('fullName').value,
      email: email.value,
      phone: field('phone').value,
      guests: field('guests').value,
      visit: field('visit').value,
      topic: field('topic').value,
      preferred: (form.querySelector('input[name=preferred]:checked') as HTMLInputElement | null)?.value ?? '',
      newsletter: (document.getElementById('newsletter') as HTMLInputElement).checked,
      message: field('message').value,
      company: company.value,
    };
  });

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
}, 60_000);
afterAll(async () => {
  await svc?.stop();
  await fixtures?.close();
  await api?.close();
});
beforeEach(() => api.reset());

describe('create-form-filler', () => {
  it('learns the ten fields: names from labels, kinds, choices and required from the form, shadow DOM included', async () => {
    const { automationId, schema } = await learnt('contact');
    expect(api.calls).toBe(0);
    expect(Object.keys(schema.properties)).toEqual(Object.keys(CONTACT));
    expect(schema.required.sort()).toEqual(['email', 'fullName', 'topic']);
    expect(schema.properties.topic).toMatchObject({ type: 'string', enum: ['sales', 'support', 'press'] });
    expect(schema.properties.preferredContact).toMatchObject({ type: 'string', enum: ['email', 'phone'] });
    expect(schema.properties.subscribeToTheNewsletter).toMatchObject({ type: 'boolean' });
    expect(schema.properties.numberOfGuests).toMatchObject({ type: 'number', minimum: 1, maximum: 20 });
    expect(schema.properties.visitDate).toMatchObject({ type: 'string', pattern: expect.any(String) });
    const template = await storedTemplate(automationId);
    expect(template.fields.find((f) => f.parameter === 'email')?.locators).toMatchObject({
      id: 'email',
      name: 'email',
      label: 'Email',
      css: expect.any(String),
    });
  });
});

describe('create-form-filler on a page without a form', () => {
  it('fails with a clear issue and stores nothing', async () => {
    await page.goto('about:blank');
    const before = await svc.app.inject({ method: 'GET', path: '/v1/automations', headers: svc.auth });
    const res = await learn();
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors).toEqual([expect.objectContaining({ code: 'no_form_found' })]);
    const after = await svc.app.inject({ method: 'GET', path: '/v1/automations', headers: svc.auth });
    expect(after.json.automations.length).toBe(before.json.automations.length);
  });

  it('fails with a clear issue on a form too large to store as an automation, and stores nothing', async () => {
    await open('contact');
    await page.evaluate(() => {
      const label = 'with a label long enough to make the learnt automation large '.repeat(3);
      document.body.innerHTML = `<form>${Array.from(
        { length: 1500 },
        (_, i) => `<label for="f${i}">Field ${i} ${label}</label><input id="f${i}" name="f${i}">`,
      ).join('')}</form>`;
    });
    const before = await svc.app.inject({ method: 'GET', path: '/v1/automations', headers: svc.auth });
    const res = await learn();
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors).toEqual([
      expect.objectContaining({ code: 'automation_too_large', message: expect.stringContaining('1500 fields') }),
    ]);
    const after = await svc.app.inject({ method: 'GET', path: '/v1/automations', headers: svc.auth });
    expect(after.json.automations.length).toBe(before.json.automations.length);
  });
});

describe('fill-form', () => {
  it('replays the learnt form with real input, no model call and 0 credits', async () => {
    const { automationId } = await learnt('contact');
    await open('contact');
    api.reset();
    const res = await fill(automationId, CONTACT);
    expect(res.statusCode).toBe(201);
    expect(res.json.meta).toMatchObject({ status: 'success', usage: { credits: 0 } });
    expect(res.json.warnings ?? []).toEqual([]);
    expect(api.calls).toBe(0);
    expect(await contactValues()).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.test',
      phone: '+44 20 7946 0000',
      guests: '3',
      visit: '2026-12-01',
      topic: 'support',
      preferred: 'phone',
      newsletter: true,
      message: 'Hello\nthere',
      company: 'Analytical Engines',
    });
    // Typed as keys, not assigned: the page saw key events in the text fields.
    expect(await page.evaluate(() => (window as unknown as { log: string[] }).log)).toContain('keydown:full-name');
  });

  it.each([
    ['a blank page', 'about:blank', CONTACT],
    ['a page with another form', 'two-step', CONTACT],
  ])('fails with form_not_found on %s, typing nothing', async (_what, where, parameters) => {
    const { automationId } = await learnt('contact');
    if (where === 'about:blank') await page.goto(where);
    else await open(where);
    const res = await fill(automationId, parameters);
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors).toEqual([
      expect.objectContaining({ code: 'form_not_found', message: expect.stringContaining('is not on the page') }),
    ]);
    expect(res.json.data.modelResponse).toContain('is not on the page');
    if (where !== 'about:blank') {
      const typed = await page.evaluate(() =>
        [...document.querySelectorAll('input')].map((input) =>
          input.type === 'checkbox' ? String(input.checked) : input.value,
        ),
      );
      expect(typed.every((value) => value === '' || value === 'false')).toBe(true);
    }
  });

  it('refuses a bad parameter with a 422 naming it, before anything is typed', async () => {
    const { automationId } = await learnt('contact');
    await open('contact');
    const bad = await fill(automationId, { ...CONTACT, topic: 'gossip', numberOfGuests: 'many' });
    expect(bad.statusCode).toBe(422);
    const locations = (bad.json.errors as Array<{ location: string }>).map((e) => e.location);
    expect(locations).toEqual(expect.arrayContaining(['body.parameters.topic', 'body.parameters.numberOfGuests']));
    // A choice's refusal lists what may be chosen, and says what was sent.
    expect(bad.json.errors).toContainEqual(
      expect.objectContaining({
        location: 'body.parameters.topic',
        message: expect.stringMatching(/^must be one of "/),
        value: 'gossip',
      }),
    );
    const unknown = await fill(automationId, { ...CONTACT, shoeSize: 44 });
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json.errors)).toContain('body.parameters.shoeSize');
    const missing = await fill(automationId, { email: 'a@b.test' });
    expect(missing.statusCode).toBe(422);
    expect(JSON.stringify(missing.json.errors)).toContain('fullName');
    expect(await page.evaluate(() => (window as unknown as { log: string[] }).log)).toEqual([]);
    expect((await contactValues()).fullName).toBe('');
  });

  it('fills only the parameters given, when fields are named like members of every object (constructor, toString)', async () => {
    const { automationId, schema } = await learnt('object-words');
    expect(Object.keys(schema.properties)).toEqual(['constructor', 'toString', 'email']);
    await open('object-words');
    const res = await fill(automationId, { email: 'ada@example.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta.status).toBe('success');
    const values = () =>
      page.evaluate(() => [...document.querySelectorAll('input')].map((input) => `${input.name}=${input.value}`));
    expect(await values()).toEqual(['constructor=', 'toString=', 'email=ada@example.test']);
    const given = await fill(automationId, { constructor: 'Babbage', toString: 'Analytical' });
    expect(given.json.meta.status).toBe('success');
    expect(await values()).toEqual(['constructor=Babbage', 'toString=Analytical', 'email=ada@example.test']);
  });

  it('answers 404 for an automation of another org, and for an unknown id', async () => {
    const { automationId } = await learnt('contact');
    const other = await svc.newOrg('form-other-org');
    const res = await svc.app.inject({
      method: 'POST',
      path: windowPath('fill-form'),
      headers: other.auth,
      body: { automationId, parameters: CONTACT },
    });
    expect(res.statusCode).toBe(404);
    const unknown = await fill('no-such-automation', CONTACT);
    expect(unknown.statusCode).toBe(404);
  });

  it('heals after the email field is renamed: warns, updates the template, and the next replay needs no healing', async () => {
    const { automationId } = await learnt('contact');
    await open('contact-renamed');
    const healed = await fill(automationId, CONTACT);
    expect(healed.json.meta.status).toBe('success');
    expect(healed.json.warnings).toEqual([
      expect.objectContaining({
        code: 'automation_healed',
        message: expect.stringContaining('id "email" → "contact-email"'),
      }),
    ]);
    expect((await contactValues()).email).toBe('ada@example.test');
    expect((await storedTemplate(automationId)).fields.find((f) => f.parameter === 'email')?.locators.id).toBe(
      'contact-email',
    );
    await open('contact-renamed');
    const again = await fill(automationId, CONTACT);
    expect(again.json.meta.status).toBe('success');
    expect(again.json.warnings ?? []).toEqual([]);
    expect(api.calls).toBe(0);
  });

  it('heals through element resolution when no locator fits any more, and keeps the new locators', async () => {
    const { automationId } = await learnt('contact');
    await open('contact-redesigned');
    const healed = await fill(automationId, CONTACT);
    expect(healed.json.errors ?? []).toEqual([]);
    expect(healed.json.meta.status).toBe('success');
    expect(healed.json.warnings).toEqual([
      expect.objectContaining({
        code: 'automation_healed',
        details: expect.objectContaining({ foundBy: 'description' }),
      }),
    ]);
    expect((await contactValues()).email).toBe('ada@example.test');
    expect((await storedTemplate(automationId)).fields.find((f) => f.parameter === 'email')?.locators).toMatchObject({
      id: 'reply-to',
      name: 'replyTo',
    });
    await open('contact-redesigned');
    const again = await fill(automationId, CONTACT);
    expect(again.json.warnings ?? []).toEqual([]);
    expect(api.calls).toBe(0);
  });

  it('never puts a value into a field of another kind: the checkbox that became a text field fails alone', async () => {
    const { automationId } = await learnt('contact');
    await open('contact-swapped');
    const res = await fill(automationId, CONTACT);
    expect(res.json.meta.status).toBe('partial');
    expect(res.json.errors).toEqual([
      expect.objectContaining({
        code: 'field_kind_mismatch',
        details: expect.objectContaining({ parameter: 'subscribeToTheNewsletter' }),
      }),
    ]);
    expect(await page.evaluate(() => (document.getElementById('newsletter') as HTMLInputElement).value)).toBe('');
    expect((await contactValues()).fullName).toBe('Ada Lovelace');
  });

  it('fills a two-step form: step one, Next, step two, then submits when learnt with submit: true', async () => {
    const { automationId, schema } = await learnt('two-step', { submit: true });
    expect(Object.keys(schema.properties)).toEqual(['firstName', 'lastName', 'plan', 'iAcceptTheTerms']);
    await open('two-step');
    const res = await fill(automationId, {
      firstName: 'Grace',
      lastName: 'Hopper',
      plan: 'pro',
      iAcceptTheTerms: true,
    });
    expect(res.json.meta).toMatchObject({ status: 'success', usage: { credits: 0 } });
    expect(await page.evaluate(() => document.getElementById('result')!.textContent)).toBe(
      'Created Grace Hopper on pro, terms accepted',
    );
    expect(api.calls).toBe(0);
  });
});

describe('forms in frames', () => {
  it('learns and fills a form inside a same-origin iframe below the fold', async () => {
    const { automationId, schema } = await learnt('framed');
    expect(Object.keys(schema.properties)).toEqual(['nickname', 'frequency']);
    await open('framed');
    const res = await fill(automationId, { nickname: 'ada', frequency: 'weekly' });
    expect(res.json.meta.status).toBe('success');
    const frame = page.frames().find((f) => f.url().endsWith('framed-inner.html'))!;
    expect(
      await frame.evaluate(() => [
        (document.getElementById('nick') as HTMLInputElement).value,
        (document.getElementById('freq') as HTMLSelectElement).value,
      ]),
    ).toEqual(['ada', 'weekly']);
  });
});

describe('configuration', () => {
  it('rejects a bad configuration with a 422 naming the entry', async () => {
    await open('contact');
    const res = await learn({ steps: [{ action: 'poke', elementDescription: 'x' }] });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json.errors)).toContain('body.configuration');
  });
});
