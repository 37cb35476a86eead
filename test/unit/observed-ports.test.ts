/** Port wrappers count what passes through them, into the Prometheus registry, and change nothing else. */
import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../functions/adapters/local/memory-event-bus.js';
import { observedBus, observedModel, observedWebhooks } from '../../functions/observability/observed-ports.js';
import { createPrometheusTelemetry } from '../../functions/observability/prometheus.js';
import { ModelError, type AnsweringModel } from '../../functions/ports/model.js';
import type { WebhookPost, WebhookTransport } from '../../functions/ports/webhooks.js';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text.js';

const prices = { creditsPer1kInputTokens: 1, creditsPer1kOutputTokens: 5 };
const samplesOf = async (metrics: ReturnType<typeof createPrometheusTelemetry>) =>
  parsePrometheusText((await metrics.render()).body).samples;

describe('observed ports', () => {
  it('counts model calls by outcome and the credits their tokens cost, a malformed answer included', async () => {
    const metrics = createPrometheusTelemetry();
    let fail = false;
    const model: AnsweringModel = {
      name: 'claude',
      chooseElement: async () => ({ choice: 'e1', reason: '', usage: { inputTokens: 3000, outputTokens: 60 } }),
      answer: async () => {
        if (fail) throw new ModelError('malformed_answer', 'not JSON', { inputTokens: 1000, outputTokens: 0 });
        return { text: 'ok', usage: { inputTokens: 500, outputTokens: 100 } };
      },
    };
    const observed = observedModel(model, metrics.telemetry, prices);
    expect(observed.locateVisually).toBeUndefined();
    expect((await observed.chooseElement({ snapshotText: '', description: 'x', intent: 'click' })).choice).toBe('e1');
    await observed.answer({ system: '', question: '', context: '' });
    fail = true;
    await expect(observed.answer({ system: '', question: '', context: '' })).rejects.toThrow('not JSON');

    const samples = await samplesOf(metrics);
    expect(
      sampleValue(samples, 'sessionhost_model_calls_total', { model: 'claude', kind: 'element', outcome: 'ok' }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'sessionhost_model_calls_total', { model: 'claude', kind: 'answer', outcome: 'ok' }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'sessionhost_model_calls_total', { model: 'claude', kind: 'answer', outcome: 'failed' }),
    ).toBe(1);
    // ceil(3 + 0.3) = 4, ceil(0.5 + 0.5) = 1, ceil(1) = 1
    expect(sampleValue(samples, 'sessionhost_model_credits_total', { model: 'claude' })).toBe(6);
    expect(
      sampleValue(samples, 'sessionhost_model_call_duration_seconds_count', { model: 'claude', kind: 'answer' }),
    ).toBe(2);
  });

  it('counts webhook attempts as delivered only on a 2xx answer', async () => {
    const metrics = createPrometheusTelemetry({ api: true });
    const statuses = [200, 500, undefined, 302];
    const transport: WebhookTransport = {
      resolve: async () => ['203.0.113.5'],
      post: async () => {
        const statusCode = statuses.shift();
        return statusCode === undefined ? { error: 'timed out', durationMs: 10 } : { statusCode, durationMs: 1 };
      },
    };
    const observed = observedWebhooks(transport, metrics.telemetry);
    const post: WebhookPost = {
      url: 'https://hooks.example/x',
      headers: {},
      body: '{}',
      timeoutMs: 1000,
      allowAddress: () => true,
    };
    for (let i = 0; i < 4; i += 1) await observed.post(post);
    const samples = await samplesOf(metrics);
    expect(sampleValue(samples, 'sessionhost_webhook_attempts_total', { outcome: 'delivered' })).toBe(1);
    expect(sampleValue(samples, 'sessionhost_webhook_attempts_total', { outcome: 'failed' })).toBe(3);
  });

  it('keeps live sessions by status and counts each end once', async () => {
    const metrics = createPrometheusTelemetry({ api: true });
    const bus = observedBus(new MemoryEventBus(), metrics.telemetry);
    const seen: unknown[] = [];
    bus.subscribe('org-1/s-1', (event) => seen.push(event.status));
    const status = (sessionId: string, value: string) =>
      bus.publish(`org-1/${sessionId}`, { eventId: 1, event: 'status', eventTime: '', status: value });
    status('s-1', 'initializing');
    status('s-1', 'running');
    status('s-2', 'awaitingCapacity');
    let samples = await samplesOf(metrics);
    expect(sampleValue(samples, 'sessionhost_sessions', { status: 'running' })).toBe(1);
    expect(sampleValue(samples, 'sessionhost_sessions', { status: 'awaitingCapacity' })).toBe(1);
    expect(sampleValue(samples, 'sessionhost_sessions', { status: 'initializing' })).toBe(0);
    status('s-1', 'ended');
    status('s-1', 'ended');
    status('s-2', 'error');
    samples = await samplesOf(metrics);
    expect(sampleValue(samples, 'sessionhost_sessions', { status: 'running' })).toBe(0);
    expect(sampleValue(samples, 'sessionhost_sessions_ended_total', { status: 'ended' })).toBe(1);
    expect(sampleValue(samples, 'sessionhost_sessions_ended_total', { status: 'error' })).toBe(1);
    // Subscribers still get every event.
    expect(seen).toEqual(['initializing', 'running', 'ended', 'ended']);
    // Labels never carry the org or the session.
    expect((await metrics.render()).body).not.toMatch(/org-1|s-1|s-2/);
  });
});
