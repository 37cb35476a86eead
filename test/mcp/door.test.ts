/**
 * The /mcp door's answers to JSON-RPC requests that do not fit the protocol's shapes, without a browser: a
 * dispatch that would answer any tool call, so only the door and the MCP server decide.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { buildEvent } from '../../functions/http/local/event.js';
import { createMcpDoor } from '../../functions/mcp/door.js';

const door = createMcpDoor({
  isKnownKey: async (token) => token === 'shk_test',
  dispatch: async () => ({ status: 200, body: JSON.stringify({ data: { sessions: [] } }) }),
});

const mcpEvent = (message: unknown): APIGatewayProxyEvent =>
  buildEvent({
    method: 'POST',
    path: '/mcp',
    headers: {
      authorization: 'Bearer shk_test',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify(message),
  });

const post = async (message: unknown) => {
  const answer = await door(mcpEvent(message));
  return { status: answer.statusCode, json: JSON.parse(answer.body) };
};

const request = (method: string, params?: unknown) => ({ jsonrpc: '2.0', id: 7, method, params });

describe('/mcp with messages that are no JSON-RPC request', () => {
  it.each([
    [[], 'an empty batch'],
    [{ jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }, 'an id must be'],
    [[{ jsonrpc: '2.0', id: [1], method: 'ping' }], 'an id must be'],
  ])('%j answers -32600 Invalid Request', async (message, said) => {
    const { status, json } = await post(message);
    expect(status).toBe(400);
    expect(json).toMatchObject({ id: null, error: { code: -32600 } });
    expect(json.error.message).toContain(said);
  });

  it('answers a body said to be compressed with 415, as the API does', async () => {
    const event = mcpEvent({ jsonrpc: '2.0', id: 'z', method: 'ping' });
    event.headers = { ...event.headers, 'content-encoding': 'gzip' };
    const answer = await door(event);
    expect(answer.statusCode).toBe(415);
    expect(JSON.parse(answer.body)).toMatchObject({ id: null, error: { code: -32000 } });
    expect(JSON.parse(answer.body).error.message).toContain('Content-Encoding is gzip');
  });

  it('still answers a ping', async () => {
    const { json } = await post({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    expect(json).toMatchObject({ id: 'p', result: {} });
  });
});

describe('/mcp with params of the wrong shape', () => {
  it.each([
    ['tools/call', { name: 'session_list', arguments: 'not an object' }, 'arguments'],
    ['tools/call', { name: 5 }, 'name'],
    ['tools/call', undefined, 'params'],
    ['tools/list', { cursor: 5 }, 'params.cursor'],
    ['initialize', { protocolVersion: '2025-06-18', capabilities: {} }, 'params.clientInfo'],
    [
      'initialize',
      { protocolVersion: 2025, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      'params.protocolVersion',
    ],
  ])('%s %j answers -32602 Invalid params naming %s', async (method, params, field) => {
    const { status, json } = await post(request(method, params));
    expect(status).toBe(200);
    expect(json.id).toBe(7);
    expect(json.error.code).toBe(-32602);
    expect(json.error.message).toContain(field);
    // The code is said once, in its field: not again in front of the message.
    expect(json.error.message).not.toMatch(/MCP error/);
  });

  it('answers a call of a tool that does not exist with -32602 naming it, once', async () => {
    const { json } = await post(request('tools/call', { name: 'no_such_tool', arguments: {} }));
    expect(json.error).toEqual({ code: -32602, message: 'no tool is named no_such_tool; tools/list names them' });
  });

  it('still starts, lists the tools and calls one when the params fit', async () => {
    const init = await post(
      request('initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      }),
    );
    expect(init.json.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: { name: 'sessionhost' } });
    const list = await post(request('tools/list', {}));
    expect(list.json.result.tools.length).toBeGreaterThan(10);
    const call = await post(request('tools/call', { name: 'session_list', arguments: {} }));
    expect(call.json.result.isError).toBeFalsy();
  });
});

describe('a tool call whose client leaves', () => {
  it('passes the departure to the call it makes, which stops', async () => {
    let seen: AbortSignal | undefined;
    const leaving = createMcpDoor({
      isKnownKey: async () => true,
      dispatch: (_request, signal) =>
        new Promise((resolve) => {
          seen = signal;
          const answer = () => resolve({ status: 499, body: '' });
          if (signal?.aborted) answer();
          signal?.addEventListener('abort', answer);
          setTimeout(() => resolve({ status: 200, body: '{}' }), 10_000).unref();
        }),
    });
    const left = new AbortController();
    const event = mcpEvent(request('tools/call', { name: 'session_list', arguments: {} }));
    const started = Date.now();
    setTimeout(() => left.abort(), 100);
    await leaving(event, { clientGone: left.signal });
    expect(seen?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
