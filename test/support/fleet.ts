/**
 * The AWS composition on one machine for the fleet suites: browser hosts in fleet mode on loopback, and the API as
 * the Lambdas compose it (remote fleet over the start queue and placements, polling event bus), sharing the
 * embedded records and blob stores.
 */
import { puppeteerConnector } from '../../functions/adapters/browser/cdp-connector.js';
import { RemoteFleet, type RemoteFleetOptions } from '../../functions/adapters/browser/remote-fleet.js';
import type { MemoryQueue } from '../../functions/adapters/local/memory-queue.js';
import { createDeps } from '../../functions/composition/create-deps.js';
import { startFleetHost, type FleetHostOptions } from '../../functions/composition/host/fleet-host.js';
import { modelFromConfig } from '../../functions/composition/models.js';
import type { Config } from '../../functions/config/config.js';
import type { Logger } from '../../functions/config/logger.js';
import { PollingEventBus } from '../../functions/core/sessions/polling-bus.js';
import { findPlacement } from '../../functions/core/sessions/placement.js';
import { extensionSourceFrom } from '../../functions/composition/host/extension-source.js';
import type { EmbeddedAwsFixture } from './embedded.js';

export interface TestFleet {
  aws: EmbeddedAwsFixture;
  startQueue: MemoryQueue;
  hostSecret: string;
  signingSecret: string;
  log: Logger;
}

/**
 * A host on a random loopback port of the fleet, with `tuning` over the host's own defaults (the bench keeps them;
 * the tests beat and poll faster).
 */
export const joinFleet = (fleet: TestFleet, config: Readonly<Config>, tuning: Partial<FleetHostOptions> = {}) =>
  startFleetHost({
    config,
    records: fleet.aws.records,
    blobs: fleet.aws.blobs,
    extensionSource: extensionSourceFrom(config, fleet.aws.clients.s3),
    startQueue: fleet.startQueue,
    hostSecret: fleet.hostSecret,
    signingSecret: fleet.signingSecret,
    log: fleet.log,
    port: 0,
    bind: '127.0.0.1',
    advertise: '127.0.0.1',
    ...tuning,
  });

/** A host on a random loopback port, beating every second and polling the queue in short waits. */
export const joinTestFleet = (fleet: TestFleet, config: Readonly<Config>, agentUri?: string) =>
  joinFleet(fleet, config, { waitSeconds: 1, heartbeatMs: 1_000, agentUri });

/**
 * The API's deps over the fleet, as a function composes them; the event bus polls the records every `pollMs`
 * (fast for tests; the bench passes the service's own interval).
 */
export const fleetApiDeps = (
  fleet: TestFleet,
  config: Readonly<Config>,
  options: Partial<RemoteFleetOptions> = {},
  pollMs?: number,
) => {
  const remote = new RemoteFleet({
    startQueue: fleet.startQueue,
    hostSecret: fleet.hostSecret,
    placement: (sessionId) => findPlacement(fleet.aws.records, sessionId),
    connect: puppeteerConnector,
    ...options,
  });
  const deps = createDeps({
    config,
    records: fleet.aws.records,
    blobs: fleet.aws.blobs,
    fleet: remote,
    bus: new PollingEventBus(fleet.aws.records, pollMs),
    signingSecret: fleet.signingSecret,
    model: modelFromConfig(config),
    log: fleet.log,
  });
  return { fleet: remote, deps };
};

/** The API's deps over the fleet for tests: events polled every 100 ms. */
export const testFleetApiDeps = (
  fleet: TestFleet,
  config: Readonly<Config>,
  options: Partial<RemoteFleetOptions> = {},
) => fleetApiDeps(fleet, config, options, 100);
