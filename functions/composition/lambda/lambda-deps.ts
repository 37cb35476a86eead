/**
 * Deps for a Lambda container: built from the environment on the first invocation, then reused. What a function
 * does not use is not imported here but given by its entry (`LambdaParts`): a read route's bundle then carries no
 * CDP client and no model SDK.
 */
import { awsStores, createDeps, queueFromConfig } from '../create-deps.js';
import { loadConfig, type Config } from '../../config/config.js';
import { ENV } from '../../config/env.js';
import type { Deps } from '../../api/deps.js';
import { createSqsQueue } from '../../adapters/aws/sqs-queue.js';
import { RemoteFleet, type CdpConnector } from '../../adapters/browser/remote-fleet.js';
import { MemoryEventBus } from '../../adapters/local/memory-event-bus.js';
import { findPlacement } from '../../core/sessions/placement.js';
import { PollingEventBus } from '../../core/sessions/polling-bus.js';
import type { BrowserFleet } from '../../ports/browser.js';
import type { Records } from '../../ports/records.js';
import { unavailableFleet } from './unavailable-fleet.js';
import { requestIdHeaders } from '../../net/request-id.js';
import { powertoolsLogger, powertoolsTelemetry } from '../../observability/powertools.js';
import { fleetHostsProbe } from '../../observability/readiness.js';
import { fleetFeatures, hostKey } from '../../browser-host/fleet/registry.js';
import { UnavailableError } from '../../core/shared/errors.js';
import type { Queue } from '../../ports/queue.js';
import type { AnsweringModel } from '../../ports/model.js';

/** What only some functions use, given by their entry point (browser-operation.ts, model-operation.ts). */
export interface LambdaParts {
  /** The CDP client: functions that drive a session's browser. */
  connect?: CdpConnector;
  /** The language model: functions that resolve elements or ask about pages. */
  model?: (config: Config) => AnsweringModel | undefined;
}

/** Without ASYNC_QUEUE_URL a Lambda has nowhere to send async requests: accepting one answers 503, not a silent drop. */
const missingQueue: Queue = {
  send: async () => {
    throw new UnavailableError('async requests are not configured here (ASYNC_QUEUE_URL is unset)');
  },
  receive: async () => [],
  delete: async () => undefined,
  changeVisibility: async () => undefined,
};

/** What `@aws-sdk/client-secrets-manager` offers that is used here (the Lambda runtime ships the package). */
interface SecretsManagerModule {
  SecretsManagerClient: new (options: object) => { send(command: unknown): Promise<{ SecretString?: string }> };
  GetSecretValueCommand: new (input: { SecretId: string }) => unknown;
}

/**
 * Lambda cannot inject secrets into the environment the way ECS does, so the stack passes secret ARNs and the
 * values are read once per container, before the first invocation (top-level await). Nothing to read: no call.
 */
const readSecrets = async (env: NodeJS.ProcessEnv): Promise<Partial<Config>> => {
  const wanted = {
    hostSecret: env[ENV.hostSecretArn],
    signingSecret: env[ENV.signingSecretArn],
    anthropicApiKey: env[ENV.anthropicApiKeySecretArn],
  };
  const entries = Object.entries(wanted).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (entries.length === 0) return {};
  // A name in a variable: bundlers leave it to the runtime, which provides the AWS SDK.
  const sdkName = '@aws-sdk/client-secrets-manager';
  const { SecretsManagerClient, GetSecretValueCommand } = (await import(sdkName)) as SecretsManagerModule;
  const client = new SecretsManagerClient({});
  const values = await Promise.all(
    entries.map(async ([field, arn]) => {
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      if (!SecretString)
        throw new Error(`secret ${arn} (for ${field}) has no value: put one in before using this deployment`);
      return [field, SecretString] as const;
    }),
  );
  return Object.fromEntries(values);
};

const secrets = await readSecrets(process.env);

/**
 * The browser hosts, reached through the start queue and each session's placement. A function deployed without
 * them (no START_QUEUE_URL or host secret) answers session starts with 503 rather than queueing into nothing.
 */
const fleetFromEnv = (config: Config, records: Records, connect: CdpConnector | undefined): BrowserFleet => {
  const queueUrl = process.env[ENV.startQueueUrl];
  if (!queueUrl || !config.hostSecret) return unavailableFleet;
  return new RemoteFleet({
    startQueue: createSqsQueue({ region: config.awsRegion, queueUrl, endpoint: config.sqsEndpoint }),
    hostSecret: config.hostSecret,
    placement: (sessionId) => findPlacement(records, sessionId),
    features: () => fleetFeatures(records),
    connect,
    requestHeaders: requestIdHeaders,
  });
};

/** The deps of a function with `parts`, built on the first call. */
export const lambdaDeps = (parts: LambdaParts = {}): (() => Deps) => {
  let deps: Deps | undefined;
  return () => {
    if (!deps) {
      const config = loadConfig(process.env, secrets);
      const { records, blobs } = awsStores(config);
      const fleet = fleetFromEnv(config, records, parts.connect);
      // Session events are written by the hosts and by other functions: an events stream polls the stored ones.
      const bus = fleet === unavailableFleet ? new MemoryEventBus() : new PollingEventBus(records);
      const queue = config.asyncQueueUrl ? queueFromConfig(config) : missingQueue;
      // A fleet's hosts count for readiness only where the deployment has them.
      const readinessProbes =
        fleet instanceof RemoteFleet ? [fleetHostsProbe(records, { partition: hostKey('').pk })] : [];
      deps = createDeps({
        config,
        records,
        blobs,
        fleet,
        bus,
        signingSecret: config.signingSecret ?? '',
        model: parts.model?.(config),
        queue,
        log: powertoolsLogger(config.logLevel),
        telemetry: powertoolsTelemetry(),
        readinessProbes,
      });
    }
    return deps;
  };
};
