/**
 * A local stand-in for an OpenAI-compatible server (`POST /v1/chat/completions`, `GET /v1/models`) on loopback,
 * for the real `openai` SDK. Its quirks are those of the servers users run: a model without tool support (refused
 * the way Ollama words it), no `json_schema` response format, no `usage` in replies, tool call arguments sent as an
 * object instead of a JSON string, an unknown model answered with a 404. Each test scripts the replies; a scripted
 * tool answer is written as a tool call when the request offered tools, else as JSON text (JSON mode).
 *
 *   const api = await startFakeChatCompletions({ tools: false, usage: false });
 *   api.script({ toolInput: { elementId: 'e3', reason: 'the only Save button' } });
 *   createOpenAiModel({ baseURL: api.url, model: 'm' });
 */
import type { ServerResponse } from 'node:http';
import {
  after,
  cutShort,
  listenOnLoopback,
  readBody,
  retryHeaders,
  scriptedReplies,
  sendJson,
  type ScriptedFake,
} from './fake-http.js';

export interface ChatQuirks {
  /** The model takes tools (default true); false refuses any request with `tools` with a 400. */
  tools: boolean;
  /** How tools are refused when `tools` is false (default: Ollama's 400); llama.cpp without `--jinja` answers a 500. */
  toolsRefusal?: { status: number; message: string };
  /** The server takes `response_format: json_schema` (default true). */
  jsonSchema: boolean;
  /** The server takes `response_format: json_object` (default true; LM Studio does not). */
  jsonObject: boolean;
  /** Replies carry `usage` (default true). */
  usage: boolean;
  /** Tool call arguments as an object rather than the API's JSON string (default false). */
  argumentsAsObject: boolean;
  /** Refuses `max_tokens` as OpenAI's newer models do, asking for `max_completion_tokens` (default false). */
  maxCompletionTokensOnly: boolean;
  /** The models the server has (default: any model is served and `GET /models` lists `m`). */
  models?: string[];
}

export type ChatStaticReply =
  /** The structured answer: a tool call when tools were offered, else this value as JSON text. */
  | { toolInput: unknown; usage?: { prompt_tokens: number; completion_tokens: number }; delayMs?: number }
  /** A tool call whose arguments are this raw text (a malformed call when it is not JSON). */
  | { rawArguments: string; delayMs?: number }
  /** Plain text content (no tool call). */
  | { text: string; usage?: { prompt_tokens: number; completion_tokens: number }; delayMs?: number }
  | { status: number; message?: string; delayMs?: number; retryAfterSeconds?: number }
  | { cut: true; delayMs?: number };

export type ChatReply = ChatStaticReply | ((request: Record<string, unknown>) => ChatStaticReply);

export interface FakeChatCompletions extends ScriptedFake<ChatReply> {
  /** Change the server's quirks until the next `reset`. */
  quirks(change: Partial<ChatQuirks>): void;
}

export const DEFAULT_CHAT_USAGE = { prompt_tokens: 1200, completion_tokens: 40 };

const error = (res: ServerResponse, status: number, message: string, retryAfterSeconds?: number) =>
  sendJson(
    res,
    status,
    { error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } },
    retryHeaders(status, retryAfterSeconds),
  );

export const startFakeChatCompletions = async (initial: Partial<ChatQuirks> = {}): Promise<FakeChatCompletions> => {
  const defaults: ChatQuirks = {
    tools: true,
    jsonSchema: true,
    jsonObject: true,
    usage: true,
    argumentsAsObject: false,
    maxCompletionTokensOnly: false,
  };
  let quirks: ChatQuirks = { ...defaults, ...initial };
  const replies = scriptedReplies<ChatStaticReply>({ status: 500, message: 'no reply scripted' });
  const { requests } = replies;

  const complete = (res: ServerResponse, body: Record<string, unknown>) => {
    const model = String(body.model);
    if (quirks.models && !quirks.models.includes(model))
      return error(res, 404, `model "${model}" not found, try pulling it first`);
    if (quirks.maxCompletionTokensOnly && body.max_tokens !== undefined) {
      return error(
        res,
        400,
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      );
    }
    if (body.tools && !quirks.tools) {
      const refusal = quirks.toolsRefusal ?? {
        status: 400,
        message: `registry.ollama.ai/library/${model} does not support tools`,
      };
      return error(res, refusal.status, refusal.message);
    }
    const format = (body.response_format as { type?: string } | undefined)?.type;
    if (format === 'json_schema' && !quirks.jsonSchema)
      return error(res, 400, "response_format type 'json_schema' is not supported by this server");
    if (format === 'json_object' && !quirks.jsonObject)
      return error(res, 400, "'response_format.type' must be 'json_schema' or 'text'");
    const next = replies.next(body);
    after(res, next.delayMs, () => {
      if ('status' in next)
        return error(res, next.status, next.message ?? `scripted ${next.status}`, next.retryAfterSeconds);
      if ('cut' in next)
        return cutShort(res, {
          id: 'cut',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: 'x'.repeat(200) } }],
        });
      const toolName = ((body.tools as Array<{ function: { name: string } }> | undefined) ?? [])[0]?.function.name;
      const asCall = toolName && ('toolInput' in next || 'rawArguments' in next);
      const args =
        'rawArguments' in next
          ? next.rawArguments
          : 'toolInput' in next
            ? quirks.argumentsAsObject
              ? next.toolInput
              : JSON.stringify(next.toolInput)
            : undefined;
      const message = asCall
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: `call_${requests.length}`, type: 'function', function: { name: toolName, arguments: args } },
            ],
          }
        : {
            role: 'assistant',
            content:
              'text' in next ? next.text : 'toolInput' in next ? JSON.stringify(next.toolInput) : next.rawArguments,
          };
      const usage = ('usage' in next && next.usage) || DEFAULT_CHAT_USAGE;
      sendJson(res, 200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [{ index: 0, message, finish_reason: asCall ? 'tool_calls' : 'stop' }],
        ...(quirks.usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
      });
    });
  };

  const server = await listenOnLoopback((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/v1/models') {
        return sendJson(res, 200, {
          object: 'list',
          data: (quirks.models ?? ['m']).map((id) => ({ id, object: 'model', created: 0, owned_by: 'library' })),
        });
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return error(res, 404, `${req.method} ${req.url} not found`);
      const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      replies.record(body);
      complete(res, body);
    })().catch((e: unknown) => error(res, 500, String(e)));
  });

  return {
    url: `${server.url}/v1`,
    ...replies.controls,
    get calls() {
      return requests.length;
    },
    quirks: (change) => {
      quirks = { ...quirks, ...change };
    },
    reset: () => {
      replies.controls.reset();
      quirks = { ...defaults, ...initial };
    },
    close: server.close,
  };
};
