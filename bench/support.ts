/** Helpers the bench suites share: a service in its own process, percentiles, load generation. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { generateApiKey } from '../functions/core/orgs/api-keys.js';

export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export interface ServiceProcess {
  url: string;
  key: string;
  dataDir: string;
  /** Wall time from spawn to the first answered request. */
  startMs: number;
  /** What the service itself reported as its ready time. */
  readyMs: number;
  child: ChildProcess;
  /** Everything the process printed so far (its logs at LOG_LEVEL warn), for a failed run's report. */
  output(): string;
  stop(): Promise<void>;
}

/** `npm start`'s entry, in its own process, as a user runs it (warm install: modules already on disk). */
export const startServiceProcess = async (env: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-bench-'));
  const port = await freePort();
  const key = generateApiKey();
  // What `npm start` runs: its prestart compiles (or finds current) the service's JavaScript first.
  execFileSync(process.execPath, ['scripts/build-local.mjs'], { stdio: 'inherit' });
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['.build/bin/local.js', '--port', String(port), '--api-key', key, '--data-dir', dataDir],
    {
      // Throughput is measured with one key: the per-org rate limit would measure itself instead.
      env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_SECOND: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const readyMs = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /ready (\d+) ms after/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const startMs = performance.now() - started;
  return {
    url,
    key,
    dataDir,
    startMs,
    readyMs,
    child,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  throughputPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}

/** Closed-loop load: `connections` clients each sending the next request when the last one answered. */
export const load = async (options: {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadResult> => {
  const times: number[] = [];
  // Without a callback autocannon returns an emitter that is also a promise of the result.
  const instance = autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
  }) as unknown as EventEmitter & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    times.push(responseTime),
  );
  const result = await instance;
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    throughputPerSecond: round(result.requests.total / options.seconds, 0),
    latencyMs: {
      p50: round(percentile(times, 50)),
      p95: round(percentile(times, 95)),
      p99: round(percentile(times, 99)),
      max: round(Math.max(...times)),
    },
  };
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Median, 95th percentile and count of timings, in ms. */
export const stats = (values: number[]) => ({
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  n: values.length,
});

/** A JSON caller on a service process, authenticated with its key. */
export const apiClient = (service: ServiceProcess) => async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;

/** Times `rounds` window creates on a local page (`waitUntil: load`) in one session, closing each window after. */
export const timeWindowCreates = async (
  call: Call,
  sessionId: string,
  url: string,
  rounds: number,
): Promise<number[]> => {
  const windowMs: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    const res = await call('POST', `/v1/sessions/${sessionId}/windows`, { url, waitUntil: 'load' });
    windowMs.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`window create: ${JSON.stringify(res.json)}`);
    await call('DELETE', `/v1/sessions/${sessionId}/windows/${res.json.data.windowId}`);
  }
  return windowMs;
};

/** Creates a session and waits until it runs; answers its id. */
export const runningSession = async (call: Call): Promise<string> => {
  const created = await call('POST', '/v1/sessions', {});
  const sessionId: string = created.json.data.id;
  for (
    let status = created.json.data.status;
    status !== 'running';
    status = (await call('GET', `/v1/sessions/${sessionId}`)).json.data.status
  ) {
    if (status === 'error' || status === 'ended') throw new Error(`session ${sessionId} did not start`);
    await sleep(50);
  }
  return sessionId;
};
