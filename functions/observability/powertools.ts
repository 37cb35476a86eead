/**
 * On AWS: Powertools for AWS Lambda (TypeScript). Logs are its structured JSON lines (CloudWatch Logs Insights reads
 * their fields; the Lambda request id and cold start come with them), and telemetry goes out as CloudWatch embedded
 * metric format lines on stdout, which CloudWatch turns into metrics with no API call and no permission. Under
 * `npm start` the service keeps its own short JSON lines (runtime/logger.ts) and Prometheus.
 *
 * Every metric is published at once (`singleMetric`): a Lambda's answer may be streamed, and a host runs for days,
 * so there is no end of invocation to flush at. Dimensions are the same bounded sets as the Prometheus labels.
 */
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Logger, LogLevel } from '../config/logger.js';
import type { Telemetry } from './telemetry.js';

export const SERVICE_NAME = 'sessionhost';
export const METRICS_NAMESPACE = 'SessionHost';

const wrap = (logger: PowertoolsLogger): Logger => ({
  debug: (message, fields) => logger.debug(message, fields ?? {}),
  info: (message, fields) => logger.info(message, fields ?? {}),
  warn: (message, fields) => logger.warn(message, fields ?? {}),
  error: (message, fields) => logger.error(message, fields ?? {}),
  child: (fields) => wrap(logger.createChild({ persistentKeys: fields })),
});

export const powertoolsLogger = (level: LogLevel, base: Record<string, unknown> = {}): Logger =>
  wrap(
    new PowertoolsLogger({
      serviceName: SERVICE_NAME,
      logLevel: level === 'silent' ? 'SILENT' : (level.toUpperCase() as 'INFO'),
      persistentKeys: base,
    }),
  );

/** One metric with its own dimensions, published now. */
const emitter = (namespace: string) => {
  const metrics = new Metrics({ namespace, serviceName: SERVICE_NAME });
  return (
    name: string,
    unit: (typeof MetricUnit)[keyof typeof MetricUnit],
    value: number,
    dimensions: Record<string, string>,
  ) => {
    const single = metrics.singleMetric();
    for (const [key, dimension] of Object.entries(dimensions)) single.addDimension(key, dimension);
    single.addMetric(name, unit, value);
  };
};

export const powertoolsTelemetry = (namespace = METRICS_NAMESPACE): Telemetry => {
  const emit = emitter(namespace);
  return {
    request: (operation, status, seconds) => {
      emit('RequestLatency', MetricUnit.Milliseconds, seconds * 1000, {
        operation,
        statusClass: `${Math.floor(status / 100)}xx`,
      });
    },
    rateLimited: (operation) => emit('RateLimited', MetricUnit.Count, 1, { operation }),
    sessionStatus: (_sessionId, status) => emit('SessionStatusChanges', MetricUnit.Count, 1, { status }),
    modelCall: ({ model, kind, ok, credits, seconds }) => {
      emit('ModelCalls', MetricUnit.Count, 1, { model, kind, outcome: ok ? 'ok' : 'failed' });
      emit('ModelCallLatency', MetricUnit.Milliseconds, seconds * 1000, { model, kind });
      if (credits > 0) emit('ModelCredits', MetricUnit.Count, credits, { model });
    },
    webhookAttempt: (outcome) => emit('WebhookAttempts', MetricUnit.Count, 1, { outcome }),
  };
};

/**
 * A fleet host's utilization, the metric the fleet's scaling policy tracks: namespace, name, unit and the one
 * `Fleet` dimension must stay exactly these (no `service` dimension), or the policy reads a metric nobody writes.
 */
export const hostUtilizationPublisher = (namespace: string, fleet: string) => {
  const metrics = new Metrics({ namespace, serviceName: SERVICE_NAME });
  return (sample: { utilization: number; hostId: string; used: number; capacity: number; at: number }): void => {
    metrics.clearDefaultDimensions();
    metrics.addDimension('Fleet', fleet);
    metrics.setTimestamp(sample.at);
    metrics.addMetadata('hostId', sample.hostId);
    metrics.addMetadata('used', String(sample.used));
    metrics.addMetadata('capacity', String(sample.capacity));
    metrics.addMetric('HostUtilization', MetricUnit.Percent, sample.utilization);
    metrics.publishStoredMetrics();
  };
};
