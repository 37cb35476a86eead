/**
 * The service as a user starts it with a local model: `MODEL_PROVIDER=openai OPENAI_BASE_URL=… MODEL_NAME=m npm start`
 * (bin/local.ts in its own process), against a local server speaking Chat Completions through the real SDK, on real
 * Chromium. page-query answers from the model (success, charged at least a credit), and a description the offline
 * resolver cannot settle (three equal "Add to cart" buttons) is decided by the model.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../functions/core/orgs/api-keys.js';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.js';

let api: FakeChatCompletions;
let fixtures: FixtureServer;
let child: ChildProcess;
let dataDir: string;
let base: string;
let output = '';
const key = generateApiKey();

/** The fake model: a structured choice names the first "Add to cart" button of the snapshot it was sent; questions get prose. */
const fakeModel = (request: Record<string, unknown>) => {
  const sent = (request.messages as Array<{ content: unknown }>).map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
  if (request.tools || request.response_format) {
    const id = /^(e\d+) button "Add to cart"/m.exec(sent)?.[1] ?? 'none';
    return { toolInput: { elementId: id, reason: 'the first Add to cart button, in page order' } };
  }
  return { text: 'The Pro plan costs 8 euros a month.', usage: { prompt_tokens: 1500, completion_tokens: 12 } };
};

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
};

beforeAll(async () => {
  [api, fixtures] = await Promise.all([startFakeChatCompletions(), startFixtureServer()]);
  api.always(fakeModel);
  dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-openai-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts', '--port', '0', '--api-key', key, '--data-dir', dataDir], {
    env: { ...process.env, MODEL_PROVIDER: 'openai', OPENAI_BASE_URL: api.url, MODEL_NAME: 'm', WARM_POOL_SIZE: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (chunk) => (output += chunk));
  base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
  });
}, 120_000);
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await api?.close();
  await fixtures?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('npm start with MODEL_PROVIDER=openai', { timeout: 120_000 }, () => {
  let sessionId: string;
  const openWindow = async (page: string) => {
    const res = await call('POST', `/v1/sessions/${sessionId}/windows`, { url: `${fixtures.url}${page}` });
    expect(res.status, `${JSON.stringify(res.json)}\n${output}`).toBe(201);
    return res.json.data.windowId as string;
  };

  beforeAll(async () => {
    const created = await call('POST', '/v1/sessions', {});
    sessionId = created.json.data.id;
    for (let i = 0; i < 600 && (await call('GET', `/v1/sessions/${sessionId}`)).json.data.status !== 'running'; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
  }, 90_000);

  it('answers page-query from the model: success, at least a credit, no start-up warning', async () => {
    const windowId = await openWindow('/query/plans.html');
    const res = await call('POST', `/v1/sessions/${sessionId}/windows/${windowId}/page-query`, { prompt: 'How much does the Pro plan cost per month?' });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.data.modelResponse).toBe('The Pro plan costs 8 euros a month.');
    expect(res.json.meta.usage.credits).toBeGreaterThanOrEqual(1);
    const asked = api.requests.find((r) => !r.tools && !r.response_format)!;
    expect(asked.model).toBe('m');
    expect(JSON.stringify(asked.messages)).toContain('How much does the Pro plan cost per month?');
    expect(output).not.toContain('warning: model provider openai');
  });

  it('lets the model decide a description the offline resolver finds three equal answers for', async () => {
    const windowId = await openWindow('/resolve/shop.html');
    const before = api.calls;
    const res = await call('POST', `/v1/sessions/${sessionId}/windows/${windowId}/hover`, { elementDescription: 'the Add to cart button' });
    expect(res.json.meta.status, JSON.stringify(res.json)).toBe('success');
    expect(res.json.meta.usage.credits).toBeGreaterThanOrEqual(1);
    const tools = api.requests.slice(before).map((r) => (r.tools as Array<{ function: { name: string } }> | undefined)?.[0]?.function.name);
    // The element choice settled it: no look at a screenshot was needed.
    expect(tools).toEqual(['choose_element']);
    const asked = api.requests.slice(before).find((r) => r.tools);
    expect(JSON.stringify(asked!.messages)).toContain('the Add to cart button');
  });
});
