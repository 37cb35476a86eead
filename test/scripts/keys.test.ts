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
import { awsStores } from '../../functions/composition/create-deps.js';
import { loadConfig } from '../../functions/config/config.js';
import { publishEndpoints } from '../../functions/composition/local/endpoints-file.js';

let dataDir: string;
/** TMPDIR of the CLI: its directory of running services holds only this file's stand-in service. */
let tmp: string;
let emulators: EmbeddedAws;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-keys-'));
  tmp = await mkdtemp(join(tmpdir(), 'sessionhost-keys-tmp-'));
  emulators = await startEmbeddedAws({ dataDir });
  const { clients } = awsStores(
    { ...loadConfig(), dynamoEndpoint: emulators.dynamoEndpoint, s3Endpoint: emulators.s3Endpoint },
    undefined,
    emulators.credentials,
  );
  await ensureTable(clients.dynamo, loadConfig().tableName);
  clients.dynamo.destroy();
  clients.s3.destroy();
  // This test process stands in for the running service.
  await publishEndpoints(
    dataDir,
    {
      pid: process.pid,
      dynamoEndpoint: emulators.dynamoEndpoint,
      s3Endpoint: emulators.s3Endpoint,
      apiUrl: 'http://127.0.0.1:1',
    },
    join(tmp, `sessionhost-${process.getuid!()}`, 'services'),
  );
}, 60_000);
afterAll(async () => {
  await emulators?.stop();
  await Promise.all([dataDir, tmp].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** stderr holds what the CLI says: npm's own configuration warnings and Node's runtime warnings are left out. */
const keysIn = async (env: { DATA_DIR: string; TMPDIR: string }, ...args: string[]) => {
  const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', 'bin/keys.ts', ...args], {
    env: { ...process.env, DYNAMODB_ENDPOINT: '', S3_ENDPOINT: '', NODE_NO_WARNINGS: '1', ...env },
    timeout: 60_000,
  });
  return {
    stdout,
    stderr: stderr
      .split('\n')
      .filter((line) => !line.startsWith('npm warn '))
      .join('\n'),
  };
};
const keys = (...args: string[]) => keysIn({ DATA_DIR: dataDir, TMPDIR: tmp }, ...args);

describe('npm run keys, while npm start runs', { timeout: 120_000 }, () => {
  it('creates an org and a key, lists it, and manages the webhook secret through the running service', async () => {
    const created = await keys('create', '--org', 'second-org');
    expect(created.stdout).toMatch(/Created org second-org/);
    expect(created.stdout).toMatch(/\n {2}shk_\S+/);
    // A second org on one local service is told what is kept apart and what is not.
    expect(created.stderr).toMatch(/BLOCK_PRIVATE_NETWORKS=true/);
    expect((await keys('create', '--org', 'second-org')).stderr).toBe('');
    const listed = await keys('list', '--org', 'second-org');
    expect(listed.stdout).toMatch(/^second-org \(/);
    const secret = await keys('webhook-secret', '--org', 'second-org');
    expect(secret.stdout).toMatch(/whsec_/);
  });
});

describe("npm run keys, started without the service's DATA_DIR", { timeout: 120_000 }, () => {
  it('finds the only running service and says which data dir it uses', async () => {
    await keys('create', '--org', 'found-org');
    const listed = await keysIn({ DATA_DIR: join(tmp, 'not-the-service'), TMPDIR: tmp }, 'list', '--org', 'found-org');
    expect(listed.stdout).toMatch(/^found-org \(/);
    expect(listed.stderr.trim().split('\n')).toEqual([expect.stringContaining(`DATA_DIR=${dataDir}`)]);
  });

  it('with no service running, says on one line which store it opened and that, empty, it may be the wrong one', async () => {
    const alone = await mkdtemp(join(tmpdir(), 'sessionhost-keys-alone-'));
    try {
      const listed = await keysIn({ DATA_DIR: join(alone, 'data'), TMPDIR: alone }, 'list');
      expect(listed.stdout).toBe('');
      expect(listed.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          /^Opened the store in .*data itself, and it is empty: it may not be the one your service uses/,
        ),
      ]);
      expect(listed.stderr).toContain(join(alone, 'data'));
    } finally {
      await rm(alone, { recursive: true, force: true });
    }
  });
});
