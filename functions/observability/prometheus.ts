/**
 * Telemetry as Prometheus metrics (prom-client), one registry per process: the API under `npm start` and each
 * browser host serve it at `/metrics`. Gauges of the host (capacity, live, warm, queued) are read when scraped, so
 * they are never stale; counters and histograms move as things happen.
 *
 * Sessions by status are the sessions this process has seen change status and that are still live (a status event
 * passes through this process's event bus): under `npm start` that is every session. Ended ones leave the gauge
 * and are counted in `sessionhost_sessions_ended_total{status}` instead, so the gauge does not grow with history.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Telemetry } from './telemetry.js';

/** What a browser host reports about its slots (BrowserHost.stats, plus the starts waiting for one). */
export interface HostGauges {
  capacity: number;
  live: number;
  warm: number;
  /** Session starts waiting for a free slot. */
  queued: number;
}

export interface PrometheusTelemetry {
  telemetry: Telemetry;
  registry: Registry;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

const LIVE_STATUSES = new Set(['awaitingCapacity', 'initializing', 'running']);
/** Quick reads to window operations that wait on pages (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** `host`: this process runs a browser host, read at each scrape. `api`: this process serves the API. */
export const createPrometheusTelemetry = (
  options: { host?: () => HostGauges; api?: boolean } = {},
): PrometheusTelemetry => {
  const registry = new Registry();
  const live = new Map<string, string>();
  const sessions = new Gauge({
    name: 'sessionhost_sessions',
    help: 'Live sessions this process has seen, by status',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const status of LIVE_STATUSES) this.set({ status }, 0);
      for (const status of live.values()) this.inc({ status });
    },
  });
  void sessions;
  const ended = new Counter({
    name: 'sessionhost_sessions_ended_total',
    help: 'Sessions that ended, by final status (ended or error)',
    labelNames: ['status'],
    registers: [registry],
  });
  const requests = new Histogram({
    name: 'sessionhost_http_request_duration_seconds',
    help: 'API requests by operation id (from the route table) and status class, time to the response head',
    labelNames: ['operation', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const limited = new Counter({
    name: 'sessionhost_rate_limited_total',
    help: 'Requests refused by the per-org rate limit, by operation id',
    labelNames: ['operation'],
    registers: [registry],
  });
  const modelCalls = new Counter({
    name: 'sessionhost_model_calls_total',
    help: 'Language model calls by model, kind and outcome',
    labelNames: ['model', 'kind', 'outcome'],
    registers: [registry],
  });
  const credits = new Counter({
    name: 'sessionhost_model_credits_total',
    help: 'Credits charged for language model calls, by model',
    labelNames: ['model'],
    registers: [registry],
  });
  const modelSeconds = new Histogram({
    name: 'sessionhost_model_call_duration_seconds',
    help: 'Language model call time, by model and kind',
    labelNames: ['model', 'kind'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'sessionhost_webhook_attempts_total',
    help: 'Webhook delivery attempts by outcome (delivered: a 2xx answer)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  if (options.api) {
    // Zero series exist from the start, so a rate() over them works before the first event.
    for (const status of ['ended', 'error']) ended.inc({ status }, 0);
    for (const outcome of ['delivered', 'failed']) webhooks.inc({ outcome }, 0);
  }
  const host = options.host;
  if (host) {
    const hostGauge = (name: string, help: string, read: (gauges: HostGauges) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(host()));
        },
      });
    hostGauge('sessionhost_host_capacity', 'Browser slots this host has', (g) => g.capacity);
    hostGauge('sessionhost_host_sessions_live', 'Browser slots in use (starting, running or closing)', (g) => g.live);
    hostGauge('sessionhost_host_warm_browsers', 'Idle pre-launched browsers', (g) => g.warm);
    hostGauge('sessionhost_host_start_queue', 'Session starts waiting for a free slot', (g) => g.queued);
  }

  const telemetry: Telemetry = {
    request: (operationId, status, seconds) =>
      requests.observe({ operation: operationId, status_class: `${Math.floor(status / 100)}xx` }, seconds),
    rateLimited: (operationId) => limited.inc({ operation: operationId }),
    sessionStatus: (sessionId, status) => {
      if (LIVE_STATUSES.has(status)) return void live.set(sessionId, status);
      // Counted once: a session's end can be reported by more than one path, and only a live one counts.
      if (live.delete(sessionId)) ended.inc({ status });
    },
    modelCall: ({ model, kind, ok, credits: spent, seconds }) => {
      modelCalls.inc({ model, kind, outcome: ok ? 'ok' : 'failed' });
      if (spent > 0) credits.inc({ model }, spent);
      modelSeconds.observe({ model, kind }, seconds);
    },
    webhookAttempt: (outcome) => webhooks.inc({ outcome }),
  };
  return {
    telemetry,
    registry,
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
};
