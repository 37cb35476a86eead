/** Opens the records store the CLIs work on: the one the configuration names, or the local service's. */
import { resolve } from 'node:path';
import { ensureTable } from '../functions/adapters/aws/provision.js';
import { embeddedCredentials, startEmbeddedAws } from '../functions/adapters/local/embedded-aws.js';
import type { Records } from '../functions/ports/records.js';
import { awsStores } from '../functions/composition/create-deps.js';
import { loadConfig } from '../functions/config/config.js';
import { listOrgs } from '../functions/core/orgs/orgs.js';
import { findRunningService } from '../functions/composition/local/endpoints-file.js';

export interface OpenStore {
  records: Records;
  /** The local data dir's stores (shared with `npm start`), not a configured or AWS table. */
  local: boolean;
  close(): Promise<void>;
}

/** One line on stderr, so the output of commands stays clean. */
const warn = (line: string) => process.stderr.write(`${line}\n`);

export const openStore = async (options: { aws: boolean }): Promise<OpenStore> => {
  const config = loadConfig();
  if (options.aws || config.dynamoEndpoint) {
    const { records, clients } = awsStores(config);
    return { records, local: false, close: async () => clients.dynamo.destroy() };
  }
  const dataDir = resolve(config.dataDir);
  const found = await findRunningService(dataDir);
  if (found.service) {
    const live = found.service;
    // Another data dir than the configured one: say which, so nobody edits one store believing it is the other.
    if (found.how === 'only-running')
      warn(
        `No service runs on ${dataDir}; using the store of the one running at ${live.apiUrl} (DATA_DIR=${live.dataDir}).`,
      );
    const { records, clients } = awsStores(
      { ...config, dynamoEndpoint: live.dynamoEndpoint, s3Endpoint: live.s3Endpoint },
      undefined,
      await embeddedCredentials(live.dataDir),
    );
    return { records, local: true, close: async () => clients.dynamo.destroy() };
  }
  const emulators = await startEmbeddedAws({ dataDir });
  const { records, clients } = awsStores(
    { ...config, dynamoEndpoint: emulators.dynamoEndpoint, s3Endpoint: emulators.s3Endpoint },
    undefined,
    emulators.credentials,
  );
  await ensureTable(clients.dynamo, config.tableName);
  const others = found.running.length
    ? ` (running services use DATA_DIR=${found.running.map((r) => r.dataDir).join(', ')})`
    : '';
  warn(
    (await listOrgs(records)).length === 0
      ? `Opened the store in ${dataDir} itself, and it is empty: it may not be the one your service uses; set DATA_DIR to that service's data dir${others}.`
      : `Opened the store in ${dataDir} itself (no service is running on it)${others}.`,
  );
  return {
    records,
    local: true,
    close: async () => {
      clients.dynamo.destroy();
      clients.s3.destroy();
      await emulators.stop();
    },
  };
};
