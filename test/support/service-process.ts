/**
 * `npm start` (bin/local.ts) in its own process, as a user runs it: its environment, its printed lines, its exit.
 *
 *   const svc = await startServiceProcess({ MODEL_PROVIDER: 'openai', … });   svc.url, svc.key, svc.output()
 *   await svc.stop();
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey } from '../../functions/core/orgs/api-keys.js';

export interface ServiceProcess {
  url: string;
  key: string;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** A JSON call with the key. */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, any> }>;
  stop(): Promise<void>;
}

/** `sharedDir`: a data dir the caller owns (kept when the service stops); else a fresh one, removed at the end. */
const launch = async (env: NodeJS.ProcessEnv, sharedDir?: string) => {
  const dataDir = sharedDir ?? (await mkdtemp(join(tmpdir(), 'sessionhost-process-')));
  const key = generateApiKey();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/local.ts', '--port', '0', '--api-key', key, '--data-dir', dataDir],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const streams = { stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk) => (streams.stdout += chunk));
  child.stderr!.on('data', (chunk) => (streams.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const removeDataDir = () => (sharedDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }));
  return { child, key, dataDir, streams, exited, removeDataDir };
};

/** Runs until it exits by itself (a refused configuration): its exit code and what it printed on stderr. */
export const serviceExit = async (
  env: NodeJS.ProcessEnv,
  dataDir?: string,
): Promise<{ code: number | null; stderr: string }> => {
  const started = await launch(env, dataDir);
  const code = await started.exited;
  await started.removeDataDir();
  return { code, stderr: started.streams.stderr };
};

export const startServiceProcess = async (env: NodeJS.ProcessEnv, dataDir?: string): Promise<ServiceProcess> => {
  const { child, key, streams, exited, removeDataDir } = await launch(env, dataDir);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /Listening on (http:\/\/\S+)/.exec(streams.stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) =>
      reject(new Error(`the service exited with ${code}:\n${streams.stdout}${streams.stderr}`)),
    );
  });
  return {
    url,
    key,
    output: () => `${streams.stdout}${streams.stderr}`,
    call: async (method, path, body) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, any> };
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await removeDataDir();
    },
  };
};

/** A session of the service, once running (a loaded machine may take a while to launch its browser). */
export const runningSession = async (svc: ServiceProcess): Promise<string> => {
  const id: string = (await svc.call('POST', '/v1/sessions', {})).json.data.id;
  for (let i = 0; i < 900; i += 1) {
    const status = (await svc.call('GET', `/v1/sessions/${id}`)).json.data.status;
    if (status === 'running') return id;
    if (status === 'error' || status === 'ended') throw new Error(`session ${id} ended as ${status}:\n${svc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`session ${id} did not start:\n${svc.output()}`);
};
