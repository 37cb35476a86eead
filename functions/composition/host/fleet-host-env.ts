/**
 * A fleet host as the ECS task starts it: the service's settings from the environment (table, bucket, region,
 * signing secret, model), the host's own settings as the host entry read them, the start queue at START_QUEUE_URL,
 * and the utilization metric when HOST_FLEET names the fleet.
 */
import { createSqsQueue } from '../../adapters/aws/sqs-queue.js';
import { taskGeneration, taskStopping } from '../../browser-host/fleet/generation.js';
import { awsStores } from '../create-deps.js';
import { loadConfig } from '../../config/config.js';
import { ENV } from '../../config/env.js';
import { extensionSourceFrom } from './extension-source.js';
import { startFleetHost, type FleetHost } from './fleet-host.js';
import { hostUtilizationPublisher, METRICS_NAMESPACE, powertoolsLogger } from '../../observability/powertools.js';

export interface HostSettings {
  secret: string;
  port: number;
  bind: string;
  capacity: number;
  warmPoolSize: number;
  workDir?: string;
  publicBaseUrl?: string;
  chromiumPath?: string;
  networkGuard?: { allow: string[] };
}

export const startFleetHostFromEnv = async (env: NodeJS.ProcessEnv, host: HostSettings): Promise<FleetHost> => {
  const queueUrl = env[ENV.startQueueUrl];
  if (!queueUrl) throw new Error(`${ENV.startQueueUrl} must be set for a host in a fleet`);
  const config = loadConfig(env, {
    hostCapacity: host.capacity,
    warmPoolSize: host.warmPoolSize,
    publicBaseUrl: host.publicBaseUrl,
    chromiumPath: host.chromiumPath,
    blockPrivateNetworks: host.networkGuard !== undefined,
    allowedPrivateHosts: host.networkGuard?.allow ?? [],
  });
  if (!config.signingSecret)
    throw new Error(`${ENV.signingSecret} must be set for a host in a fleet: it verifies live view links`);
  const { records, blobs, clients } = awsStores(config);
  const fleet = env.HOST_FLEET;
  // On ECS: which deployment this host belongs to, so it stops taking starts once a newer one runs.
  const metadataUri = env.ECS_CONTAINER_METADATA_URI_V4;
  const generation = metadataUri ? await taskGeneration(metadataUri) : undefined;
  return startFleetHost({
    config,
    records,
    blobs,
    extensionSource: extensionSourceFrom(config, clients.s3),
    startQueue: createSqsQueue({ region: config.awsRegion, queueUrl, endpoint: config.sqsEndpoint }),
    hostSecret: host.secret,
    signingSecret: config.signingSecret,
    log: powertoolsLogger(config.logLevel, { component: 'browser-host' }),
    port: host.port,
    bind: host.bind,
    workDir: host.workDir,
    advertise: env.HOST_ADVERTISE_ADDRESS || undefined,
    agentUri: env.ECS_AGENT_URI || undefined,
    generation,
    stopping: metadataUri ? () => taskStopping(metadataUri) : undefined,
    metrics: fleet ? hostUtilizationPublisher(env.HOST_METRICS_NAMESPACE ?? METRICS_NAMESPACE, fleet) : undefined,
  });
};
