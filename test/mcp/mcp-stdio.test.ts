/** The stdio bridge (`npm run mcp`) passes the same task as Streamable HTTP: the SDK's stdio client spawns it. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestService } from '../support/service.js';
import { toolSpecs } from '../../functions/mcp/tools.js';
import { call, expectFieldErrors, runFormTask, testBed, type Connect } from './scenario.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bed = testBed();

const connectTo =
  (url: () => string): Connect =>
  async (key) => {
    const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['run', '--silent', 'mcp', '--', '--url', url(), '--key', key],
      cwd: root,
      stderr: 'pipe',
      env: { ...process.env } as Record<string, string>,
    });
    await client.connect(transport);
    bed.clients.push(client);
    return client;
  };
const connect = connectTo(() => bed.svc.url);

describe('MCP over the stdio bridge', () => {
  it('lists the same tools', async () => {
    const { tools } = await (await connect(bed.svc.key)).listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(toolSpecs.map((spec) => spec.name).sort());
  });

  it('runs the form task end to end; another org cannot touch the session', async () => {
    const other = await bed.svc.newOrg('mcp-stdio-other');
    await runFormTask(await connect(bed.svc.key), `${bed.fixtures.url}/form.html`, await connect(other.key));
  });

  it('answers bad arguments with a tool error naming the field', async () => {
    await expectFieldErrors(await connect(bed.svc.key));
  });

  it('answers every request of a client that writes them and closes stdin at once (a pipe)', async () => {
    const bridge = spawn('npm', ['run', '--silent', 'mcp', '--', '--url', bed.svc.url, '--key', bed.svc.key], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    bridge.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const message = (id: number, method: string, params: unknown) =>
      `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
    bridge.stdin.end(
      message(1, 'initialize', {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'pipe', version: '1' },
      }) + message(2, 'tools/list', {}),
    );
    const code = await new Promise<number | null>((resolve) => bridge.once('exit', resolve));
    const answers = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; result?: { tools?: unknown[] } });
    expect(code).toBe(0);
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2]);
    expect(answers.find((a) => a.id === 2)?.result?.tools?.length).toBe(toolSpecs.length);
  });

  it('answers a line that is not JSON with a parse error, and goes on', async () => {
    const bridge = spawn('npm', ['run', '--silent', 'mcp', '--', '--url', bed.svc.url, '--key', bed.svc.key], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    bridge.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
    };
    bridge.stdin.end(
      `${JSON.stringify(initialize)}\ngarbage\n${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })}\n`,
    );
    await new Promise<number | null>((resolve) => bridge.once('exit', resolve));
    const answers = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number | null; error?: { code: number } });
    expect(answers.find((a) => a.id === null)?.error?.code).toBe(-32700);
    expect(answers.map((a) => a.id)).toEqual(expect.arrayContaining([1, 2]));
  });

  it('a wrong key fails the connection instead of hanging', async () => {
    await expect(connect('sk_not_a_key')).rejects.toThrow(/401|UNAUTHORIZED|failed/i);
  });

  it('a request the service cannot take gets an error answer, not silence', async () => {
    const client = await connect(bed.svc.key);
    // The service goes away under a connected client.
    const gone = await startTestService({});
    const late = await connectTo(() => gone.url)(gone.key);
    await gone.stop();
    await expect(call(late, 'session_list', {})).rejects.toThrow(/failed|fetch|ECONNREFUSED/i);
    expect((await client.listTools()).tools.length).toBe(toolSpecs.length);
  });
});
