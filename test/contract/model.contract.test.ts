/**
 * The model port's contract, run against every provider adapter through its real SDK, each over a local fake of
 * that provider's HTTP API: Claude (Messages API), Claude on Bedrock (invoke API, SigV4-signed) and an
 * OpenAI-compatible server (Chat Completions). Besides the answers, the quirks of real networks and servers: a
 * malformed tool call, no usage reported, a 429 with `retry-after`, a timeout, a reply cut off mid-body. Every
 * adapter maps each to the same outcome or ModelError kind, so the core never needs to know which one it talks to.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBedrockModel } from '../../functions/adapters/model/bedrock.js';
import { createClaudeModel } from '../../functions/adapters/model/claude.js';
import { createOpenAiModel } from '../../functions/adapters/model/openai.js';
import { creditsFor } from '../../functions/core/resolve/credits.js';
import { ModelError, type AnsweringModel } from '../../functions/ports/model.js';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';

type Fake = FakeMessagesApi | FakeChatCompletions;
type Options = { maxRetries?: number; timeoutMs?: number };
/** Replies both fakes understand; what differs per provider is built by the provider's entry below. */
type Reply = Parameters<FakeMessagesApi['script']>[0] & Parameters<FakeChatCompletions['script']>[0];

interface Provider {
  name: string;
  start(): Promise<Fake>;
  model(fake: Fake, options?: Options): AnsweringModel;
  /** A reply carrying this usage, in the provider's own field names. */
  withUsage(reply: Record<string, unknown>, input: number, output: number): Reply;
  /** Make the next replies carry no usage at all. */
  dropUsage(fake: Fake, reply: Record<string, unknown>): Reply;
  /** A structured answer that cannot be read: a tool call whose arguments are not the asked shape or not JSON. */
  malformed: Reply;
  /** Whether this provider can lack tool support (then the adapter must fall back to JSON). */
  toolless?: (fake: Fake) => void;
}

const chat = (fake: Fake) => fake as FakeChatCompletions;

const providers: Provider[] = [
  {
    name: 'claude',
    start: startFakeMessagesApi,
    model: (fake, o = {}) =>
      createClaudeModel({
        apiKey: 'test-key',
        model: 'claude-test',
        baseURL: fake.url,
        maxRetries: o.maxRetries ?? 2,
        timeoutMs: o.timeoutMs,
      }),
    withUsage: (reply, input, output) => ({ ...reply, usage: { input_tokens: input, output_tokens: output } }) as Reply,
    dropUsage: (_fake, reply) => ({ ...reply, usage: null }) as Reply,
    malformed: { toolInput: { element: 'e0' } } as Reply,
  },
  {
    name: 'claude-bedrock',
    start: startFakeMessagesApi,
    model: (fake, o = {}) =>
      createBedrockModel({
        region: 'us-east-1',
        model: 'us.anthropic.claude-test-v1:0',
        baseURL: fake.url,
        maxRetries: o.maxRetries ?? 2,
        timeoutMs: o.timeoutMs,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      }),
    withUsage: (reply, input, output) => ({ ...reply, usage: { input_tokens: input, output_tokens: output } }) as Reply,
    dropUsage: (_fake, reply) => ({ ...reply, usage: null }) as Reply,
    malformed: { toolInput: { element: 'e0' } } as Reply,
  },
  {
    name: 'openai',
    start: () => startFakeChatCompletions(),
    model: (fake, o = {}) =>
      createOpenAiModel({ baseURL: fake.url, model: 'm', maxRetries: o.maxRetries ?? 2, timeoutMs: o.timeoutMs }),
    withUsage: (reply, input, output) =>
      ({ ...reply, usage: { prompt_tokens: input, completion_tokens: output } }) as Reply,
    dropUsage: (fake, reply) => {
      chat(fake).quirks({ usage: false });
      return reply as Reply;
    },
    malformed: { rawArguments: '{"elementId": "e0", "reason": ' } as Reply,
    toolless: (fake) => chat(fake).quirks({ tools: false }),
  },
];

const choose = {
  snapshotText: 'page "Shop" http://shop.test/\ne0 button "Add to cart" @10,10\ne1 link "Help" @10,60',
  description: 'the add to cart button',
  intent: 'click',
};
const ask = { system: 'Answer from the page.', question: 'How much is Pro?', context: '## Pro\n\n8 euros a month.' };
const image = {
  image: Buffer.from('not really a jpeg'),
  width: 400,
  height: 300,
  description: 'the play button',
  intent: 'click',
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe.each(providers)('the $name adapter', (provider) => {
  let fake: Fake;
  beforeAll(async () => {
    fake = await provider.start();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const model = (options?: Options) => provider.model(fake, options);

  it('chooses an element: the id, the reason and the tokens reported', async () => {
    fake.script(provider.withUsage({ toolInput: { elementId: 'e0', reason: 'the only cart button' } }, 900, 25));
    expect(await model().chooseElement(choose)).toEqual({
      choice: 'e0',
      reason: 'the only cart button',
      usage: { inputTokens: 900, outputTokens: 25 },
    });
    expect(JSON.stringify(fake.requests[0])).toContain('the add to cart button');
  });

  it('passes "none" through when no element fits', async () => {
    fake.script({ toolInput: { elementId: 'none', reason: 'no cart here' } } as Reply);
    expect((await model().chooseElement(choose)).choice).toBe('none');
  });

  it('reports a malformed tool call as malformed_answer, with the tokens it spent', async () => {
    fake.script(provider.malformed);
    const error = await failure(model().chooseElement(choose));
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ kind: 'malformed_answer' });
    expect((error as ModelError).usage!.inputTokens).toBeGreaterThan(0);
  });

  it('reports prose where a structured answer was asked as malformed_answer', async () => {
    fake.script({ text: 'I think it is the first button.' } as Reply);
    await expect(model().chooseElement(choose)).rejects.toMatchObject({ name: 'ModelError', kind: 'malformed_answer' });
  });

  it('answers a question with the reply text and usage', async () => {
    fake.script(provider.withUsage({ text: 'Eight euros a month.' }, 300, 9));
    expect(await model().answer(ask)).toEqual({
      text: 'Eight euros a month.',
      usage: { inputTokens: 300, outputTokens: 9 },
    });
    expect(JSON.stringify(fake.requests[0])).toContain('8 euros a month.');
  });

  it('answers in a JSON Schema as JSON text, an object schema as it is and any other wrapped and unwrapped', async () => {
    fake.script({ toolInput: { euros: 8 } } as Reply, { toolInput: { value: ['Starter', 'Pro'] } } as Reply);
    expect(
      (await model().answer({ ...ask, jsonSchema: { type: 'object', properties: { euros: { type: 'number' } } } }))
        .text,
    ).toBe('{"euros":8}');
    expect((await model().answer({ ...ask, jsonSchema: { type: 'array', items: { type: 'string' } } })).text).toBe(
      '["Starter","Pro"]',
    );
  });

  it('locates visually: sends the image, returns the point, and refuses a point outside the image', async () => {
    fake.script(
      { toolInput: { found: true, x: 120.4, y: 80, confidence: 0.9, reason: 'the triangle' } } as Reply,
      { toolInput: { found: true, x: 900, y: 80, reason: 'off' } } as Reply,
    );
    expect(await model().locateVisually!(image)).toMatchObject({ found: true, x: 120, y: 80, confidence: 0.9 });
    expect(JSON.stringify(fake.requests[0])).toContain(image.image.toString('base64'));
    await expect(model().locateVisually!(image)).rejects.toMatchObject({ kind: 'malformed_answer' });
  });

  it('estimates the tokens when the provider reports none, so an answer still costs at least a credit', async () => {
    fake.script(
      provider.dropUsage(fake, { text: 'Eight euros a month.' }),
      provider.dropUsage(fake, { toolInput: { elementId: 'e1', reason: 'help' } }),
    );
    const answer = await model().answer(ask);
    expect(answer.usage.inputTokens).toBeGreaterThan(10);
    expect(answer.usage.outputTokens).toBeGreaterThan(0);
    expect(creditsFor(answer.usage)).toBeGreaterThanOrEqual(1);
    const choice = await model().chooseElement(choose);
    expect(choice.choice).toBe('e1');
    expect(creditsFor(choice.usage)).toBeGreaterThanOrEqual(1);
  });

  it('waits as a 429 says (retry-after) and then succeeds', async () => {
    fake.script(
      { status: 429, retryAfterSeconds: 1 } as Reply,
      { toolInput: { elementId: 'e1', reason: 'help link' } } as Reply,
    );
    const started = Date.now();
    expect((await model().chooseElement(choose)).choice).toBe('e1');
    expect(fake.calls).toBe(2);
    // A lower bound only: the retry came no sooner than the server asked (a loaded machine only adds time).
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('reports a 429 that persists as rate_limited, a 5xx that persists as unavailable, a refusal as rejected without retrying', async () => {
    fake.always({ status: 429 } as Reply);
    await expect(model({ maxRetries: 1 }).chooseElement(choose)).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(fake.calls).toBe(2);
    fake.reset();
    fake.always({ status: 503, message: 'overloaded' } as Reply);
    const unavailable = await failure(model({ maxRetries: 2 }).answer(ask));
    expect(unavailable).toMatchObject({ kind: 'unavailable' });
    expect((unavailable as Error).message).toContain('HTTP 503');
    expect(fake.calls).toBe(3);
    fake.reset();
    fake.always({ status: 401 } as Reply);
    await expect(model().chooseElement(choose)).rejects.toMatchObject({ kind: 'rejected' });
    expect(fake.calls).toBe(1);
  });

  it('reports a server that does not answer in time as unavailable', async () => {
    fake.script({ toolInput: { elementId: 'e0', reason: 'late' }, delayMs: 30_000 } as Reply);
    await expect(model({ maxRetries: 0, timeoutMs: 300 }).chooseElement(choose)).rejects.toMatchObject({
      name: 'ModelError',
      kind: 'unavailable',
    });
  });

  it('reports a reply cut off mid-body as unavailable', async () => {
    fake.always({ cut: true } as Reply);
    await expect(model({ maxRetries: 0 }).answer(ask)).rejects.toMatchObject({
      name: 'ModelError',
      kind: 'unavailable',
    });
  });

  it('stops waiting when the signal aborts and surfaces its reason; makes no call when already aborted', async () => {
    fake.script({ toolInput: { elementId: 'e0', reason: 'late' }, delayMs: 30_000 } as Reply);
    const controller = new AbortController();
    const reason = new Error('deadline passed');
    const pending = model().chooseElement({ ...choose, signal: controller.signal });
    await expect.poll(() => fake.calls).toBe(1);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    fake.reset();
    await expect(model().answer({ ...ask, signal: AbortSignal.abort(new Error('cancelled')) })).rejects.toThrow(
      'cancelled',
    );
    expect(fake.calls).toBe(0);
  });

  it.skipIf(!provider.toolless)('falls back to JSON when the model has no tool support, and remembers it', async () => {
    provider.toolless!(fake);
    const m = model();
    fake.script(
      { toolInput: { elementId: 'e0', reason: 'json mode' } } as Reply,
      { toolInput: { elementId: 'e1', reason: 'json again' } } as Reply,
    );
    expect((await m.chooseElement(choose)).choice).toBe('e0');
    expect((await m.chooseElement(choose)).choice).toBe('e1');
    // One refused request with tools, then JSON-mode requests only.
    expect(fake.requests.map((r) => Boolean(r.tools))).toEqual([true, false, false]);
  });
});
