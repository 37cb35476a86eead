/** Claude on Bedrock through the real Bedrock SDK (SigV4-signed invoke calls), against the local fake. */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createBedrockModel } from '../../functions/adapters/model/bedrock.js';
import { startFakeMessagesApi, type FakeMessagesApi } from '../support/fake-messages-api.js';

let api: FakeMessagesApi;
beforeAll(async () => {
  api = await startFakeMessagesApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const model = () =>
  createBedrockModel({
    region: 'us-east-1',
    model: 'us.anthropic.claude-test-v1:0',
    baseURL: api.url,
    maxRetries: 1,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });

it("asks Bedrock's invoke API (model in the path, not the body) with a forced tool call, and returns the choice and usage", async () => {
  api.script({
    toolInput: { elementId: 'e1', reason: 'the help link' },
    usage: { input_tokens: 700, output_tokens: 20 },
  });
  const choice = await model().chooseElement({
    snapshotText: 'e0 button "Buy" @0,0\ne1 link "Help" @0,40',
    description: 'the help link',
    intent: 'click',
  });
  expect(choice).toEqual({ choice: 'e1', reason: 'the help link', usage: { inputTokens: 700, outputTokens: 20 } });
  expect(api.calls).toBe(1);
  const sent = api.requests[0]!;
  expect(sent.tool_choice).toEqual({ type: 'tool', name: 'choose_element' });
  expect(typeof sent.anthropic_version).toBe('string');
  expect(sent.model).toBeUndefined();
});

it('names itself apart from the direct Claude model', () => {
  expect(model().name).toBe('claude-bedrock');
});
