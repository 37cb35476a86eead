/**
 * The keys CLI as README runs it (`npm run keys`), against the stores of a local service that is running: the
 * service publishes its emulator endpoints in the data dir and the CLI goes through them.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../functions/adapters/aws/provision.js';
import { startEmbeddedAws, type EmbeddedAws } from '../../functions/adapters/local/embedded-aws.js';
import { awsStores } from '../../functions/runtime/composition.js';
import { loadConfig } from '../../functions/runtime/config.js';
import { publishEndpoints } from '../../functions/runtime/local/endpoints-file.js';

let dataDir: string;
let emulators: EmbeddedAws;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-keys-'));
  emulators = await startEmbeddedAws({ dataDir });
  const { clients } = awsStores({ ...loadConfig(), dynamoEndpoint: emulators.dynamoEndpoint, s3Endpoint: emulators.s3Endpoint }, undefined, emulators.credentials);
  await ensureTable(clients.dynamo, loadConfig().tableName);
  clients.dynamo.destroy();
  clients.s3.destroy();
  // This test process stands in for the running service.
  await publishEndpoints(dataDir, { pid: process.pid, dynamoEndpoint: emulators.dynamoEndpoint, s3Endpoint: emulators.s3Endpoint, apiUrl: 'http://127.0.0.1:1' });
}, 60_000);
afterAll(async () => {
  await emulators?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const keys = (...args: string[]) =>
  promisify(execFile)('npx', ['tsx', 'bin/keys.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DYNAMODB_ENDPOINT: '', S3_ENDPOINT: '' }, timeout: 60_000 });

describe('npm run keys, while npm start runs', { timeout: 120_000 }, () => {
  it('creates an org and a key, lists it, and manages the webhook secret through the running service', async () => {
    const created = await keys('create', '--org', 'second-org');
    expect(created.stdout).toMatch(/Created org second-org/);
    expect(created.stdout).toMatch(/\n  shk_\S+/);
    // A second org on one local service is told what is kept apart and what is not.
    expect(created.stderr).toMatch(/BLOCK_PRIVATE_NETWORKS=true/);
    expect((await keys('create', '--org', 'second-org')).stderr).toBe('');
    const listed = await keys('list', '--org', 'second-org');
    expect(listed.stdout).toMatch(/^second-org \(/);
    const secret = await keys('webhook-secret', '--org', 'second-org');
    expect(secret.stdout).toMatch(/whsec_/);
  });
});
