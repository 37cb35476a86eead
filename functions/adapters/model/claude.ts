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

export const DEFAULT_CLAUDE_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_CLAUDE_MAX_RETRIES = 2;
/** An element id, `none` and a sentence of reason fit well within this. */
const MAX_OUTPUT_TOKENS = 512;
/** Room for a long extraction (a table of items as JSON) without letting one answer run up unbounded credits. */
const MAX_ANSWER_TOKENS = 4096;
const ANSWER_TOOL = 'answer';

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

const CHOOSE_TOOL = 'choose_element';

const SYSTEM = [
  'You pick the one element of a web page that a description refers to.',
  'The page is given as one line per element: its id first (e.g. e12), then its role, accessible name, other texts,',
  'state and its top-left position as @x,y. Bracketed lines name the region the following elements sit in.',
  `Answer only by calling ${CHOOSE_TOOL}: the id of the element meant, or "none" when no element fits.`,
  'Never invent an id. Prefer elements that can take the intended action.',
].join(' ');

const chooseTool: Anthropic.Tool = {
  name: CHOOSE_TOOL,
  description: 'Report the element of the page that the description refers to, or none.',
  input_schema: {
    type: 'object',
    properties: {
      elementId: { type: 'string', description: 'The id of the chosen element exactly as written at the start of its line (e.g. "e12"), or "none".' },
      reason: { type: 'string', description: 'One short sentence: why this element, or why none fits.' },
    },
    required: ['elementId', 'reason'],
  },
};

const usageOf = (usage: Anthropic.Usage | undefined): TokenUsage => ({
  // Cached prompt tokens are still tokens read; counting them keeps the credit rule simple and conservative.
  inputTokens: (usage?.input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0),
  outputTokens: usage?.output_tokens ?? 0,
});

/** SDK errors → the port's typed error; an abort surfaces as the signal's own reason (e.g. the budget's). */
const translate = (error: unknown, signal: AbortSignal | undefined): unknown => {
  if (signal?.aborted) return signal.reason ?? error;
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionError) return new ModelError('unavailable', `the language model could not be reached: ${error.message}`);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 429) return new ModelError('rate_limited', `the language model is still rate limited after retries (HTTP 429): ${error.message}`);
    if (status >= 500) return new ModelError('unavailable', `the language model kept failing after retries (HTTP ${status}): ${error.message}`);
    return new ModelError('rejected', `the language model refused the request (HTTP ${status}): ${error.message}`);
  }
  return error;
};

/** What the model needs of a client: Claude's own (`@anthropic-ai/sdk`) or Claude on Bedrock share this surface. */
export type MessagesClient = Pick<Anthropic, 'messages'>;

/**
 * The Messages API takes only object schemas as a tool's `input_schema`; any other schema (an array, a string) is
 * wrapped as the `value` of an object and unwrapped from the answer, so callers may ask for any JSON shape.
 */
const toolSchemaFor = (schema: Record<string, unknown>): { input_schema: Anthropic.Tool.InputSchema; wrapped: boolean } =>
  schema.type === 'object'
    ? { input_schema: schema as Anthropic.Tool.InputSchema, wrapped: false }
    : { input_schema: { type: 'object', properties: { value: schema }, required: ['value'] }, wrapped: true };

export class ClaudeModel implements AnsweringModel {
  constructor(
    private readonly client: MessagesClient,
    private readonly model: string,
    readonly name = 'claude',
  ) {}

  async chooseElement(request: ElementChoiceRequest): Promise<ElementChoice> {
    const { signal } = request;
    signal?.throwIfAborted();
    let message: Anthropic.Message;
    try {
      message = await this.client.messages.create(
        {
          model: this.model,
          max_tokens: MAX_OUTPUT_TOKENS,
          system: SYSTEM,
          tools: [chooseTool],
          tool_choice: { type: 'tool', name: CHOOSE_TOOL },
          messages: [
            {
              role: 'user',
              content: `Page:\n${request.snapshotText}\n\nIntended action: ${request.intent}\nDescription: ${request.description}`,
            },
          ],
        },
        { signal },
      );
    } catch (error) {
      throw translate(error, signal);
    }
    const usage = usageOf(message.usage);
    const call = message.content.find((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use' && block.name === CHOOSE_TOOL);
    if (!call) throw new ModelError('malformed_answer', `the language model answered without calling ${CHOOSE_TOOL} (stop reason ${message.stop_reason})`, usage);
    const input = call.input as { elementId?: unknown; reason?: unknown } | null;
    if (!input || typeof input.elementId !== 'string' || !input.elementId.trim()) {
      throw new ModelError('malformed_answer', `the language model's ${CHOOSE_TOOL} call has no elementId string`, usage);
    }
    const reason = typeof input.reason === 'string' ? input.reason : '';
    return { choice: input.elementId.trim(), reason, usage };
  }

  locateVisually(request: VisualLocateRequest): Promise<VisualLocation> {
    return locateVisually(this.client, this.model, request);
  }

  /** A plain messages call; with a JSON Schema, a forced tool call whose input is the answer, returned as JSON text. */
  async answer(request: AnswerRequest): Promise<Answer> {
    const { signal, jsonSchema } = request;
    signal?.throwIfAborted();
    const tool = jsonSchema ? toolSchemaFor(jsonSchema) : undefined;
    let message: Anthropic.Message;
    try {
      message = await this.client.messages.create(
        {
          model: this.model,
          max_tokens: MAX_ANSWER_TOKENS,
          system: request.system,
          ...(tool
            ? {
                tools: [{ name: ANSWER_TOOL, description: 'Give the answer, in exactly the shape of this input schema.', input_schema: tool.input_schema }],
                tool_choice: { type: 'tool' as const, name: ANSWER_TOOL },
              }
            : {}),
          messages: [{ role: 'user', content: `Page content (markdown):\n${request.context}\n\nRequest: ${request.question}` }],
        },
        { signal },
      );
    } catch (error) {
      throw translate(error, signal);
    }
    const usage = usageOf(message.usage);
    if (tool) {
      const call = message.content.find((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use' && block.name === ANSWER_TOOL);
      if (!call) throw new ModelError('malformed_answer', `the language model answered without calling ${ANSWER_TOOL} (stop reason ${message.stop_reason})`, usage);
      const input = tool.wrapped ? (call.input as { value?: unknown } | null)?.value : call.input;
      return { text: JSON.stringify(input ?? null), usage };
    }
    const text = message.content
      .filter((block): block is Anthropic.TextBlock => block.type === 'text')
      .map((block) => block.text)
      .join('')
      .trim();
    if (!text) throw new ModelError('malformed_answer', `the language model gave no text (stop reason ${message.stop_reason})`, usage);
    return { text, usage };
  }
}

const LOCATE_TOOL = 'locate_element';

const VISUAL_SYSTEM = [
  'You find one element in a screenshot of part of a web page.',
  `Answer only by calling ${LOCATE_TOOL}: whether the described element is visible in the image, and if so the pixel`,
  'coordinates of a point on it where a person would click, measured from the top-left corner of the image.',
  'When it is not in the image, say found false. Never guess a point for something you cannot see.',
].join(' ');

const locateTool: Anthropic.Tool = {
  name: LOCATE_TOOL,
  description: 'Report where in the image the described element is, or that it is not there.',
  input_schema: {
    type: 'object',
    properties: {
      found: { type: 'boolean' },
      x: { type: 'number', description: 'Horizontal pixel from the left edge of the image.' },
      y: { type: 'number', description: 'Vertical pixel from the top edge of the image.' },
      confidence: { type: 'number', description: 'From 0 to 1.' },
      reason: { type: 'string', description: 'One short sentence.' },
    },
    required: ['found', 'reason'],
  },
};

/** Visual analysis: one image, a forced tool call with the point (see the port). */
export const locateVisually = async (client: MessagesClient, model: string, request: VisualLocateRequest): Promise<VisualLocation> => {
  const { signal } = request;
  signal?.throwIfAborted();
  let message: Anthropic.Message;
  try {
    message = await client.messages.create(
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
              { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: request.image.toString('base64') } },
              { type: 'text', text: `The image is ${request.width}×${request.height} pixels.\nIntended action: ${request.intent}\nDescription: ${request.description}` },
            ],
          },
        ],
      },
      { signal },
    );
  } catch (error) {
    throw translate(error, signal);
  }
  const usage = usageOf(message.usage);
  const call = message.content.find((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use' && block.name === LOCATE_TOOL);
  const input = (call?.input ?? null) as { found?: unknown; x?: unknown; y?: unknown; confidence?: unknown; reason?: unknown } | null;
  if (!input || typeof input.found !== 'boolean') throw new ModelError('malformed_answer', `the language model answered without a ${LOCATE_TOOL} call saying found true or false`, usage);
  const reason = typeof input.reason === 'string' ? input.reason : '';
  if (!input.found) return { found: false, x: 0, y: 0, confidence: 0, reason, usage };
  const x = Number(input.x);
  const y = Number(input.y);
  // A point outside the image is no answer: acting there would hit something else.
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x > request.width || y > request.height) {
    throw new ModelError('malformed_answer', `the language model's point (${String(input.x)}, ${String(input.y)}) is not inside the ${request.width}×${request.height} image`, usage);
  }
  const confidence = typeof input.confidence === 'number' ? Math.min(1, Math.max(0, input.confidence)) : 0.5;
  return { found: true, x: Math.round(x), y: Math.round(y), confidence, reason, usage };
};

/** The Model port for the given settings, or over an injected client (tests, or a shared client). */
export const createClaudeModel = (settings: ClaudeSettings, client: Anthropic = createAnthropicClient(settings)): ClaudeModel =>
  new ClaudeModel(client, settings.model);
