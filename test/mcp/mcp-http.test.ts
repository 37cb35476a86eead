/** The MCP door at /mcp over Streamable HTTP, with the SDK's own client against the running local service. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { toolSpecs } from '../../functions/mcp/tools.js';
import { expectFieldErrors, runFormTask, testBed, type Connect } from './scenario.js';

const bed = testBed();

const connect: Connect = async (key) => {
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', bed.svc.url), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  bed.clients.push(client);
  return client;
};

describe('MCP over Streamable HTTP', () => {
  it('lists every tool with a description and an object input schema', async () => {
    const client = await connect(bed.svc.key);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(toolSpecs.map((spec) => spec.name).sort());
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(30);
      expect(tool.inputSchema.type).toBe('object');
    }
    const type = tools.find((tool) => tool.name === 'window_type')!;
    expect(type.inputSchema.required).toEqual(expect.arrayContaining(['sessionId', 'windowId', 'text']));
  });

  it('runs a form task end to end; another org cannot touch the session', async () => {
    const other = await bed.svc.newOrg('mcp-other');
    await runFormTask(await connect(bed.svc.key), `${bed.fixtures.url}/form.html`, await connect(other.key));
  });

  it('answers bad arguments with a tool error naming the field', async () => {
    await expectFieldErrors(await connect(bed.svc.key));
  });

  it('refuses a missing or unknown key before any tool runs, and GET with 405', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const none = await fetch(`${bed.svc.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(init) });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'unauthorized', status: 401 });
    const wrong = await fetch(`${bed.svc.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer sk_nope' },
      body: JSON.stringify(init),
    });
    expect(wrong.status).toBe(401);
    const get = await fetch(`${bed.svc.url}/mcp`, { headers: { ...bed.svc.auth, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toMatchObject({ code: 'method_not_allowed' });
  });
});
