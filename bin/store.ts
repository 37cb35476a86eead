/** Opens the records store the CLIs work on: the one the configuration names, or the local service's. */
import { resolve } from 'node:path';
import { ensureTable } from '../functions/adapters/aws/provision.js';
import { embeddedCredentials, startEmbeddedAws } from '../functions/adapters/local/embedded-aws.js';
import type { Records } from '../functions/ports/records.js';
import { awsStores } from '../functions/runtime/composition.js';
import { loadConfig } from '../functions/runtime/config.js';
import { readLiveEndpoints } from '../functions/runtime/local/endpoints-file.js';

export interface OpenStore {
  records: Records;
  /** The local data dir's stores (shared with `npm start`), not a configured or AWS table. */
  local: boolean;
  close(): Promise<void>;
}

export const openStore = async (options: { aws: boolean }): Promise<OpenStore> => {
  const config = loadConfig();
  if (options.aws || config.dynamoEndpoint) {
    const { records, clients } = awsStores(config);
    return { records, local: false, close: async () => clients.dynamo.destroy() };
  }
  const dataDir = resolve(config.dataDir);
  const live = await readLiveEndpoints(dataDir);
  if (live) {
    const { records, clients } = awsStores({ ...config, dynamoEndpoint: live.dynamoEndpoint, s3Endpoint: live.s3Endpoint }, undefined, await embeddedCredentials(dataDir));
    return { records, local: true, close: async () => clients.dynamo.destroy() };
  }
  const emulators = await startEmbeddedAws({ dataDir });
  const { records, clients } = awsStores({ ...config, dynamoEndpoint: emulators.dynamoEndpoint, s3Endpoint: emulators.s3Endpoint }, undefined, emulators.credentials);
  await ensureTable(clients.dynamo, config.tableName);
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
