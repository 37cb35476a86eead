/** Deps for a Lambda container: built from the environment on the first invocation, then reused. */
import { awsStores, createDeps } from './composition.js';
import { loadConfig } from './config.js';
import type { Deps } from './deps.js';

let deps: Deps | undefined;

export const lambdaDeps = (): Deps => {
  if (!deps) {
    const config = loadConfig();
    const { records, blobs } = awsStores(config);
    deps = createDeps({ config, records, blobs });
  }
  return deps;
};
