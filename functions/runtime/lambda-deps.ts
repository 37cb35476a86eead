/** Deps for a Lambda container: built from the environment on the first invocation, then reused. */
import { awsStores, createDeps, queueFromConfig } from './composition.js';
import { loadConfig, type Config } from './config.js';
import { ENV } from './env.js';
import type { Deps } from './deps.js';
import { MemoryEventBus } from '../adapters/local/memory-event-bus.js';
import { unavailableFleet } from './unavailable-fleet.js';
import { UnavailableError } from '../core/shared/errors.js';
import type { Queue } from '../ports/queue.js';

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
  const wanted = { hostSecret: env[ENV.hostSecretArn], signingSecret: env[ENV.signingSecretArn], anthropicApiKey: env[ENV.anthropicApiKeySecretArn] };
  const entries = Object.entries(wanted).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (entries.length === 0) return {};
  // A name in a variable: bundlers leave it to the runtime, which provides the AWS SDK.
  const sdkName = '@aws-sdk/client-secrets-manager';
  const { SecretsManagerClient, GetSecretValueCommand } = (await import(sdkName)) as SecretsManagerModule;
  const client = new SecretsManagerClient({});
  const values = await Promise.all(
    entries.map(async ([field, arn]) => {
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      if (!SecretString) throw new Error(`secret ${arn} (for ${field}) has no value: put one in before using this deployment`);
      return [field, SecretString] as const;
    }),
  );
  return Object.fromEntries(values);
};

const secrets = await readSecrets(process.env);

let deps: Deps | undefined;

export const lambdaDeps = (): Deps => {
  if (!deps) {
    const config = loadConfig(process.env, secrets);
    const { records, blobs } = awsStores(config);
    // Live events across Lambdas and the browser fleet come with the hosts' deployment; until then nothing is
    // published in-process and session starts answer 503.
    deps = createDeps({ config, records, blobs, fleet: unavailableFleet, bus: new MemoryEventBus(), signingSecret: config.signingSecret ?? '', queue: config.asyncQueueUrl ? queueFromConfig(config) : missingQueue });
  }
  return deps;
};
