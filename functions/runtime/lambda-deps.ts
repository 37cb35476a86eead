/** Deps for a Lambda container: built from the environment on the first invocation, then reused. */
import { awsStores, createDeps } from './composition.js';
import { loadConfig } from './config.js';
import type { Deps } from './deps.js';
import { MemoryEventBus } from '../adapters/local/memory-event-bus.js';
import { unavailableFleet } from './unavailable-fleet.js';

let deps: Deps | undefined;

export const lambdaDeps = (): Deps => {
  if (!deps) {
    const config = loadConfig();
    const { records, blobs } = awsStores(config);
    // Live events across Lambdas and the browser fleet come with the hosts' deployment; until then nothing is
    // published in-process and session starts answer 503.
    deps = createDeps({ config, records, blobs, fleet: unavailableFleet, bus: new MemoryEventBus(), signingSecret: config.signingSecret ?? '' });
  }
  return deps;
};
