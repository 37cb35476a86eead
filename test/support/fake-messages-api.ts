/**
 * A local stand-in for the Messages API (`POST /v1/messages`) on loopback, speaking enough of it for the real
 * `@anthropic-ai/sdk`: tool-use answers with `usage`, error bodies in the API's shape, and `retry-after-ms` so
 * the SDK's retries take a millisecond instead of seconds. Each test scripts the replies; calls are counted.
 *
 *   const api = await startFakeMessagesApi();
 *   api.script({ toolInput: { elementId: 'e3', reason: 'the only Save button' } });
 *   api.always({ status: 500 });                      // after the script runs out
 *   api.script((request) => ({ toolInput: … }));      // or a reply made from the request
 *   createClaudeModel({ apiKey: 'test', model: 'm', baseURL: api.url });
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

export interface FakeUsage {
  input_tokens: number;
  output_tokens: number;
}

export type FakeStaticReply =
  /** A forced tool call answering with this input (any shape: malformed inputs are the point of some tests). `usage: null` reports none. */
  | { toolInput: unknown; usage?: FakeUsage | null; delayMs?: number }
  /** A text answer with no tool call. */
  | { text: string; usage?: FakeUsage | null; delayMs?: number }
  /** An error status with a body in the API's error shape; `retryAfterSeconds` sends `retry-after` instead of a 1 ms `retry-after-ms`. */
  | { status: number; errorType?: string; message?: string; delayMs?: number; retryAfterSeconds?: number }
  /** A 200 whose body is cut off and its connection closed. */
  | { cut: true; delayMs?: number };

/** A fixed reply, or one made from the request (e.g. a choice read off the snapshot text it carries). */
export type FakeReply = FakeStaticReply | ((request: Record<string, unknown>) => FakeStaticReply);

export type FakeMessagesApi = ScriptedFake<FakeReply>;

export const DEFAULT_FAKE_USAGE: FakeUsage = { input_tokens: 1200, output_tokens: 40 };

const errorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

const send = (res: ServerResponse, status: number, body: unknown, retryAfterSeconds?: number) =>
  sendJson(res, status, body, { 'request-id': `req_fake_${Date.now()}`, ...retryHeaders(status, retryAfterSeconds) });

export const startFakeMessagesApi = async (): Promise<FakeMessagesApi> => {
  const replies = scriptedReplies<FakeStaticReply>({ status: 500, message: 'no reply scripted' });
  const { requests } = replies;

  const reply = (res: ServerResponse, body: Record<string, unknown>) => {
    const next = replies.next(body);
    after(res, next.delayMs, () => {
      if ('status' in next) {
        const type =
          next.errorType ?? errorTypes[next.status] ?? (next.status >= 500 ? 'api_error' : 'invalid_request_error');
        return send(
          res,
          next.status,
          { type: 'error', error: { type, message: next.message ?? `scripted ${next.status}` } },
          next.retryAfterSeconds,
        );
      }
      if ('cut' in next)
        return cutShort(res, {
          id: 'msg_cut',
          type: 'message',
          role: 'assistant',
          content: [{ type: 'text', text: 'x'.repeat(200) }],
          usage: DEFAULT_FAKE_USAGE,
        });
      const toolName = (body.tool_choice as { name?: string } | undefined)?.name ?? 'tool';
      const content =
        'toolInput' in next
          ? [{ type: 'tool_use', id: `toolu_fake_${requests.length}`, name: toolName, input: next.toolInput }]
          : [{ type: 'text', text: next.text }];
      send(res, 200, {
        id: `msg_fake_${requests.length}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content,
        stop_reason: 'toolInput' in next ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        ...(next.usage === null ? {} : { usage: next.usage ?? DEFAULT_FAKE_USAGE }),
      });
    });
  };

  const server = await listenOnLoopback((req, res) => {
    void (async () => {
      // `/v1/messages` is Claude's own API; `/model/{id}/invoke` is the same body on Bedrock.
      if (
        req.method !== 'POST' ||
        !(req.url?.startsWith('/v1/messages') || /^\/model\/[^/]+\/invoke$/.test(req.url ?? ''))
      )
        return send(res, 404, {
          type: 'error',
          error: { type: 'not_found_error', message: `${req.method} ${req.url}` },
        });
      const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
      replies.record(body);
      reply(res, body);
    })().catch((error: unknown) =>
      send(res, 500, { type: 'error', error: { type: 'api_error', message: String(error) } }),
    );
  });

  return {
    url: server.url,
    ...replies.controls,
    get calls() {
      return requests.length;
    },
    close: server.close,
  };
};
