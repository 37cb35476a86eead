/**
 * The Model port over the Chat Completions API (the official `openai` SDK), as OpenAI, Ollama, vLLM, llama.cpp
 * server and LM Studio serve it. Structured answers (the element choice, a visual location) are asked as a forced
 * tool call; a server that refuses tools (a model without tool support, vLLM without a tool parser, llama.cpp without
 * `--jinja`) is asked for JSON instead: `response_format: json_schema`, else `json_object`, else JSON by instruction.
 * Each refusal is remembered for the life of the process, so it costs one extra request, once. Servers differ on
 * the output limit too: `max_tokens` is sent (the widest support) until a server asks for `max_completion_tokens`.
 * 429 and 5xx are retried by the SDK (honouring `retry-after`), then reported as a `ModelError` naming the server.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type {
  ChatCompletion,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
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
import { argumentsInText, replyText, reportedUsage, toolArguments } from './openai-reply.js';
import { estimatedUsage, PIXELS_PER_IMAGE_TOKEN } from './usage.js';
import * as prompts from './prompts.js';
import { cutShort } from './transport.js';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_OPENAI_MAX_RETRIES = 2;
/** Local servers take no key, but the SDK requires one: this placeholder is sent and ignored. */
const NO_KEY = 'no-key';

export interface OpenAiSettings {
  /** The server's `/v1` base, e.g. `http://127.0.0.1:11434/v1` for Ollama. */
  baseURL?: string;
  /** Optional for local servers. */
  apiKey?: string;
  model: string;
  maxRetries?: number;
  /** Per-request timeout in milliseconds; the operation's AbortSignal bounds it too. */
  timeoutMs?: number;
}

export const createOpenAiClient = (settings: OpenAiSettings): OpenAI =>
  new OpenAI({
    apiKey: settings.apiKey || NO_KEY,
    baseURL: settings.baseURL ?? DEFAULT_OPENAI_BASE_URL,
    maxRetries: settings.maxRetries ?? DEFAULT_OPENAI_MAX_RETRIES,
    ...(settings.timeoutMs ? { timeout: settings.timeoutMs } : {}),
    // The SDK would read OPENAI_ORG_ID / OPENAI_PROJECT_ID itself: settings come only from the caller.
    organization: null,
    project: null,
  });

/** How a structured answer is asked, most reliable first. */
type Mode = 'tools' | 'json_schema' | 'json_object' | 'prompt';
const FORMATS: Mode[] = ['json_schema', 'json_object', 'prompt'];

interface Structured {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  system: string;
  user: string | ChatCompletionContentPart[];
  maxTokens: number;
  /** Tokens of the user content that is not text (an image), for the estimate when the server reports none. */
  imageTokens?: number;
}

/** A refusal that names the feature asked for: the server cannot do it, so the next mode is tried. */
const REFUSALS: Record<Mode, RegExp> = {
  tools: /tool|function/i,
  json_schema: /json_schema|response_format|structured|schema/i,
  json_object: /json_object|response_format|json mode/i,
  prompt: /$^/,
};

const refuses = (error: unknown, pattern: RegExp): boolean =>
  error instanceof APIError &&
  error.status !== undefined &&
  error.status !== 404 &&
  error.status !== 401 &&
  error.status !== 429 &&
  error.status >= 400 &&
  pattern.test(error.message);

export class OpenAiCompatibleModel implements AnsweringModel {
  readonly name = 'openai';
  /** Learned from the server's refusals, once per process. */
  private toolsRefused = false;
  private formatIndex = 0;
  private limitField: 'max_tokens' | 'max_completion_tokens' = 'max_tokens';

  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
    /** Where the server is, for messages (`http://127.0.0.1:11434/v1`). */
    private readonly where: string = client.baseURL,
  ) {}

  async chooseElement(request: ElementChoiceRequest): Promise<ElementChoice> {
    const { value, usage } = await this.structured(
      {
        name: prompts.CHOOSE_TOOL,
        description: prompts.CHOOSE_DESCRIPTION,
        schema: prompts.CHOOSE_SCHEMA,
        system: prompts.CHOOSE_SYSTEM,
        user: prompts.chooseUserText(request),
        maxTokens: prompts.MAX_OUTPUT_TOKENS,
      },
      true,
      request.signal,
    );
    return prompts.readChoice(value, usage);
  }

  async locateVisually(request: VisualLocateRequest): Promise<VisualLocation> {
    const image = `data:image/jpeg;base64,${request.image.toString('base64')}`;
    const { value, usage } = await this.structured(
      {
        name: prompts.LOCATE_TOOL,
        description: prompts.LOCATE_DESCRIPTION,
        schema: prompts.LOCATE_SCHEMA,
        system: prompts.VISUAL_SYSTEM,
        user: [
          { type: 'image_url', image_url: { url: image } },
          { type: 'text', text: prompts.locateUserText(request) },
        ],
        maxTokens: prompts.MAX_OUTPUT_TOKENS,
        imageTokens: Math.ceil((request.width * request.height) / PIXELS_PER_IMAGE_TOKEN),
      },
      true,
      request.signal,
    );
    return prompts.readLocation(value, request, usage);
  }

  /** Prose from a plain call; with a JSON Schema, JSON asked as a response format (the core validates and retries). */
  async answer(request: AnswerRequest): Promise<Answer> {
    const user = prompts.answerUserText(request.context, request.question);
    if (request.jsonSchema) {
      const { schema, wrapped } = prompts.objectSchemaFor(request.jsonSchema);
      const reply = await this.structured(
        {
          name: prompts.ANSWER_TOOL,
          description: prompts.ANSWER_DESCRIPTION,
          schema,
          system: request.system,
          user,
          maxTokens: prompts.MAX_ANSWER_TOKENS,
        },
        false,
        request.signal,
        // Text that is not JSON goes back as it is: the core's schema check names the problem and asks again.
        true,
      );
      if (reply.value === undefined) return { text: reply.text, usage: reply.usage };
      // A JSON-mode reply may give the bare value instead of the wrapping object it was asked for.
      const bare = wrapped && !(reply.value && typeof reply.value === 'object' && 'value' in reply.value);
      return {
        text: JSON.stringify((bare ? reply.value : prompts.unwrapAnswer(reply.value, wrapped)) ?? null),
        usage: reply.usage,
      };
    }
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: request.system },
      { role: 'user', content: user },
    ];
    const completion = await this.create({ model: this.model, messages }, prompts.MAX_ANSWER_TOKENS, request.signal);
    const text = replyText(completion.choices[0]?.message?.content);
    const usage = this.usageOf(completion, messages, text);
    if (!text)
      throw new ModelError(
        'malformed_answer',
        `the model server at ${this.where} gave no text (finish reason ${completion.choices[0]?.finish_reason ?? 'none'})`,
        usage,
      );
    return { text, usage };
  }

  /**
   * One structured answer: a forced tool call when `preferTools` and the server has not refused tools, else JSON in
   * the best response format the server has not refused. A refusal moves to the next mode and is remembered.
   */
  private async structured(
    spec: Structured,
    preferTools: boolean,
    signal: AbortSignal | undefined,
    lenient = false,
  ): Promise<{ value: unknown; text: string; usage: TokenUsage }> {
    signal?.throwIfAborted();
    for (;;) {
      const mode: Mode = preferTools && !this.toolsRefused ? 'tools' : FORMATS[this.formatIndex]!;
      const messages = this.messagesFor(spec, mode);
      let completion: ChatCompletion;
      try {
        completion = await this.create(
          { model: this.model, messages, ...this.shapeFor(spec, mode) },
          spec.maxTokens,
          signal,
          mode,
        );
      } catch (error) {
        if (!(error instanceof RefusedMode)) throw error;
        if (mode === 'tools') this.toolsRefused = true;
        else this.formatIndex += 1;
        continue;
      }
      const message = completion.choices[0]?.message;
      const text = replyText(message?.content);
      const usage = this.usageOf(
        completion,
        messages,
        `${text}${JSON.stringify(message?.tool_calls ?? '')}`,
        spec.imageTokens,
      );
      const call = mode === 'tools' ? toolArguments(message?.tool_calls, spec.name) : undefined;
      if (call && !call.ok)
        throw new ModelError(
          'malformed_answer',
          `the model server at ${this.where} sent a malformed tool call: ${call.problem}`,
          usage,
        );
      // A forced call that came back as text: models without tool syntax in their template write the JSON instead.
      const value = call?.ok ? call.value : argumentsInText(text, spec.name);
      if (value !== undefined && value !== null && typeof value === 'object') return { value, text, usage };
      if (lenient && text) return { value: undefined, text, usage };
      const asked = mode === 'tools' ? `calling ${spec.name}` : 'a JSON object';
      throw new ModelError(
        'malformed_answer',
        `the model server at ${this.where} answered without ${asked} (finish reason ${completion.choices[0]?.finish_reason ?? 'none'})`,
        usage,
      );
    }
  }

  private messagesFor(spec: Structured, mode: Mode): ChatCompletionMessageParam[] {
    // Without tools the instruction says how to write the answer instead: the arguments as one JSON object.
    const system =
      mode === 'tools'
        ? spec.system
        : `${spec.system}\nNo tools are available: reply with only one JSON object, the arguments of ${spec.name} (${spec.description}), matching this JSON Schema, and no other text:\n${JSON.stringify(spec.schema)}`;
    return [
      { role: 'system', content: system },
      { role: 'user', content: spec.user },
    ];
  }

  private shapeFor(spec: Structured, mode: Mode): Partial<ChatCompletionCreateParamsNonStreaming> {
    if (mode === 'tools') {
      // `required` with one tool forces that tool, and more servers take it than a named tool_choice.
      return {
        tools: [
          { type: 'function', function: { name: spec.name, description: spec.description, parameters: spec.schema } },
        ],
        tool_choice: 'required',
      };
    }
    if (mode === 'json_schema')
      return {
        response_format: { type: 'json_schema', json_schema: { name: spec.name, schema: spec.schema, strict: false } },
      };
    if (mode === 'json_object') return { response_format: { type: 'json_object' } };
    return {};
  }

  /** One request; a refusal of the output limit's name switches it and asks again, a refusal of `mode` is thrown as such. */
  private async create(
    params: ChatCompletionCreateParamsNonStreaming,
    maxTokens: number,
    signal: AbortSignal | undefined,
    mode?: Mode,
  ): Promise<ChatCompletion> {
    signal?.throwIfAborted();
    for (;;) {
      try {
        return await this.client.chat.completions.create({ ...params, [this.limitField]: maxTokens }, { signal });
      } catch (error) {
        if (this.limitField === 'max_tokens' && refuses(error, /max_completion_tokens/)) {
          this.limitField = 'max_completion_tokens';
          continue;
        }
        if (mode && mode !== 'prompt' && refuses(error, REFUSALS[mode]) && !signal?.aborted) throw new RefusedMode();
        throw this.translate(error, signal);
      }
    }
  }

  private usageOf(
    completion: ChatCompletion,
    messages: ChatCompletionMessageParam[],
    replied: string,
    imageTokens = 0,
  ): TokenUsage {
    const reported = reportedUsage(completion.usage);
    if (reported) return reported;
    const sent = messages
      .map((m) =>
        typeof m.content === 'string'
          ? m.content
          : JSON.stringify((m.content ?? []).filter((part) => part.type === 'text')),
      )
      .join('\n');
    return estimatedUsage(sent, replied, imageTokens);
  }

  /** SDK errors → the port's typed error, naming the server; an abort surfaces as the signal's own reason. */
  private translate(error: unknown, signal: AbortSignal | undefined): unknown {
    if (signal?.aborted) return signal.reason ?? error;
    if (error instanceof APIUserAbortError) return error;
    const server = `the model server at ${this.where} (model ${JSON.stringify(this.model)})`;
    if (cutShort(error))
      return new ModelError('unavailable', `${server} cut its reply short: ${(error as Error).message}`);
    if (error instanceof APIConnectionTimeoutError)
      return new ModelError('unavailable', `${server} did not answer in time: ${error.message}`);
    if (error instanceof APIConnectionError)
      return new ModelError('unavailable', `${server} could not be reached: ${error.message}`);
    if (error instanceof APIError) {
      const status = error.status ?? 0;
      if (status === 429)
        return new ModelError(
          'rate_limited',
          `${server} is still rate limited after retries (HTTP 429): ${error.message}`,
        );
      if (status >= 500)
        return new ModelError('unavailable', `${server} kept failing after retries (HTTP ${status}): ${error.message}`);
      if (status === 404)
        return new ModelError(
          'rejected',
          `${server} has no such model, or no Chat Completions API at this base URL (HTTP 404): ${error.message}`,
        );
      return new ModelError('rejected', `${server} refused the request (HTTP ${status}): ${error.message}`);
    }
    return error;
  }
}

/** Thrown inside the adapter only: the server refused the way a structured answer was asked. */
class RefusedMode extends Error {}

export const createOpenAiModel = (
  settings: OpenAiSettings,
  client: OpenAI = createOpenAiClient(settings),
): OpenAiCompatibleModel =>
  new OpenAiCompatibleModel(client, settings.model, settings.baseURL ?? DEFAULT_OPENAI_BASE_URL);
