/** The Claude adapter through the real SDK, against a local fake of the Messages API (never the internet). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClaudeModel } from '../../functions/adapters/model/claude.js';
import { ModelError } from '../../functions/ports/model.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';

let api: FakeMessagesApi;
beforeAll(async () => {
  api = await startFakeMessagesApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const model = (maxRetries = 2) =>
  createClaudeModel({ apiKey: 'test-key', model: 'claude-test', baseURL: api.url, maxRetries });
const request = {
  snapshotText: 'page "Shop" http://shop.test/\ne0 button "Add to cart" @10,10\ne1 link "Help" @10,60',
  description: 'the add to cart button',
  intent: 'click',
};

describe('the Claude model', () => {
  it('asks for the element with a forced tool call and returns the chosen id, reason and token usage', async () => {
    api.script({
      toolInput: { elementId: 'e0', reason: 'the only cart button' },
      usage: { input_tokens: 900, output_tokens: 25 },
    });
    const choice = await model().chooseElement(request);
    expect(choice).toEqual({
      choice: 'e0',
      reason: 'the only cart button',
      usage: { inputTokens: 900, outputTokens: 25 },
    });
    expect(api.calls).toBe(1);
    const sent = api.requests[0]!;
    expect(sent.model).toBe('claude-test');
    expect(sent.tool_choice).toEqual({ type: 'tool', name: 'choose_element' });
    expect(JSON.stringify(sent.messages)).toContain('the add to cart button');
  });

  it('answers "none" when the model says no element fits', async () => {
    api.script({ toolInput: { elementId: 'none', reason: 'no cart here' } });
    expect((await model().chooseElement(request)).choice).toBe('none');
  });

  it('reports a tool call without an elementId as a malformed answer, with the tokens it spent', async () => {
    api.script({ toolInput: { element: 'e0' }, usage: { input_tokens: 800, output_tokens: 10 } });
    const error = await model()
      .chooseElement(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'malformed_answer', usage: { inputTokens: 800, outputTokens: 10 } });
  });

  it('reports a text answer with no tool call as a malformed answer', async () => {
    api.script({ text: 'I think it is the first button.' });
    await expect(model().chooseElement(request)).rejects.toMatchObject({
      name: 'ModelError',
      kind: 'malformed_answer',
    });
  });

  it('retries a 429 and succeeds when the next answer is good', async () => {
    api.script({ status: 429 }, { toolInput: { elementId: 'e1', reason: 'help link' } });
    expect((await model().chooseElement(request)).choice).toBe('e1');
    expect(api.calls).toBe(2);
  });

  it('reports a 500 that persists as unavailable after the bounded retries', async () => {
    api.always({ status: 500, message: 'boom' });
    const error = await model(2)
      .chooseElement(request)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect((error as Error).message).toContain('HTTP 500');
    expect(api.calls).toBe(3);
  });

  it('reports a 429 that persists as rate limited, and a refused request without retrying it', async () => {
    api.always({ status: 429 });
    await expect(model(1).chooseElement(request)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(api.calls).toBe(2);
    api.reset();
    api.always({ status: 401 });
    await expect(model(2).chooseElement(request)).rejects.toMatchObject({ kind: 'rejected' });
    expect(api.calls).toBe(1);
  });

  it('stops waiting when the signal aborts, and surfaces the abort reason', async () => {
    api.script({ toolInput: { elementId: 'e0', reason: 'late' }, delayMs: 5_000 });
    const controller = new AbortController();
    const reason = new Error('deadline passed');
    const pending = model().chooseElement({ ...request, signal: controller.signal });
    // Aborted once the fake has the request: aborted earlier, on a loaded machine the request could still reach the
    // fake after this test, and take the reply a later test scripted for its own.
    while (api.calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('makes no call when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(model().chooseElement({ ...request, signal: controller.signal })).rejects.toThrow('cancelled');
    expect(api.calls).toBe(0);
  });
});

describe('the Claude model answering about a page', () => {
  const ask = { system: 'Answer from the page.', question: 'How much is Pro?', context: '## Pro\n\n8 euros a month.' };

  it('answers a plain messages call with its text and usage, no tool forced', async () => {
    api.script({ text: 'Eight euros a month.', usage: { input_tokens: 300, output_tokens: 9 } });
    expect(await model().answer(ask)).toEqual({
      text: 'Eight euros a month.',
      usage: { inputTokens: 300, outputTokens: 9 },
    });
    expect(api.requests[0].tools).toBeUndefined();
    expect(JSON.stringify(api.requests[0].messages)).toContain('8 euros a month.');
  });

  it('forces a tool whose input schema is the given schema, and returns its input as JSON', async () => {
    const jsonSchema = { type: 'object', properties: { euros: { type: 'number' } } };
    api.script({ toolInput: { euros: 8 } });
    expect((await model().answer({ ...ask, jsonSchema })).text).toBe('{"euros":8}');
    expect(api.requests[0].tools).toEqual([expect.objectContaining({ name: 'answer', input_schema: jsonSchema })]);
  });

  it('wraps a schema that is not an object (the API takes only object tool inputs) and unwraps the answer', async () => {
    api.script({ toolInput: { value: ['Starter', 'Pro'] } });
    expect((await model().answer({ ...ask, jsonSchema: { type: 'array', items: { type: 'string' } } })).text).toBe(
      '["Starter","Pro"]',
    );
  });

  it('reports an empty text answer as malformed, with its usage', async () => {
    api.script({ text: '' });
    await expect(model().answer(ask)).rejects.toMatchObject({
      name: 'ModelError',
      kind: 'malformed_answer',
      usage: { inputTokens: 1200, outputTokens: 40 },
    });
  });
});
