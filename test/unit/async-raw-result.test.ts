/**
 * A request record stores its operation's raw result; the status read and the webhook shape it when they serve it.
 * A record an earlier version wrote (its envelope already shaped, no `resultForm`) is served as it was stored.
 */
import { describe, expect, it } from 'vitest';
import { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import { MemoryRecords } from '../../functions/adapters/local/memory-records.js';
import { aiEnvelope } from '../../functions/api/shape/ai.js';
import { succeeded } from '../../functions/core/operations/result.js';
import { newRequestItem } from '../../functions/core/requests/accept.js';
import type { AsyncResult, RequestDeps } from '../../functions/core/requests/deps.js';
import { storedResult, type RequestItem } from '../../functions/core/requests/model.js';
import { runRequest } from '../../functions/core/requests/run.js';
import { requestStatus } from '../../functions/core/requests/status.js';
import { recordKeys } from '../../functions/core/shared/record-keys.js';
import type { Clock } from '../../functions/ports/clock.js';
import type { WebhookPost } from '../../functions/ports/webhooks.js';

const target = { orgId: 'org-raw', sessionId: 'ses-1', windowId: 'win-1' };

const setup = () => {
  const clock: Clock = { now: () => new Date('2026-03-01T10:00:00Z') };
  const records = new MemoryRecords(clock);
  const posts: WebhookPost[] = [];
  const shaped: AsyncResult[] = [];
  const raw = succeeded('filled 3 fields', {
    credits: 2,
    warnings: [{ code: 'field_skipped', message: 'the fax field was left empty' }],
  });
  const deps: RequestDeps<unknown> = {
    records,
    clock,
    log: { info: () => {}, warn: () => {} },
    asyncRequests: {
      queue: new MemoryQueue(),
      operations: { fillForm: async () => raw },
      shape: (result, ids) => {
        shaped.push(result);
        return aiEnvelope(result, ids);
      },
      webhooks: {
        transport: {
          resolve: async () => ['203.0.113.7'],
          post: async (post) => {
            posts.push(post);
            return { statusCode: 204, durationMs: 1 };
          },
        },
        allowPrivate: false,
        maxAttempts: 1,
        baseDelayMs: 1000,
        timeoutMs: 1000,
      },
      ttlSeconds: 3600,
    },
  };
  return { deps, records, posts, shaped, raw };
};

const body = { automationId: 'auto-1', clientRequestId: 'client-7', async: { webhookUrl: 'https://hooks.test/in' } };

describe('async request results', () => {
  it('stores the raw result and shapes it for the status read and the webhook body', async () => {
    const { deps, records, posts, raw } = setup();
    await records.put(newRequestItem(deps, 'fillForm', target, body, 'req-new'));
    await runRequest(deps, target.orgId, 'req-new');

    const stored = (await records.get<RequestItem>(recordKeys.request(target.orgId, 'req-new')))!;
    expect(stored.status).toBe('completed');
    expect(stored.resultForm).toBe('raw');
    expect(stored.response).toBeUndefined();
    expect(storedResult({ ...stored, operation: 'fillForm' })).toEqual(raw);

    const envelope = aiEnvelope(raw, { requestId: 'req-new', clientRequestId: 'client-7' });
    const status = await requestStatus(deps, target.orgId, 'req-new');
    expect(status.response).toEqual(envelope);
    expect(status.webhook?.state).toBe('delivered');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body)).toEqual({ requestId: 'req-new', status: 'completed', response: envelope });
  });

  it('serves a record an earlier version stored already shaped, as it was stored, to the reader and the webhook', async () => {
    const { deps, records, posts, shaped } = setup();
    // The earlier form: `response` holds the envelope, no `resultForm`; its webhook is still to be delivered.
    const earlier = { data: { modelResponse: 'stored shaped' }, meta: { status: 'success', requestId: 'req-old' } };
    const item = newRequestItem(deps, 'fillForm', target, body, 'req-old');
    await records.put({ ...item, status: 'completed', response: JSON.stringify(earlier), completedAt: item.createdAt });

    expect((await requestStatus(deps, target.orgId, 'req-old')).response).toEqual(earlier);
    await runRequest(deps, target.orgId, 'req-old');
    expect(JSON.parse(posts[0]!.body)).toEqual({ requestId: 'req-old', status: 'completed', response: earlier });
    expect(shaped).toEqual([]); // nothing was shaped twice
    expect(storedResult({ ...item, operation: 'fillForm' })).toBeUndefined();
  });
});
