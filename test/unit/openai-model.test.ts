/**
 * What only OpenAI-compatible servers do differently, through the real `openai` SDK against the local fake: the
 * response-format ladder, tool arguments as objects, JSON written as text, the output-limit field, and the errors
 * and start-up warnings that name the server (the port's common contract is test/contract/model.contract.test.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiModel } from '../../functions/adapters/model/openai.js';
import { probeOpenAiServer } from '../../functions/adapters/model/openai-probe.js';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.js';
import { listenOnLoopback } from '../support/fake-http.js';

let api: FakeChatCompletions;
beforeAll(async () => {
  api = await startFakeChatCompletions();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const model = () => createOpenAiModel({ baseURL: api.url, model: 'm', maxRetries: 0 });
const choose = {
  snapshotText: 'e0 button "Buy" @0,0\ne1 link "Help" @0,40',
  description: 'the help link',
  intent: 'click',
};
const ask = {
  system: 'Answer from the page.',
  question: 'Plans?',
  context: 'Starter, Pro',
  jsonSchema: { type: 'object', properties: { plans: { type: 'array' } } },
};
/** A closed port on loopback: bound, then released. */
const closedPort = async () => {
  const server = await listenOnLoopback(() => undefined);
  await server.close();
  return server.url;
};

describe('the OpenAI-compatible model', () => {
  it('asks structured answers as json_schema, steps down to json_object on a server without it, and remembers', async () => {
    api.quirks({ jsonSchema: false });
    const m = model();
    api.script({ toolInput: { plans: ['Starter', 'Pro'] } }, { toolInput: { plans: ['Pro'] } });
    expect((await m.answer(ask)).text).toBe('{"plans":["Starter","Pro"]}');
    expect((await m.answer(ask)).text).toBe('{"plans":["Pro"]}');
    expect(api.requests.map((r) => (r.response_format as { type: string }).type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ]);
  });

  it('asks for JSON by instruction alone when the server takes neither response format (LM Studio refuses json_object)', async () => {
    api.quirks({ jsonSchema: false, jsonObject: false });
    api.script({ text: 'Here it is: {"plans": ["Starter", "Pro"]}' });
    expect((await model().answer(ask)).text).toBe('{"plans":["Starter","Pro"]}');
    expect(api.requests.map((r) => (r.response_format as { type?: string } | undefined)?.type ?? 'none')).toEqual([
      'json_schema',
      'json_object',
      'none',
    ]);
    expect(JSON.stringify(api.requests[2]!.messages)).toContain('reply with only one JSON object');
  });

  it('falls back from tools on a server error that names them (llama.cpp without --jinja answers a 500), locating visually in JSON', async () => {
    api.quirks({ tools: false, toolsRefusal: { status: 500, message: 'tools param requires --jinja flag' } });
    api.script({ toolInput: { found: true, x: 10, y: 20, confidence: 0.7, reason: 'json mode' } });
    const found = await model().locateVisually({
      image: Buffer.from('jpeg'),
      width: 100,
      height: 100,
      description: 'the logo',
      intent: 'click',
    });
    expect(found).toMatchObject({ found: true, x: 10, y: 20 });
    expect(api.requests.map((r) => Boolean(r.tools))).toEqual([true, false]);
    expect(JSON.stringify(api.requests[1]!.messages)).toContain('data:image/jpeg;base64,');
  });

  it('reads tool arguments sent as an object, and a forced call written as JSON text (fenced, after thoughts)', async () => {
    api.quirks({ argumentsAsObject: true });
    api.script(
      { toolInput: { elementId: 'e1', reason: 'object arguments' } },
      {
        text: '<think>the link…</think>\n```json\n{"name": "choose_element", "arguments": {"elementId": "e0", "reason": "as text"}}\n```',
      },
    );
    expect(await model().chooseElement(choose)).toMatchObject({ choice: 'e1', reason: 'object arguments' });
    expect(await model().chooseElement(choose)).toMatchObject({ choice: 'e0', reason: 'as text' });
  });

  it("hands a structured answer that is not JSON back as text, for the caller's schema check to name and ask again", async () => {
    api.script({ text: 'Starter and Pro.' });
    expect((await model().answer(ask)).text).toBe('Starter and Pro.');
  });

  it('sends max_tokens, and max_completion_tokens from the first time a server asks for it', async () => {
    api.quirks({ maxCompletionTokensOnly: true });
    const m = model();
    api.script({ text: 'Two plans.' }, { text: 'Still two.' });
    expect((await m.answer({ ...ask, jsonSchema: undefined })).text).toBe('Two plans.');
    expect((await m.answer({ ...ask, jsonSchema: undefined })).text).toBe('Still two.');
    expect(api.requests.map((r) => ('max_tokens' in r ? 'max_tokens' : 'max_completion_tokens'))).toEqual([
      'max_tokens',
      'max_completion_tokens',
      'max_completion_tokens',
    ]);
  });

  it('says which server and model when the model does not exist or the server cannot be reached', async () => {
    api.quirks({ models: ['llama3.2:latest'] });
    const missing = (await model()
      .answer(ask)
      .catch((e: unknown) => e)) as Error;
    expect(missing).toMatchObject({ kind: 'rejected' });
    expect(missing.message).toContain(`the model server at ${api.url} (model "m") has no such model`);
    const nowhere = `${await closedPort()}/v1`;
    const unreachable = (await createOpenAiModel({ baseURL: nowhere, model: 'm', maxRetries: 0 })
      .chooseElement(choose)
      .catch((e: unknown) => e)) as Error;
    expect(unreachable).toMatchObject({ kind: 'unavailable' });
    expect(unreachable.message).toContain(`the model server at ${nowhere}`);
  });
});

describe('the start-up check of an OpenAI-compatible server', () => {
  it('is silent when the server lists the model (Ollama lists `name:latest` for `name`)', async () => {
    api.quirks({ models: ['llama3.2:latest', 'qwen2.5:7b'] });
    expect(await probeOpenAiServer({ baseURL: api.url, model: 'llama3.2' })).toBeUndefined();
  });

  it('warns in one line, naming the server and what it has, when the model is not listed', async () => {
    api.quirks({ models: ['llama3.2:latest', 'qwen2.5:7b'] });
    const warning = await probeOpenAiServer({ baseURL: api.url, model: 'mistral' });
    expect(warning).toBe(
      `model provider openai: the server at ${api.url} does not list MODEL_NAME "mistral" (it lists llama3.2:latest, qwen2.5:7b); operations that need the model will fail`,
    );
  });

  it('warns, without waiting long, when nothing answers at the base URL', async () => {
    const nowhere = `${await closedPort()}/v1`;
    const warning = await probeOpenAiServer({ baseURL: nowhere, model: 'm' });
    expect(warning).toMatch(
      new RegExp(`^model provider openai: the server at ${nowhere.replace(/[.]/g, '\\.')} could not be reached`),
    );
    expect(warning).not.toContain('\n');
  });
});
