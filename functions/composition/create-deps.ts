/** The composition root: the one place that picks adapters for ports and wires them into `Deps`. */
import { createAwsClients, type AwsClientOptions } from '../adapters/aws/clients.js';
import { DynamoRecords } from '../adapters/aws/dynamo-records.js';
import { S3Blobs } from '../adapters/aws/s3-blobs.js';
import { createAjvSchemas } from '../adapters/json-schema/ajv.js';
import { checkOutputSchemasWith } from '../api/schemas/operations.js';
import { apiKeyStillValid, verifyApiKey } from '../core/orgs/api-keys.js';
import { cascadingResolver, ModelResolver } from '../core/resolve/model-resolver.js';
import { offlineResolver } from '../core/resolve/offline.js';
import type { ElementResolver } from '../core/resolve/resolver.js';
import type { Blobs } from '../ports/blobs.js';
import type { BrowserFleet } from '../ports/browser.js';
import type { EventBus } from '../ports/event-bus.js';
import type { AnsweringModel } from '../ports/model.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { Records } from '../ports/records.js';
import { cachedAuthenticator } from './auth-cache.js';
import type { Config } from '../config/config.js';
import type { Deps } from '../api/deps.js';
import { createLogger, type Logger } from '../config/logger.js';
import { watchKeyConnections } from '../api/key-connections.js';
import { orgStreams } from '../api/org-streams.js';
import { orgSessionCap } from '../core/sessions/org-cap.js';
import { ENV } from '../config/env.js';
import { createSqsQueue } from '../adapters/aws/sqs-queue.js';
import { createHttpWebhookTransport } from '../adapters/http/webhook-sender.js';
import { MemoryQueue } from '../adapters/local/memory-queue.js';
import { aiEnvelope } from '../api/shape/ai.js';
import { automationOperations } from '../core/automations/operations.js';
import type { AsyncOperationRegistry, AsyncRequestSettings } from '../core/requests/deps.js';
import type { Queue } from '../ports/queue.js';
import type { WebhookTransport } from '../ports/webhooks.js';
import { observedBus, observedModel, observedWebhooks } from '../observability/observed-ports.js';
import { tokenBuckets } from '../observability/token-buckets.js';
import { blobsProbe, checkReadiness, recordsProbe, type ReadinessProbe } from '../observability/readiness.js';
import { noTelemetry, type Telemetry } from '../observability/telemetry.js';

export interface DepsParts {
  config: Readonly<Config>;
  records: Records;
  blobs: Blobs;
  fleet: BrowserFleet;
  bus: EventBus;
  signingSecret: string;
  /**
   * The language model, if this process asks one (`modelFromConfig` in models.ts). Given rather than built here:
   * each SDK is a large part of a function's bundle, and most functions never call a model.
   */
  model: AnsweringModel | undefined;
  clock?: Clock;
  log?: Logger;
  validateResponses?: boolean;
  /** Another element resolver than the one the config names (tests). */
  resolver?: ElementResolver;
  /** The queue of async requests; default: the one the config names (SQS), else in-process. */
  queue?: Queue;
  /** Other operations for async requests than the automation operations (tests). */
  asyncOperations?: AsyncOperationRegistry<Deps>;
  /** Another webhook transport than HTTP (tests). */
  webhookTransport?: WebhookTransport;
  /** Loopback ports no webhook may target: the control ports of browsers on this same machine (local service). */
  reservedPorts?: { has(port: number): boolean };
  /** Where counts go; default none. Given, the bus, the model and webhooks report to it. */
  telemetry?: Telemetry;
  /** `/ready` probes beyond the records and blobs stores (the browser host or fleet this process uses). */
  readinessProbes?: ReadinessProbe[];
}

/** The SQS queue the config names, or an in-process one (the local service, tests). */
export const queueFromConfig = (config: Readonly<Config>, credentials?: AwsClientOptions['credentials']): Queue =>
  config.asyncQueueUrl
    ? createSqsQueue({
        region: config.awsRegion,
        queueUrl: config.asyncQueueUrl,
        endpoint: config.sqsEndpoint,
        credentials,
      })
    : new MemoryQueue({ visibilitySeconds: 900 });

const asyncRequestSettings = (config: Readonly<Config>, parts: DepsParts): AsyncRequestSettings<Deps> => ({
  queue: parts.queue ?? queueFromConfig(config),
  operations: parts.asyncOperations ?? automationOperations,
  shape: aiEnvelope,
  webhooks: {
    transport: observedWebhooks(parts.webhookTransport ?? createHttpWebhookTransport(), parts.telemetry ?? noTelemetry),
    // Refused unless the deployment says otherwise; the local service sets it to true when unset.
    allowPrivate: config.webhookAllowPrivate ?? false,
    reservedPorts: parts.reservedPorts,
    maxAttempts: config.webhookMaxAttempts,
    baseDelayMs: config.webhookRetryBaseMs,
    timeoutMs: config.webhookTimeoutMs,
  },
  ttlSeconds: config.requestTtlHours * 3600,
});

/**
 * The element resolver the config names: none for `offline` (operations then use the offline resolver), and for
 * any provider the offline resolver backed by that provider's model, so descriptions it answers alone cost no
 * model call.
 */
export const resolverFromConfig = (
  config: Readonly<Config>,
  model: AnsweringModel | undefined,
): ElementResolver | undefined => {
  if (!model) return undefined;
  const prices = {
    creditsPer1kInputTokens: config.creditsPer1kInputTokens,
    creditsPer1kOutputTokens: config.creditsPer1kOutputTokens,
  };
  return cascadingResolver(offlineResolver, new ModelResolver(model, prices));
};

export const createDeps = (parts: DepsParts): Deps => {
  const clock = parts.clock ?? systemClock;
  const { config, records } = parts;
  const telemetry = parts.telemetry ?? noTelemetry;
  // One model (one client, one connection pool) serves both element resolution and page questions.
  const prices = {
    creditsPer1kInputTokens: config.creditsPer1kInputTokens,
    creditsPer1kOutputTokens: config.creditsPer1kOutputTokens,
  };
  const model = parts.model && parts.telemetry ? observedModel(parts.model, telemetry, prices) : parts.model;
  const probes = [recordsProbe(records), blobsProbe(parts.blobs), ...(parts.readinessProbes ?? [])];
  const log = parts.log ?? createLogger(config.logLevel);
  const authenticate = cachedAuthenticator((token) => verifyApiKey(records, token), clock, config.authCacheSeconds);
  const schemas = createAjvSchemas();
  checkOutputSchemasWith(schemas);
  return {
    config,
    records,
    blobs: parts.blobs,
    fleet: parts.fleet,
    bus: parts.telemetry ? observedBus(parts.bus, telemetry) : parts.bus,
    defaultWindowUrl: config.defaultWindowUrl,
    signingSecret: parts.signingSecret,
    clock,
    log,
    authenticate,
    keyConnections: watchKeyConnections({
      stillValid: (principal) => apiKeyStillValid(records, principal),
      onRevoked: (principal) => authenticate.forget(principal),
      everyMs: config.authCacheSeconds * 1000,
      log,
    }),
    streams: orgStreams(config.maxStreamsPerOrg),
    sessionCap: orgSessionCap(config.maxSessionsPerOrg, ENV.maxSessionsPerOrg),
    validateResponses: parts.validateResponses ?? config.stage !== 'production',
    resolver: parts.resolver ?? resolverFromConfig(config, model),
    model,
    schemas,
    asyncRequests: asyncRequestSettings(config, parts),
    telemetry,
    // Real time, not `clock`: a test's frozen clock must not freeze the buckets.
    rateLimiter: tokenBuckets({ perSecond: config.rateLimitPerSecond, burst: config.rateLimitBurst }),
    readiness: () => checkReadiness(probes),
  };
};

/** Records in DynamoDB and blobs in S3: on AWS, or against emulators when the config names endpoints. */
export const awsStores = (
  config: Readonly<Config>,
  clock: Clock = systemClock,
  credentials?: AwsClientOptions['credentials'],
) => {
  const clients = createAwsClients({
    region: config.awsRegion,
    dynamoEndpoint: config.dynamoEndpoint,
    s3Endpoint: config.s3Endpoint,
    credentials,
  });
  return {
    clients,
    records: new DynamoRecords(clients.dynamo, config.tableName, clock),
    blobs: new S3Blobs(clients.s3, config.bucketName),
  };
};
