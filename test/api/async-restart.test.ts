/**
 * Nothing is lost across a restart: a service stopped while a request runs and while a webhook waits for its retry
 * is started again on the same data dir; the request runs to its end and the webhook is delivered.
 */
import { rm, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../functions/core/orgs/api-keys.js';
import type { AsyncOperationRegistry } from '../../functions/core/requests/deps.js';
import { succeeded } from '../../functions/core/operations/result.js';
import type { Deps } from '../../functions/api/deps.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

/** Before the restart the `block` mode runs until the worker stops it; after it, every run succeeds. */
const beforeRestart: AsyncOperationRegistry<Deps> = {
  fillForm: async (_deps, _target, body: { parameters?: { mode?: string } }, signal) => {
    if (body.parameters?.mode === 'block') {
      await new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject(new Error('stopped')), { once: true }),
      );
    }
    return succeeded('before restart');
  },
};
const afterRestart: AsyncOperationRegistry<Deps> = { fillForm: async () => succeeded('after restart') };

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('restart of the local service', () => {
  it('resumes pending requests and pending webhook deliveries', async () => {
    let receiverUp = false;
    const posts: string[] = [];
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        posts.push(receiverUp ? 'up' : 'down');
        res.statusCode = receiverUp ? 200 : 503;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => receiver.close(resolve)));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-restart-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const apiKey = generateApiKey();
    // A long first retry wait, so the retry is still ahead when the service stops.
    const config = { dataDir, apiKey, warmPoolSize: 1, webhookMaxAttempts: 4, webhookRetryBaseMs: 1_500 };

    const first: TestService = await startTestService(config, { asyncOperations: beforeRestart });
    let stopped = false;
    cleanups.push(async () => (stopped ? undefined : first.stop()));
    const sessionId = (await createRunningSession(first)).id;
    const windowId = (
      await first.app.inject({
        method: 'POST',
        path: `/v1/sessions/${sessionId}/windows`,
        headers: first.auth,
        body: { url: 'about:blank' },
      })
    ).json.data.windowId;
    const accept = (body: Record<string, unknown>) =>
      first.app.inject({
        method: 'POST',
        path: `/v1/async/sessions/${sessionId}/windows/${windowId}/fill-form`,
        headers: first.auth,
        body: { automationId: 'a', ...body },
      });

    const running = (await accept({ parameters: { mode: 'block' } })).json.requestId as string;
    const delivering = (await accept({ async: { webhookUrl: hook } })).json.requestId as string;
    const status = (svc: TestService, id: string) =>
      svc.app.inject({ method: 'GET', path: `/v1/requests/${id}/status`, headers: svc.auth });
    const firstTry = await waitFor(
      () => status(first, delivering),
      (res) => res.json.webhook?.attempts.length === 1,
    );
    expect(firstTry.json.webhook).toMatchObject({ state: 'pending', attempts: [{ statusCode: 503 }] });
    expect(firstTry.json.webhook.nextAttemptAt).toBeDefined();
    expect((await status(first, running)).json.status).toBe('pending');

    await first.stop();
    stopped = true;
    receiverUp = true;

    const second = await startTestService(config, { asyncOperations: afterRestart });
    cleanups.push(() => second.stop());
    const resumed = await waitFor(
      () => status(second, running),
      (res) => res.json.status !== 'pending',
    );
    expect(resumed.json).toMatchObject({ status: 'completed', response: { data: { modelResponse: 'after restart' } } });
    const delivered = await waitFor(
      () => status(second, delivering),
      (res) => res.json.webhook?.state !== 'pending',
    );
    expect(delivered.json.webhook.state).toBe('delivered');
    expect(delivered.json.webhook.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 200]);
    expect(delivered.json.response.data.modelResponse).toBe('before restart');
    expect(posts).toEqual(['down', 'up']);
  }, 60_000);
});
