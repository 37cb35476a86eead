/**
 * Builds the browser host image from the real Dockerfile and serves a session from it: `npm run image:test`.
 *
 * 1. podman and the base image: when either is missing, runs `shared/tools/container-base.sh` (found in the project
 *    or a directory above it, or at $CONTAINER_BASE_SCRIPT), which installs podman and builds a local stand-in for
 *    `node:22-bookworm-slim` (no Docker Hub needed).
 * 2. `podman build --pull=never --network=host --format=docker` of the Dockerfile (the docker format keeps its
 *    HEALTHCHECK).
 * 3. Runs the image as ECS does (its own USER and CMD, an init process), on the host network, with the network guard
 *    on and loopback allowed, so the browser can load a page this script serves on 127.0.0.1.
 * 4. Starts a session through the host's internal API (HOST_SECRET), connects to it through the host's CDP proxy,
 *    opens a window on the page and checks what the browser rendered, that it runs as the unprivileged user and that
 *    its environment holds none of the host's secrets; then a session with the test suite's extension, which the
 *    host copied at start from a bucket of the embedded S3 (EXTENSIONS_BUCKET), whose content script marks the page,
 *    and an unknown id refused with 422.
 * 5. Ends the session and stops the container (also on failure). Exits 1 at the first failed step.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import puppeteer from 'puppeteer-core';
import { withEmbeddedAws } from '../test/support/embedded.js';

const run = promisify(execFile);
const projectRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));
const BASE_IMAGE = 'docker.io/library/node:22-bookworm-slim';
const IMAGE = process.env.IMAGE_TAG ?? 'localhost/sessionhost-host:image-test';
/** How long the host may take to answer /health once the container runs (Chromium's warm pool launches first). */
const READY_DEADLINE_MS = 120_000;

const log = (line: string) => process.stdout.write(`${line}\n`);

const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  try {
    const value = await work();
    log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return value;
  } catch (error) {
    log(
      `FAIL ${name} (${((Date.now() - started) / 1000).toFixed(1)} s): ${error instanceof Error ? error.message : String(error)}`,
    );
    throw error;
  }
};

/** Runs a command with its output streamed to ours (the long build), rejecting on a non-zero exit. */
const stream = (command: string, args: string[]): Promise<void> =>
  new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args[0]} exited ${code}`))));
  });

const succeeds = async (command: string, args: string[]): Promise<boolean> =>
  run(command, args).then(
    () => true,
    () => false,
  );

/** The base-image script: $CONTAINER_BASE_SCRIPT, else `shared/tools/container-base.sh` here or in a parent. */
const baseScript = (): string | undefined => {
  if (process.env.CONTAINER_BASE_SCRIPT) return process.env.CONTAINER_BASE_SCRIPT;
  for (let dir = projectRoot; ; dir = dirname(dir)) {
    const candidate = join(dir, 'shared/tools/container-base.sh');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
};

const ensureEngine = async (): Promise<void> => {
  if ((await succeeds('podman', ['--version'])) && (await succeeds('podman', ['image', 'exists', BASE_IMAGE]))) return;
  const script = baseScript();
  if (!script)
    throw new Error(
      `podman or ${BASE_IMAGE} is missing and no shared/tools/container-base.sh was found (set CONTAINER_BASE_SCRIPT)`,
    );
  await stream('bash', [script]);
};

/** The page the window opens: served on loopback, with content the script can recognise only if it rendered. */
const servePage = async (marker: string): Promise<{ server: Server; url: string }> => {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>image test ${marker}</title><p id="marker">${marker}</p><script>document.getElementById('marker').dataset.ran = 'yes'</script>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
};

const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
};

const waitForHealth = async (base: string, container: string): Promise<void> => {
  const deadline = Date.now() + READY_DEADLINE_MS;
  for (;;) {
    const healthy = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    const state = (
      await run('podman', ['inspect', '--format', '{{.State.Status}}', container]).catch(() => ({ stdout: 'gone' }))
    ).stdout.trim();
    if (state !== 'running')
      throw new Error(
        `the container is ${state}: ${(await run('podman', ['logs', container]).catch(() => ({ stdout: '', stderr: '' }))).stderr}`,
      );
    if (Date.now() > deadline)
      throw new Error(`no healthy answer from ${base}/health within ${READY_DEADLINE_MS / 1000} s`);
    await new Promise((done) => setTimeout(done, 500));
  }
};

/** A process's uid and environment variable names inside the container, read from /proc. */
const processFacts = async (container: string, pid: number): Promise<{ uid: string; envNames: string[] }> => {
  const status = (await run('podman', ['exec', container, 'cat', `/proc/${pid}/status`])).stdout;
  const environ = (await run('podman', ['exec', container, 'cat', `/proc/${pid}/environ`])).stdout;
  return {
    uid: /^Uid:\s+(\d+)/m.exec(status)?.[1] ?? '?',
    envNames: environ
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.split('=')[0]!),
  };
};

const main = async (): Promise<void> => {
  const secret = randomBytes(24).toString('hex');
  const signingSecret = randomBytes(32).toString('hex');
  const marker = randomBytes(6).toString('hex');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const container = `sessionhost-image-test-${process.pid}`;
  const auth = { authorization: `Bearer ${secret}` };
  const page = await servePage(marker);
  // The test suite's extension, uploaded as an operator would, under an id of its own.
  const aws = await withEmbeddedAws();
  const extension = join(projectRoot, 'test/fixtures/extensions/page-marker');
  for (const file of ['manifest.json', 'content.js'])
    await aws.blobs.put(`extensions/bucket-marker/${file}`, await readFile(join(extension, file)));
  let started = false;
  try {
    await step('podman and the base image', ensureEngine);
    await step('podman build of the Dockerfile', () =>
      stream('podman', ['build', '--pull=never', '--network=host', '--format=docker', '-t', IMAGE, '.']),
    );
    const size = (await run('podman', ['image', 'inspect', '--format', '{{.Size}}', IMAGE])).stdout.trim();
    log(`     image ${IMAGE}: ${(Number(size) / 1e6).toFixed(0)} MB`);
    await step('container start', async () => {
      await run('podman', [
        'run',
        '--detach',
        '--rm',
        '--init',
        '--network=host',
        '--name',
        container,
        '-e',
        `HOST_SECRET=${secret}`,
        '-e',
        `SIGNING_SECRET=${signingSecret}`,
        '-e',
        `HOST_PORT=${port}`,
        '-e',
        'HOST_BIND=127.0.0.1',
        '-e',
        'HOST_CAPACITY=2',
        '-e',
        'HOST_WARM_POOL_SIZE=1',
        // As on ECS: the guard on; loopback allowed only because this script's page lives there.
        '-e',
        'BLOCK_PRIVATE_NETWORKS=true',
        '-e',
        'ALLOWED_PRIVATE_HOSTS=127.0.0.1',
        // Extensions copied from a bucket at start, as on AWS: here the embedded S3 on loopback, with its key pair.
        '-e',
        `EXTENSIONS_BUCKET=${aws.bucket}`,
        '-e',
        `S3_ENDPOINT=${aws.endpoints.s3}`,
        '-e',
        'AWS_REGION=us-east-1',
        '-e',
        `AWS_ACCESS_KEY_ID=${aws.credentials.accessKeyId}`,
        '-e',
        `AWS_SECRET_ACCESS_KEY=${aws.credentials.secretAccessKey}`,
        IMAGE,
      ]);
      started = true;
      await waitForHealth(base, container);
    });
    const created = await step('session start through the internal API', async () => {
      const response = await fetch(`${base}/sessions`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId: `image-test-${marker}`, idleTimeoutMs: 120_000 }),
      });
      if (response.status !== 201)
        throw new Error(`POST /sessions answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { sessionId: string; wsEndpoint: string; pid: number; warm: boolean };
    });
    log(
      `     session ${created.sessionId}: browser pid ${created.pid} (warm: ${created.warm}), CDP ${created.wsEndpoint}`,
    );
    await step('window on a page served from the host', async () => {
      const browser = await puppeteer.connect({
        browserWSEndpoint: created.wsEndpoint,
        headers: auth,
        defaultViewport: { width: 1280, height: 800 },
      });
      try {
        const tab = await browser.newPage();
        await tab.goto(page.url, { waitUntil: 'load', timeout: 30_000 });
        const seen = await tab.evaluate(() => ({
          title: document.title,
          text: document.getElementById('marker')?.textContent,
          ran: document.getElementById('marker')?.dataset.ran,
        }));
        if (seen.title !== `image test ${marker}` || seen.text !== marker || seen.ran !== 'yes')
          throw new Error(`the window shows ${JSON.stringify(seen)}`);
        const shot = await tab.screenshot({ type: 'png' });
        log(`     ${await browser.version()}: title "${seen.title}", script ran, screenshot ${shot.length} bytes`);
      } finally {
        await browser.disconnect();
      }
    });
    await step('browser isolation: unprivileged user, none of the host secrets in its environment', async () => {
      const facts = await processFacts(container, created.pid);
      const leaked = facts.envNames.filter((name) => /SECRET|AWS_|TOKEN|CREDENTIAL/i.test(name));
      if (facts.uid === '0') throw new Error('the browser runs as root');
      if (leaked.length > 0) throw new Error(`the browser's environment holds ${leaked.join(', ')}`);
      log(`     uid ${facts.uid}; environment: ${facts.envNames.join(' ')}`);
    });
    await step(
      'extension fetched from the bucket, loaded by id, changes the page; an unknown id is a 422',
      async () => {
        const start = (sessionId: string, extensionIds: string[]) =>
          fetch(`${base}/sessions`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ sessionId, idleTimeoutMs: 120_000, extensionIds }),
          });
        const unknown = await start(`image-test-unknown-${marker}`, ['no-such-extension']);
        const refusal = await unknown.text();
        if (unknown.status !== 422 || !refusal.includes('no-such-extension'))
          throw new Error(`an unknown extension id answered ${unknown.status}: ${refusal}`);
        const response = await start(`image-test-ext-${marker}`, ['bucket-marker']);
        if (response.status !== 201)
          throw new Error(`POST /sessions answered ${response.status}: ${await response.text()}`);
        const session = (await response.json()) as { sessionId: string; wsEndpoint: string };
        const browser = await puppeteer.connect({ browserWSEndpoint: session.wsEndpoint, headers: auth });
        try {
          const tab = await browser.newPage();
          await tab.goto(page.url, { waitUntil: 'load', timeout: 30_000 });
          const mark = await tab.waitForSelector('#page-marker', { timeout: 15_000 });
          log(`     extension: "${await mark?.evaluate((node) => node.textContent)}"`);
        } finally {
          await browser.disconnect();
          await fetch(`${base}/sessions/${encodeURIComponent(session.sessionId)}`, { method: 'DELETE', headers: auth });
        }
      },
    );
    await step('session end', async () => {
      const response = await fetch(`${base}/sessions/${encodeURIComponent(created.sessionId)}`, {
        method: 'DELETE',
        headers: auth,
      });
      if (response.status !== 204) throw new Error(`DELETE answered ${response.status}: ${await response.text()}`);
    });
  } finally {
    page.server.close();
    await aws.stop();
    if (started)
      await step('container stop', () =>
        run('podman', ['stop', '--time', '30', container]).then(() => undefined),
      ).catch(() => undefined);
  }
};

main().then(
  () => log('image test passed'),
  () => {
    log('image test failed');
    process.exitCode = 1;
  },
);
