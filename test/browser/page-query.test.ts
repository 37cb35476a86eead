/**
 * page-query, prompt-content and summarize-content on real Chromium through the API: without a model the answer is
 * the page's own best passages (partial, with a warning), never an invented one; with Claude configured (against a
 * local fake of the Messages API) it is the model's answer, charged from its tokens, JSON checked against the
 * caller's schema and asked again once. The official client's `windows.pageQuery` reads our response.
 */
import { AirtopClient } from '@airtop/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAjvSchemas } from '../../functions/adapters/json-schema/ajv.js';
import { compileSchema } from '../../functions/core/operations/output-schema.js';
import { creditsFor } from '../../functions/core/resolve/credits.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';
import { createRunningSession } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

let offline: TestService;
let online: TestService;
let fixtures: FixtureServer;
let api: FakeMessagesApi;
const windows = new Map<TestService, { sessionId: string; windowId: string }>();

const open = async (svc: TestService) => {
  const sessionId = (await createRunningSession(svc)).id;
  const res = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: `${fixtures.url}/query/plans.html` },
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
  windows.set(svc, { sessionId, windowId: res.json.data.windowId });
};

const post = (svc: TestService, route: string, body: Record<string, unknown>) => {
  const { sessionId, windowId } = windows.get(svc)!;
  return svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows/${windowId}/${route}`,
    headers: svc.auth,
    body,
  });
};

const codes = (issues: Array<{ code?: string }> | undefined) => (issues ?? []).map((issue) => issue.code);

const PRICE_SCHEMA = JSON.stringify({
  type: 'object',
  properties: { plan: { type: 'string' }, monthlyEuros: { type: 'number' } },
  required: ['plan', 'monthlyEuros'],
});

beforeAll(async () => {
  api = await startFakeMessagesApi();
  [offline, online, fixtures] = await Promise.all([
    startTestService({ warmPoolSize: 1 }),
    startTestService({
      warmPoolSize: 1,
      modelProvider: 'anthropic',
      anthropicApiKey: 'test',
      anthropicBaseUrl: api.url,
    }),
    startFixtureServer(),
  ]);
  await Promise.all([open(offline), open(online)]);
});
afterAll(async () => {
  await offline?.stop();
  await online?.stop();
  await fixtures?.close();
  await api?.close();
});
beforeEach(() => api.reset());

describe('page-query without a language model', () => {
  it('answers partial with the passage that shares the most words with the prompt, and says no model is configured', async () => {
    const res = await post(offline, 'page-query', { prompt: 'How much does the Pro plan cost per month?' });
    expect(res.statusCode).toBe(201);
    expect(res.json.meta).toMatchObject({ status: 'partial', usage: { credits: 0 } });
    const answer: string = res.json.data.modelResponse;
    expect(answer.split('\n\n').slice(0, 2).join('\n\n')).toBe(
      '## Pro\n\nThe Pro plan costs 8 euros per month, billed yearly, and adds unlimited notes, version history and priority support.',
    );
    const warning = res.json.warnings.find((w: { code: string }) => w.code === 'model_not_configured');
    expect(warning.message).toMatch(/ANTHROPIC_API_KEY/);
    expect(warning.message).toMatch(/MODEL_PROVIDER/);
  });

  it('names the options it accepts but does not apply, and stays quiet about their defaults', async () => {
    const given = await post(offline, 'page-query', {
      prompt: 'How much does the Pro plan cost per month?',
      configuration: { experimental: { includeVisualAnalysis: 'enabled' }, scrape: { optimizeUrls: 'enabled' } },
    });
    expect(
      given.json.warnings
        .filter((w: { code: string }) => w.code === 'option_not_applied')
        .map((w: { details: { option: string } }) => w.details.option),
    ).toEqual(['configuration.experimental.includeVisualAnalysis', 'configuration.scrape.optimizeUrls']);
    const defaults = await post(offline, 'page-query', {
      prompt: 'How much does the Pro plan cost per month?',
      configuration: { experimental: { includeVisualAnalysis: 'auto' }, scrape: { optimizeUrls: 'auto' } },
    });
    expect(codes(defaults.json.warnings)).not.toContain('option_not_applied');
  });

  it('fails when no passage shares a word with the prompt', async () => {
    const res = await post(offline, 'page-query', { prompt: 'xylophone zeppelin' });
    expect(res.json.meta.status).toBe('failure');
    expect(codes(res.json.errors)).toEqual(['no_matching_content']);
  });

  it('invents no JSON for an output schema: failure model_not_configured', async () => {
    const res = await post(offline, 'page-query', {
      prompt: 'the Pro plan price',
      configuration: { outputSchema: PRICE_SCHEMA },
    });
    expect(res.json.meta.status).toBe('failure');
    expect(codes(res.json.errors)).toEqual(['model_not_configured']);
  });

  it('with followPaginationLinks on a page that has no further pages, answers from the page alone', async () => {
    const res = await post(offline, 'page-query', { prompt: 'refund within 30 days', followPaginationLinks: true });
    expect(res.json.data.modelResponse).toMatch(/^## Refunds\n/);
    expect(codes(res.json.warnings)).toEqual(['model_not_configured']);
  });

  it('prompt-content answers the same and warns it is deprecated', async () => {
    const res = await post(offline, 'prompt-content', { prompt: 'refund within 30 days' });
    expect(res.json.meta.status).toBe('partial');
    expect(res.json.data.modelResponse).toMatch(/^## Refunds\n/);
    expect(res.json.warnings.find((w: { code: string }) => w.code === 'deprecated').message).toMatch(/page-query/);
  });

  it('summarize-content answers the title and the opening paragraphs, partial and deprecated', async () => {
    const res = await post(offline, 'summarize-content', {});
    expect(res.json.meta.status).toBe('partial');
    expect(res.json.data.modelResponse).toMatch(
      /^# Plans – Lantern Notes\n\n# Plans for every notebook\n\nLantern Notes keeps your writing in sync/,
    );
    expect(codes(res.json.warnings)).toEqual(expect.arrayContaining(['deprecated', 'model_not_configured']));
  });
});

describe('page-query with a language model', () => {
  it("answers with the model's text, from the page's markdown, charged from its tokens", async () => {
    api.script({ text: 'The Pro plan costs 8 euros per month.', usage: { input_tokens: 900, output_tokens: 20 } });
    const res = await post(online, 'page-query', { prompt: 'How much is Pro?' });
    expect(res.json.meta).toMatchObject({
      status: 'success',
      usage: { credits: creditsFor({ inputTokens: 900, outputTokens: 20 }) },
    });
    expect(res.json.meta.usage.credits).toBeGreaterThan(0);
    expect(res.json.data.modelResponse).toBe('The Pro plan costs 8 euros per month.');
    expect(JSON.stringify(api.requests[0].messages)).toContain('8 euros per month');
  });

  it('answers JSON in the output schema through a forced tool call', async () => {
    api.script({ toolInput: { plan: 'Pro', monthlyEuros: 8 } });
    const res = await post(online, 'page-query', {
      prompt: 'Pro plan price',
      configuration: { outputSchema: PRICE_SCHEMA },
    });
    expect(res.json.meta.status).toBe('success');
    expect(JSON.parse(res.json.data.modelResponse)).toEqual({ plan: 'Pro', monthlyEuros: 8 });
    expect((api.requests[0].tools as Array<{ input_schema: unknown }>)[0].input_schema).toEqual(
      JSON.parse(PRICE_SCHEMA),
    );
  });

  it('asks again once with the validation errors, then reports partial when the answer still does not fit', async () => {
    api.script({ toolInput: { plan: 'Pro', monthlyEuros: 'eight' } }, { toolInput: { plan: 'Pro' } });
    const res = await post(online, 'page-query', {
      prompt: 'Pro plan price',
      configuration: { outputSchema: PRICE_SCHEMA },
    });
    expect(api.calls).toBe(2);
    expect(JSON.stringify(api.requests[1].messages)).toContain('/monthlyEuros must be number');
    expect(res.json.meta.status).toBe('partial');
    expect(codes(res.json.errors)).toEqual(['output_schema_mismatch']);
    expect(res.json.meta.usage.credits).toBe(2 * creditsFor({ inputTokens: 1200, outputTokens: 40 }));
  });

  it('a retry that fits succeeds', async () => {
    api.script({ toolInput: { plan: 'Pro' } }, { toolInput: { plan: 'Pro', monthlyEuros: 8 } });
    const res = await post(online, 'page-query', {
      prompt: 'Pro plan price',
      configuration: { outputSchema: PRICE_SCHEMA },
    });
    expect(res.json.meta.status).toBe('success');
    expect(JSON.parse(res.json.data.modelResponse)).toEqual({ plan: 'Pro', monthlyEuros: 8 });
  });

  it('keeps an answer whose call crossed the cost threshold, and says it was crossed', async () => {
    api.script({ text: 'Eight euros.' });
    const res = await post(online, 'page-query', { prompt: 'How much is Pro?', costThresholdCredits: 1 });
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toBe('Eight euros.');
    expect(codes(res.json.warnings)).toContain('cost_threshold_exceeded');
    expect(res.json.meta.usage.credits).toBeGreaterThan(1);
  });

  it('makes no retry past the cost threshold: the first answer, partial, with both reasons', async () => {
    api.script({ toolInput: { plan: 'Pro', monthlyEuros: 'eight' } }, { toolInput: { plan: 'Pro', monthlyEuros: 8 } });
    const calls = api.calls;
    const res = await post(online, 'page-query', {
      prompt: 'the Pro plan price',
      costThresholdCredits: 1,
      configuration: { outputSchema: PRICE_SCHEMA },
    });
    expect(api.calls - calls).toBe(1);
    expect(res.json.meta.status).toBe('partial');
    expect(JSON.parse(res.json.data.modelResponse)).toEqual({ plan: 'Pro', monthlyEuros: 'eight' });
    expect(codes(res.json.errors)).toEqual(['output_schema_mismatch', 'cost_threshold_exceeded']);
  });

  it('summarize-content asks for a summary and warns it is deprecated', async () => {
    api.script({ text: 'Lantern Notes offers a free Starter plan and a paid Pro plan.' });
    const res = await post(online, 'summarize-content', { prompt: 'Focus on prices.' });
    expect(res.json.meta.status).toBe('success');
    expect(res.json.data.modelResponse).toBe('Lantern Notes offers a free Starter plan and a paid Pro plan.');
    expect(JSON.stringify(api.requests[0].messages)).toContain('Summarize the page. Focus on prices.');
    expect(codes(res.json.warnings)).toEqual(['deprecated']);
  });
});

describe('an unusable output schema is bad input', () => {
  const BAD_SCHEMAS = [
    ['not JSON', 'not json', /^is not valid JSON: /],
    ['not a schema object', '[1, 2]', /^must be a JSON Schema object$/],
    [
      'an unknown type',
      '{"type": "nonsense"}',
      /^is not a usable JSON Schema: schema is invalid: data\/type must be equal to one of the allowed values/,
    ],
    [
      'an unresolvable $ref',
      '{"$ref": "#/definitions/missing"}',
      /^is not a usable JSON Schema: can't resolve reference/,
    ],
  ] as const;
  const ROUTES = [
    ['page-query', { prompt: 'Pro plan price' }],
    ['paginated-extraction', { prompt: 'the plans' }],
    ['summarize-content', {}],
  ] as const;

  describe.each(ROUTES)('%s', (route, body) => {
    it.each(BAD_SCHEMAS)(
      'answers 422 naming body.configuration.outputSchema for %s, and asks no model',
      async (_name, outputSchema, message) => {
        const res = await post(online, route, { ...body, configuration: { outputSchema } });
        expect(res.statusCode, JSON.stringify(res.json)).toBe(422);
        expect(res.json.errors).toEqual([
          expect.objectContaining({
            location: 'body.configuration.outputSchema',
            message: expect.stringMatching(message),
          }),
        ]);
        expect(api.calls).toBe(0);
      },
    );
  });

  it('says what the operations would say: the same reason as invalid_output_schema', async () => {
    const outputSchema = '{"type": "nonsense"}';
    const res = await post(offline, 'page-query', { prompt: 'Pro plan price', configuration: { outputSchema } });
    const compiled = compileSchema(createAjvSchemas(), outputSchema);
    expect('issue' in compiled && compiled.issue).toEqual({
      code: 'invalid_output_schema',
      message: `outputSchema ${res.json.errors[0].message}`,
    });
  });

  it('takes "null" and blank text as no schema, as the official client sends them', async () => {
    for (const outputSchema of ['null', '  ']) {
      const res = await post(offline, 'page-query', {
        prompt: 'refund within 30 days',
        configuration: { outputSchema },
      });
      expect(res.statusCode, JSON.stringify(res.json)).toBe(201);
      expect(res.json.data.modelResponse).toMatch(/^## Refunds\n/);
    }
  });
});

describe('official client: page query', () => {
  it("reads the model's answer through windows.pageQuery", async () => {
    const client = new AirtopClient({ apiKey: online.key, baseUrl: online.url });
    const { sessionId, windowId } = windows.get(online)!;
    api.script({ text: 'Refunds are possible within 30 days.' });
    const response = await client.windows.pageQuery(sessionId, windowId, {
      prompt: 'Can I get a refund?',
      clientRequestId: 'sdk-query-1',
    });
    expect(response.data.modelResponse).toBe('Refunds are possible within 30 days.');
    expect(response.meta.status).toBe('success');
    expect(response.meta.usage.credits).toBeGreaterThan(0);
    expect(response.meta.clientProvided?.clientRequestId).toBe('sdk-query-1');
  });

  it('gets the partial offline answer through windows.pageQuery', async () => {
    const client = new AirtopClient({ apiKey: offline.key, baseUrl: offline.url });
    const { sessionId, windowId } = windows.get(offline)!;
    const response = await client.windows.pageQuery(sessionId, windowId, { prompt: 'Starter plan notes' });
    expect(response.meta.status).toBe('partial');
    expect(response.data.modelResponse).toMatch(/^## Starter\n/);
    expect(response.warnings?.map((w) => w.code)).toContain('model_not_configured');
  });
});
