/**
 * The Model port through Claude's Messages API (`@anthropic-ai/sdk`). The element choice is asked as a forced
 * tool call, so the answer arrives as JSON in a fixed shape instead of prose to parse. Throttling (429) and
 * server errors (5xx) are retried by the SDK a bounded number of times (`maxRetries`), then reported as a
 * `ModelError`. Settings come from the caller (the composition root): this file never reads the environment.
 */
import Anthropic, { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import {
  ModelError,
  type Answer,
  type AnsweringModel,
  type AnswerRequest,
  type ElementChoice,
  type ElementChoiceRequest,
  type TokenUsage,
  type VisualLocateRequest,
  type VisualLocation,
} from '../../ports/model.js';
import {
  ANSWER_DESCRIPTION,
  ANSWER_TOOL,
  answerUserText,
  CHOOSE_DESCRIPTION,
  CHOOSE_SCHEMA,
  CHOOSE_SYSTEM,
  CHOOSE_TOOL,
  chooseUserText,
  LOCATE_DESCRIPTION,
  LOCATE_SCHEMA,
  LOCATE_TOOL,
  locateUserText,
  MAX_ANSWER_TOKENS,
  MAX_OUTPUT_TOKENS,
  objectSchemaFor,
  readChoice,
  readLocation,
  unwrapAnswer,
  VISUAL_SYSTEM,
} from './prompts.js';
import { cutShort } from './transport.js';
import { estimatedUsage, PIXELS_PER_IMAGE_TOKEN } from './usage.js';

export const DEFAULT_CLAUDE_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_CLAUDE_MAX_RETRIES = 2;

export interface ClaudeSettings {
  apiKey: string;
  model: string;
  /** Another endpoint speaking the Messages API (a proxy, or a local fake in tests). */
  baseURL?: string;
  /** Retries of 429 and 5xx answers before the error is reported. */
  maxRetries?: number;
  /** Per-request timeout in milliseconds; the operation's AbortSignal bounds it too. */
  timeoutMs?: number;
}

/** A client built from settings. The base URL is always passed, so the SDK never falls back to its own env lookup. */
export const createAnthropicClient = (settings: ClaudeSettings): Anthropic =>
  new Anthropic({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL ?? DEFAULT_CLAUDE_BASE_URL,
    maxRetries: settings.maxRetries ?? DEFAULT_CLAUDE_MAX_RETRIES,
    ...(settings.timeoutMs ? { timeout: settings.timeoutMs } : {}),
  });

const chooseTool: Anthropic.Tool = {
  name: CHOOSE_TOOL,
  description: CHOOSE_DESCRIPTION,
  input_schema: CHOOSE_SCHEMA as unknown as Anthropic.Tool.InputSchema,
};

const locateTool: Anthropic.Tool = {
  name: LOCATE_TOOL,
  description: LOCATE_DESCRIPTION,
  input_schema: LOCATE_SCHEMA as unknown as Anthropic.Tool.InputSchema,
};

/** The reply's usage; when it reports none (a proxy dropped it), estimated from the texts (see usage.ts). */
const usageOf = (message: Anthropic.Message, sent: Anthropic.MessageCreateParams, imageTokens = 0): TokenUsage => {
  const usage = message.usage as Anthropic.Usage | undefined;
  // Cached prompt tokens are still tokens read; counting them keeps the credit rule simple and conservative.
  const input =
    (usage?.input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0);
  const output = usage?.output_tokens ?? 0;
  if (input + output > 0) return { inputTokens: input, outputTokens: output };
  const texts = JSON.stringify([
    sent.system,
    sent.messages.map((m) =>
      typeof m.content === 'string' ? m.content : m.content.filter((part) => part.type === 'text'),
    ),
  ]);
  return estimatedUsage(texts, JSON.stringify(message.content ?? []), imageTokens);
};

/** SDK errors → the port's typed error; an abort surfaces as the signal's own reason (e.g. the budget's). */
const translate = (error: unknown, signal: AbortSignal | undefined): unknown => {
  if (signal?.aborted) return signal.reason ?? error;
  if (error instanceof APIUserAbortError) return error;
  if (cutShort(error))
    return new ModelError('unavailable', `the language model's reply was cut short: ${(error as Error).message}`);
  if (error instanceof APIConnectionError)
    return new ModelError('unavailable', `the language model could not be reached: ${error.message}`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 429)
      return new ModelError(
        'rate_limited',
        `the language model is still rate limited after retries (HTTP 429): ${error.message}`,
      );
    if (status >= 500)
      return new ModelError(
        'unavailable',
        `the language model kept failing after retries (HTTP ${status}): ${error.message}`,
      );
    return new ModelError('rejected', `the language model refused the request (HTTP ${status}): ${error.message}`);
  }
  return error;
};

/** One call: the reply and the tokens it used, or the port's error. */
const send = async (
  client: MessagesClient,
  params: Anthropic.MessageCreateParamsNonStreaming,
  signal: AbortSignal | undefined,
  imageTokens = 0,
) => {
  signal?.throwIfAborted();
  let message: Anthropic.Message;
  try {
    message = await client.messages.create(params, { signal });
  } catch (error) {
    throw translate(error, signal);
  }
  return { message, usage: usageOf(message, params, imageTokens) };
};

/** The reply's call of the tool `name`, when it made one. */
const toolCall = (message: Anthropic.Message, name: string) =>
  message.content.find((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use' && block.name === name);

/** The input of the forced tool call `name`: a reply that did not make it is a malformed answer. */
const forcedToolInput = (message: Anthropic.Message, name: string, usage: TokenUsage): unknown => {
  const call = toolCall(message, name);
  if (!call)
    throw new ModelError(
      'malformed_answer',
      `the language model answered without calling ${name} (stop reason ${message.stop_reason})`,
      usage,
    );
  return call.input;
};

/** What the model needs of a client: Claude's own (`@anthropic-ai/sdk`) or Claude on Bedrock share this surface. */
export type MessagesClient = Pick<Anthropic, 'messages'>;

export class ClaudeModel implements AnsweringModel {
  constructor(
    private readonly client: MessagesClient,
    private readonly model: string,
    readonly name = 'claude',
  ) {}

  async chooseElement(request: ElementChoiceRequest): Promise<ElementChoice> {
    const { message, usage } = await send(
      this.client,
      {
        model: this.model,
        max_tokens: MAX_OUTPUT_TOKENS,
        system: CHOOSE_SYSTEM,
        tools: [chooseTool],
        tool_choice: { type: 'tool', name: CHOOSE_TOOL },
        messages: [{ role: 'user', content: chooseUserText(request) }],
      },
      request.signal,
    );
    return readChoice(forcedToolInput(message, CHOOSE_TOOL, usage), usage);
  }

  locateVisually(request: VisualLocateRequest): Promise<VisualLocation> {
    return locateVisually(this.client, this.model, request);
  }

  /** A plain messages call; with a JSON Schema, a forced tool call whose input is the answer, returned as JSON text. */
  async answer(request: AnswerRequest): Promise<Answer> {
    const tool = request.jsonSchema ? objectSchemaFor(request.jsonSchema) : undefined;
    const { message, usage } = await send(
      this.client,
      {
        model: this.model,
        max_tokens: MAX_ANSWER_TOKENS,
        system: request.system,
        ...(tool
          ? {
              tools: [
                {
                  name: ANSWER_TOOL,
                  description: ANSWER_DESCRIPTION,
                  input_schema: tool.schema as Anthropic.Tool.InputSchema,
                },
              ],
              tool_choice: { type: 'tool' as const, name: ANSWER_TOOL },
            }
          : {}),
        messages: [{ role: 'user', content: answerUserText(request.context, request.question) }],
      },
      request.signal,
    );
    if (tool) {
      const input = forcedToolInput(message, ANSWER_TOOL, usage);
      return { text: JSON.stringify(unwrapAnswer(input, tool.wrapped) ?? null), usage };
    }
    const text = message.content
      .filter((block): block is Anthropic.TextBlock => block.type === 'text')
      .map((block) => block.text)
      .join('')
      .trim();
    if (!text)
      throw new ModelError(
        'malformed_answer',
        `the language model gave no text (stop reason ${message.stop_reason})`,
        usage,
      );
    return { text, usage };
  }
}

/** Visual analysis: one image, a forced tool call with the point (see the port). */
export const locateVisually = async (
  client: MessagesClient,
  model: string,
  request: VisualLocateRequest,
): Promise<VisualLocation> => {
  const { message, usage } = await send(
    client,
    {
      model,
      max_tokens: MAX_OUTPUT_TOKENS,
      system: VISUAL_SYSTEM,
      tools: [locateTool],
      tool_choice: { type: 'tool', name: LOCATE_TOOL },
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/jpeg', data: request.image.toString('base64') },
            },
            { type: 'text', text: locateUserText(request) },
          ],
        },
      ],
    },
    request.signal,
    Math.ceil((request.width * request.height) / PIXELS_PER_IMAGE_TOKEN),
  );
  return readLocation(toolCall(message, LOCATE_TOOL)?.input, request, usage);
};

/** The Model port for the given settings, or over an injected client (tests, or a shared client). */
export const createClaudeModel = (
  settings: ClaudeSettings,
  client: Anthropic = createAnthropicClient(settings),
): ClaudeModel => new ClaudeModel(client, settings.model);
