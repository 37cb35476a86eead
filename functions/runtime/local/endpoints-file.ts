/**
 * While the local service runs, it publishes its emulator endpoints in the data dir, so tools such as the keys CLI
 * can reach the same stores (the embedded DynamoDB's files are locked by the process that has them open).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface PublishedEndpoints {
  pid: number;
  dynamoEndpoint: string;
  s3Endpoint: string;
  apiUrl: string;
}

const fileIn = (dataDir: string) => join(dataDir, 'endpoints.json');

export const publishEndpoints = (dataDir: string, endpoints: PublishedEndpoints): Promise<void> =>
  writeFile(fileIn(dataDir), `${JSON.stringify(endpoints, null, 2)}\n`, { mode: 0o600 });

export const withdrawEndpoints = (dataDir: string): Promise<void> => rm(fileIn(dataDir), { force: true });

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The endpoints of a local service that is running now, or undefined. */
export const readLiveEndpoints = async (dataDir: string): Promise<PublishedEndpoints | undefined> => {
  try {
    const endpoints = JSON.parse(await readFile(fileIn(dataDir), 'utf8')) as PublishedEndpoints;
    return alive(endpoints.pid) ? endpoints : undefined;
  } catch {
    return undefined;
  }
};
