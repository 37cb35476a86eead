/**
 * The embedded DynamoDB and S3 of `npm start`. Their ports are kept in the data dir and asked for again at the next
 * start: signed file URLs point at the S3 emulator, and those handed out before a restart (upload links, download
 * links replayed in session events) keep working after it. A port taken meanwhile gives way to a free one.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startEmbeddedAwsThread, type StoreThreadEvents } from '../../adapters/local/embedded-aws-thread.js';
import { MAX_FILE_BYTES } from '../../core/files/model.js';

/** An upload URL carries at most one file of the largest size the service keeps. */
const maxUploadBytes = MAX_FILE_BYTES;

const PORTS_FILE = 'store-ports.json';

interface StorePorts {
  dynamoPort: number;
  s3Port: number;
}

const portOf = (endpoint: string) => Number(new URL(endpoint).port);

const rememberedPorts = async (dataDir: string): Promise<StorePorts | undefined> => {
  try {
    const ports = JSON.parse(await readFile(join(dataDir, PORTS_FILE), 'utf8')) as Partial<StorePorts>;
    return Number.isInteger(ports.dynamoPort) && Number.isInteger(ports.s3Port) ? (ports as StorePorts) : undefined;
  } catch {
    return undefined;
  }
};

export const startEmbeddedStores = async (dataDir: string, host: string, events: StoreThreadEvents = {}) => {
  const remembered = await rememberedPorts(dataDir);
  const stores =
    (remembered &&
      (await startEmbeddedAwsThread({ dataDir, host, maxUploadBytes, ...remembered }, events).catch(
        () => undefined,
      ))) ??
    (await startEmbeddedAwsThread({ dataDir, host, maxUploadBytes }, events));
  const ports: StorePorts = { dynamoPort: portOf(stores.dynamoEndpoint), s3Port: portOf(stores.s3Endpoint) };
  if (ports.dynamoPort !== remembered?.dynamoPort || ports.s3Port !== remembered?.s3Port) {
    await writeFile(join(dataDir, PORTS_FILE), `${JSON.stringify(ports)}\n`, { mode: 0o600 });
  }
  return stores;
};
