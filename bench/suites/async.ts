/**
 * Async requests: how fast `POST /v1/async/.../fill-form` answers 201 over loopback (bar: p50 ≤ 20 ms), and how
 * soon after an operation completes its webhook reaches a loopback receiver (bar: p50 ≤ 200 ms). The service runs
 * in this process with an instant stand-in operation, so the second figure is the worker's own cost (store the
 * result, sign, POST), not the operation's.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey } from '../../functions/core/orgs/api-keys.js';
import { succeeded } from '../../functions/core/operations/result.js';
import { loadConfig } from '../../functions/config/config.js';
import { createLogger } from '../../functions/config/logger.js';
import { startLocalService } from '../../functions/composition/local/service.js';
import { sleep, stats } from '../support.js';

const ACCEPT_BAR_MS = 20;
const WEBHOOK_BAR_MS = 200;

export const asyncSuite = async (options: { requests?: number } = {}) => {
  const total = options.requests ?? 100;
  const completedAt = new Map<string, number>();
  const deliveredAt = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        response?: { meta?: { clientProvided?: { clientRequestId?: string } } };
      };
      const id = body.response?.meta?.clientProvided?.clientRequestId;
      if (id) deliveredAt.set(id, at);
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-bench-async-'));
  const key = generateApiKey();
  const config = loadConfig(
    {},
    { stage: 'production', port: 0, dataDir, apiKey: key, logLevel: 'warn', warmPoolSize: 1 },
  );
  const service = await startLocalService(config, {
    log: createLogger('warn'),
    asyncOperations: {
      fillForm: async (_deps, _target, body: { clientRequestId?: string }) => {
        const result = succeeded('filled');
        if (body.clientRequestId) completedAt.set(body.clientRequestId, performance.now());
        return result;
      },
    },
  });
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as any };
  };
  try {
    const session = await call('POST', '/v1/sessions', {});
    const sessionId: string = session.json.data.id;
    for (let i = 0; i < 600; i += 1) {
      if ((await call('GET', `/v1/sessions/${sessionId}`)).json.data.status === 'running') break;
      await sleep(50);
    }
    const windowId: string = (await call('POST', `/v1/sessions/${sessionId}/windows`, { url: 'about:blank' })).json.data
      .windowId;
    const path = `/v1/async/sessions/${sessionId}/windows/${windowId}/fill-form`;

    // A baseline under the same conditions: an authenticated read of the session (one records read).
    const readMs: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const started = performance.now();
      await call('GET', `/v1/sessions/${sessionId}`);
      if (i >= 10) readMs.push(performance.now() - started);
      await sleep(20);
    }

    const acceptMs: number[] = [];
    for (let i = 0; i < total + 10; i += 1) {
      const started = performance.now();
      const res = await call('POST', path, {
        automationId: 'bench',
        clientRequestId: `r${i}`,
        async: { webhookUrl: hook },
      });
      if (res.status !== 201) throw new Error(`accept answered ${res.status}: ${JSON.stringify(res.json)}`);
      if (i >= 10) acceptMs.push(performance.now() - started); // the first ten warm up JIT, pools and the auth cache
      await sleep(20); // one at a time, as a client fires requests, not a flood that queues behind itself
    }
    for (let i = 0; i < 200 && deliveredAt.size < total + 10; i += 1) await sleep(50);
    const afterCompletionMs = [...deliveredAt.entries()]
      .filter(([id]) => Number(id.slice(1)) >= 10 && completedAt.has(id))
      .map(([id, at]) => at - completedAt.get(id)!);
    const accept201 = stats(acceptMs);
    const webhookAfterCompletion = stats(afterCompletionMs);
    return {
      baselineGetSession: stats(readMs),
      accept201: { ...accept201, bar: { p50AtMostMs: ACCEPT_BAR_MS, met: accept201.p50 <= ACCEPT_BAR_MS } },
      webhookAfterCompletion: {
        ...webhookAfterCompletion,
        undelivered: total + 10 - deliveredAt.size,
        bar: { p50AtMostMs: WEBHOOK_BAR_MS, met: webhookAfterCompletion.p50 <= WEBHOOK_BAR_MS },
      },
    };
  } finally {
    await service.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  }
};
