/**
 * A client that leaves before its answer: the local server tells the operation (its signal aborts), so a monitor
 * or a long action stops instead of working a minute for nobody. A client that stays is never told so.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildHttpHandler, type ClientAware } from '../../functions/http/http-handler.js';
import { createHttpServer, type ServedApp } from '../../functions/http/local/http-server.js';

const seen: Array<{ path: string; aborted: boolean }> = [];

const app: ServedApp = {
  deps: {
    config: { maxBodyBytes: 1_048_576 } as ServedApp['deps']['config'],
    log: { error: () => undefined } as unknown as ServedApp['deps']['log'],
  },
  handle: async (event, options) => {
    const record = { path: event.path, aborted: false };
    seen.push(record);
    const wait = event.path === '/slow' ? 5_000 : 50;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      options?.clientGone?.addEventListener('abort', () => {
        record.aborted = true;
        clearTimeout(timer);
        resolve();
      });
    });
    return { statusCode: 200, headers: {}, body: 'done' };
  },
};

const server = createHttpServer(app);
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('tells the operation when its client leaves before the answer', async () => {
  const request = http.get(`${base}/slow`);
  request.on('error', () => undefined);
  await vi.waitFor(() => expect(seen.some((s) => s.path === '/slow')).toBe(true));
  request.destroy();
  await vi.waitFor(() => expect(seen.find((s) => s.path === '/slow')?.aborted).toBe(true), { timeout: 2_000 });
});

it('never tells an operation whose client waits for its answer', async () => {
  const response = await fetch(`${base}/quick`);
  expect(await response.text()).toBe('done');
  expect(seen.find((s) => s.path === '/quick')?.aborted).toBe(false);
});

it("passes the client's departure to the operation's signal, beside its time limit", async () => {
  const left = new AbortController();
  let signal: AbortSignal | undefined;
  const handler = buildHttpHandler(
    { operationId: 'listSessions', method: 'GET', path: '/x', auth: false } as never,
    async (input) => {
      signal = input.signal;
      left.abort();
      return { statusCode: 204, headers: {}, body: '' };
    },
    () => ({ config: {}, log: { info: () => undefined, warn: () => undefined, error: () => undefined } }) as never,
  );
  const context = { getRemainingTimeInMillis: () => 30_000, clientGone: left.signal } as ClientAware;
  await handler(
    {
      httpMethod: 'GET',
      path: '/x',
      headers: {},
      requestContext: { requestId: 'r1' },
    } as unknown as APIGatewayProxyEvent,
    context as never,
  ).catch(() => undefined);
  expect(signal?.aborted).toBe(true);
});
