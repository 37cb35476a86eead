/**
 * Async requests through the API on a running session (real Chromium): accepted at once with checks done
 * synchronously, run by the in-process worker, read back through the status endpoint (org-scoped); and the SQS
 * Lambda consumer reporting a failed record of a batch in `batchItemFailures`.
 */
import type { Context, SQSEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AsyncOperationRegistry } from '../../functions/core/requests/deps.js';
import type { RequestItem } from '../../functions/core/requests/model.js';
import { succeeded } from '../../functions/core/operations/result.js';
import { NotFoundError, ValidationError } from '../../functions/core/shared/errors.js';
import { OPEN_REQUESTS_INDEX_PK, recordKeys } from '../../functions/core/shared/record-keys.js';
import type { Deps } from '../../functions/api/deps.js';
import type { ExecuteAutomationBody } from '../../functions/core/automations/execute.js';
import { createAsyncRequestsHandler } from '../../functions/worker/sqs-batch.js';
import { createRunningSession, waitFor } from '../support/session-client.js';
import { startTestService, type TestService } from '../support/service.js';

/** Stand-in operations: the body's `parameters.mode` says how each run goes. */
const runs: Record<string, number> = Object.create(null);
const run = async (target: { windowId: string }, body: Partial<ExecuteAutomationBody>) => {
  const mode = body.parameters?.mode;
  runs[String(mode)] = (runs[String(mode)] ?? 0) + 1;
  if (mode === 'huge') return succeeded('x'.repeat(450_000));
  if (mode === 'throw') throw new NotFoundError('automation', body.automationId);
  if (mode === 'crash') throw new Error('internal detail that must not leak');
  if (mode === 'delay') await new Promise((resolve) => setTimeout(resolve, Number(body.parameters?.ms ?? 100)));
  return succeeded(`ran ${body.automationId ?? 'new automation'} in ${target.windowId}`, {
    credits: 3,
    warnings: [{ message: 'a note' }],
  });
};
/** The stand-in fill-form's own check, run at accept: `mode: 'refuse'` is bad input, `mode: 'unknown'` names nothing. */
const check = async (
  _deps: Deps,
  _target: unknown,
  body: { automationId?: string; parameters?: Record<string, unknown> },
) => {
  if (body.parameters?.mode === 'refuse')
    throw new ValidationError([{ location: 'body.parameters.mode', message: 'is refused by this automation' }]);
  if (body.parameters?.mode === 'unknown') throw new NotFoundError('automation', body.automationId);
};
const operations: AsyncOperationRegistry<Deps> = {
  fillForm: Object.assign(
    (_deps: Deps, target: { windowId: string }, body: Parameters<typeof run>[1]) => run(target, body),
    { check },
  ),
  executeAutomation: (_deps, target, body) => run(target, body),
  createFormFiller: (_deps, target, body) => run(target, body),
};

let svc: TestService;
let sessionId: string;
let windowId: string;

const accept = (suffix: string, body: Record<string, unknown>, auth = svc.auth, ids = { sessionId, windowId }) =>
  svc.app.inject({
    method: 'POST',
    path: `/v1/async/sessions/${ids.sessionId}/windows/${ids.windowId}/${suffix}`,
    headers: auth,
    body,
  });
const status = (requestId: string, auth = svc.auth) =>
  svc.app.inject({ method: 'GET', path: `/v1/requests/${requestId}/status`, headers: auth });
const settled = (requestId: string) =>
  waitFor(
    () => status(requestId),
    (res) => res.json.status !== 'pending',
  );

beforeAll(async () => {
  svc = await startTestService({ warmPoolSize: 1 }, { asyncOperations: operations });
  sessionId = (await createRunningSession(svc)).id;
  const window = await svc.app.inject({
    method: 'POST',
    path: `/v1/sessions/${sessionId}/windows`,
    headers: svc.auth,
    body: { url: 'about:blank' },
  });
  windowId = window.json.data.windowId;
});
afterAll(async () => {
  await svc?.stop();
});

describe('accepting an async request', () => {
  it('answers 201 with a request id at once, then the status moves from pending to completed with the AI envelope', async () => {
    const res = await accept('fill-form', {
      automationId: 'auto-1',
      parameters: { mode: 'delay', ms: 300 },
      clientRequestId: 'c-9',
    });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json)).toEqual(['requestId']);
    const pending = await status(res.json.requestId);
    expect(pending.statusCode).toBe(200);
    expect(pending.json).toEqual({ status: 'pending' });
    const done = await settled(res.json.requestId);
    expect(done.json.status).toBe('completed');
    expect(done.json.error).toBeUndefined();
    expect(done.json.response).toEqual({
      data: { modelResponse: `ran auto-1 in ${windowId}` },
      meta: {
        status: 'success',
        usage: { credits: 3, id: res.json.requestId },
        requestId: res.json.requestId,
        clientProvided: { clientRequestId: 'c-9' },
      },
      warnings: [{ message: 'a note' }],
    });
  });

  it('runs every async operation the service has, and answers 501 at once for one it lacks', async () => {
    const filler = await accept('create-form-filler', {});
    expect(filler.statusCode).toBe(201);
    expect((await settled(filler.json.requestId)).json.status).toBe('completed');
    const missing = await accept('create-automation', {});
    expect(missing.statusCode).toBe(501);
  });

  it('refuses bad input at once with 422 naming the field', async () => {
    const noId = await accept('fill-form', { parameters: {} });
    expect(noId.statusCode).toBe(422);
    expect(JSON.stringify(noId.json.errors)).toContain('automationId');
    const badHook = await accept('fill-form', { automationId: 'a', async: { webhookUrl: 'not a url' } });
    expect(badHook.statusCode).toBe(422);
    expect(JSON.stringify(badHook.json.errors)).toContain('webhookUrl');
    const scheme = await accept('fill-form', { automationId: 'a', async: { webhookUrl: 'ftp://127.0.0.1/x' } });
    expect(scheme.statusCode).toBe(422);
    expect(scheme.json.errors[0]).toMatchObject({ location: 'body.async.webhookUrl' });
  });

  it('answers 404 at once for an unknown session or window, and for a session of another org', async () => {
    expect(
      (
        await accept('fill-form', { automationId: 'a' }, svc.auth, {
          sessionId: '0190b4a0-0000-7000-8000-000000000000',
          windowId,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await accept('fill-form', { automationId: 'a' }, svc.auth, { sessionId, windowId: 'no-such-window' }))
        .statusCode,
    ).toBe(404);
    const other = await svc.newOrg('async-other');
    expect((await accept('fill-form', { automationId: 'a' }, other.auth)).statusCode).toBe(404);
  });

  describe("the operation's own check", () => {
    afterEach(() => vi.restoreAllMocks());
    /** Spies on the store and the queue: a refused request must leave no record and no message behind. */
    const watch = () => ({
      put: vi.spyOn(svc.deps.records, 'put'),
      send: vi.spyOn(svc.deps.asyncRequests.queue, 'send'),
    });

    it('refuses what it refuses with its 422 at once, storing and queueing nothing', async () => {
      const { put, send } = watch();
      const res = await accept('fill-form', { automationId: 'a', parameters: { mode: 'refuse' } });
      expect(res.statusCode).toBe(422);
      expect(res.json.errors).toEqual([
        expect.objectContaining({ location: 'body.parameters.mode', message: 'is refused by this automation' }),
      ]);
      expect(put).not.toHaveBeenCalled();
      expect(send).not.toHaveBeenCalled();
    });

    it('answers its 404 at once, storing and queueing nothing', async () => {
      const { put, send } = watch();
      const res = await accept('fill-form', { automationId: 'gone', parameters: { mode: 'unknown' } });
      expect(res.statusCode).toBe(404);
      expect(res.json.detail).toMatch(/gone/);
      expect(put).not.toHaveBeenCalled();
      expect(send).not.toHaveBeenCalled();
    });

    it('checks the body before the session, as the synchronous route does', async () => {
      const res = await accept('fill-form', { automationId: 'a', parameters: { mode: 'refuse' } }, svc.auth, {
        sessionId: '0190b4a0-0000-7000-8000-000000000000',
        windowId,
      });
      expect(res.statusCode).toBe(422);
    });

    it('a body it accepts is stored, queued and run', async () => {
      const { put, send } = watch();
      const res = await accept('fill-form', { automationId: 'fine', parameters: { mode: 'ok' } });
      expect(res.statusCode).toBe(201);
      expect(put).toHaveBeenCalledTimes(1);
      expect(send).toHaveBeenCalledTimes(1);
      expect((await settled(res.json.requestId)).json.status).toBe('completed');
    });
  });

  it('warns when the webhook URL is plain http', async () => {
    const res = await accept('fill-form', { automationId: 'a', async: { webhookUrl: 'http://127.0.0.1:9/hook' } });
    expect(res.statusCode).toBe(201);
    expect(res.json.warnings).toEqual([expect.objectContaining({ code: 'webhook_not_https' })]);
  });
});

describe('request status', () => {
  it('ends in error with the reason when the operation fails, hiding internal details', async () => {
    const failing = await accept('execute-automation', { automationId: 'gone', parameters: { mode: 'throw' } });
    expect((await settled(failing.json.requestId)).json).toEqual({
      status: 'error',
      error: 'automation gone not found',
    });
    const crashing = await accept('execute-automation', { automationId: 'x', parameters: { mode: 'crash' } });
    const crashed = await settled(crashing.json.requestId);
    expect(crashed.json.status).toBe('error');
    expect(crashed.json.error).not.toContain('internal detail');
  });

  it('runs once and ends in error saying so when the result is too large to keep, instead of running again', async () => {
    const accepted = await accept('execute-automation', { automationId: 'auto-1', parameters: { mode: 'huge' } });
    expect(accepted.statusCode).toBe(201);
    const res = await settled(accepted.json.requestId);
    expect(res.json).toMatchObject({ status: 'error', error: expect.stringContaining('result is larger than') });
    expect(runs.huge).toBe(1);
  });

  it("answers 404 for another org's request and for an unknown id", async () => {
    const res = await accept('fill-form', { automationId: 'mine' });
    const other = await svc.newOrg('status-other');
    const foreign = await status(res.json.requestId, other.auth);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json).toMatchObject({ status: 404, title: 'Not Found' });
    expect((await status('0190b4a0-0000-7000-8000-000000000001')).statusCode).toBe(404);
  });

  it('treats an expired request as gone', async () => {
    const res = await accept('fill-form', { automationId: 'short-lived' });
    await settled(res.json.requestId);
    const orgId = (await svc.deps.authenticate(svc.key))!.orgId;
    await svc.deps.records.update(recordKeys.request(orgId, res.json.requestId), {
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    expect((await status(res.json.requestId)).statusCode).toBe(404);
  });
});

describe('SQS Lambda consumer', () => {
  /** A pending request stored without queueing it locally, so only the Lambda handler runs it. */
  const storePending = (orgId: string, requestId: string, automationId: string) =>
    svc.deps.records.put({
      ...recordKeys.request(orgId, requestId),
      gsi1pk: OPEN_REQUESTS_INDEX_PK,
      gsi1sk: requestId,
      version: 0,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      requestId,
      orgId,
      operation: 'fillForm',
      sessionId,
      windowId,
      body: JSON.stringify({ automationId }),
      status: 'pending',
      createdAt: new Date().toISOString(),
    } satisfies RequestItem);

  it('handles a batch record by record and names only the failed one in batchItemFailures', async () => {
    const orgId = (await svc.deps.authenticate(svc.key))!.orgId;
    const requestId = '0190b4a0-0000-7000-8000-00000000abcd';
    await storePending(orgId, requestId, 'via-sqs');
    const record = (messageId: string, body: string) => ({
      messageId,
      body,
      receiptHandle: `r-${messageId}`,
      attributes: {},
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:requests',
      awsRegion: 'us-east-1',
    });
    const event = {
      Records: [record('good', JSON.stringify({ kind: 'run', orgId, requestId })), record('bad', '{"kind":"explode"}')],
    } as unknown as SQSEvent;
    const handler = createAsyncRequestsHandler(() => svc.deps);
    const out = await handler(event, {} as Context);
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad' }] });
    const done = await status(requestId);
    expect(done.json).toMatchObject({
      status: 'completed',
      response: { data: { modelResponse: `ran via-sqs in ${windowId}` } },
    });
  });

  it('gives a request up on the last receive: it ends in error with the reason instead of staying pending', async () => {
    const orgId = (await svc.deps.authenticate(svc.key))!.orgId;
    const requestId = '0190b4a0-0000-7000-8000-00000000abce';
    const key = recordKeys.request(orgId, requestId);
    await storePending(orgId, requestId, 'given-up');
    // The store refuses the run's write (an outage), once per receive.
    let outage = true;
    const records = new Proxy(svc.deps.records, {
      get: (target, name) =>
        name === 'update'
          ? (...args: Parameters<typeof target.update>) => {
              if (outage) {
                outage = false;
                return Promise.reject(new Error('store unavailable'));
              }
              return target.update(...args);
            }
          : Reflect.get(target, name),
    });
    const deps = { ...svc.deps, records };
    const body = JSON.stringify({ kind: 'run', orgId, requestId });
    const record = (receives: number) => ({
      messageId: `m-${receives}`,
      body,
      receiptHandle: 'r',
      attributes: { ApproximateReceiveCount: String(receives) },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:requests',
      awsRegion: 'us-east-1',
    });
    const handler = createAsyncRequestsHandler(() => deps, { ASYNC_MAX_RECEIVES: '3' });

    // An earlier receive: SQS delivers it again, the request stays pending.
    expect(await handler({ Records: [record(2)] } as unknown as SQSEvent, {} as Context)).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm-2' }],
    });
    expect((await status(requestId)).json.status).toBe('pending');

    // The last receive fails the same way: the request is ended and the message let go.
    outage = true;
    expect(await handler({ Records: [record(3)] } as unknown as SQSEvent, {} as Context)).toEqual({
      batchItemFailures: [],
    });
    const ended = await status(requestId);
    expect(ended.json).toMatchObject({
      status: 'error',
      error: expect.stringContaining('failed repeatedly inside the service and was given up'),
    });
    expect(ended.json.error).not.toContain('store unavailable');
    expect((await svc.deps.records.get(key))?.gsi1pk).toBeUndefined();
  });
});
