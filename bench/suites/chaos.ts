/**
 * Chaos: a real service process, its pieces killed in the middle of work, and what was lost. Three rounds, each
 * with async create-form-filler requests (webhooks to a loopback receiver) and file uploads in flight:
 *   browser  — the session's Chromium is SIGKILLed;
 *   stores   — the embedded stores' thread is ended;
 *   service  — the whole process is SIGKILLed, then started again on the same data dir.
 * Then every accepted request is followed to its end. Lost: a request still pending at the deadline, or one whose
 * webhook never arrived; an upload created before the fault that cannot be completed and read after it. Target:
 * nothing lost. Bounded (each wait has a deadline), loopback only, stops by itself.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey } from '../../functions/core/orgs/api-keys.js';
import { startFixtureServer } from '../../test/fixtures/server.js';
import { freePort, sleep } from '../support.js';

const REQUESTS_PER_ROUND = 8;
const UPLOADS_PER_ROUND = 4;
const SETTLE_DEADLINE_MS = 180_000;

interface Child {
  process: ChildProcess;
  url: string;
}

const startChild = (dataDir: string, port: number, key: string): Promise<Child> =>
  new Promise((resolve, reject) => {
    const child = fork(join(import.meta.dirname, '..', 'chaos-child.ts'), [dataDir, String(port), key], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.once('message', (message: { ready?: string }) =>
      message.ready ? resolve({ process: child, url: message.ready }) : reject(new Error('unexpected message')),
    );
    child.once('exit', (code) => reject(new Error(`the service exited with ${code} before it was ready`)));
  });

/** Chromium processes started by `pid` (direct children), from /proc. */
const browsersOf = async (pid: number): Promise<number[]> => {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(afterName[1]) !== pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (/chrom/i.test(cmdline)) found.push(Number(entry));
  }
  return found;
};

export const chaosSuite = async () => {
  const fixtures = await startFixtureServer();
  const deliveries = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const { requestId } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { requestId?: string };
        if (requestId) deliveries.set(requestId, (deliveries.get(requestId) ?? 0) + 1);
      } catch {
        // Not a webhook body: not counted.
      }
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-bench-chaos-'));
  const port = await freePort();
  const key = generateApiKey();
  let child = await startChild(dataDir, port, key);
  const call = async (method: string, path: string, body?: unknown) => {
    try {
      const res = await fetch(`${child.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      return { status: res.status, json: (await res.json().catch(() => undefined)) as any };
    } catch (error) {
      return { status: 0, json: { error: String(error) } };
    }
  };
  /** Sessions that did not come up (or lost their browser before a window opened), with why: a finding, not a stop. */
  const sessionFailures: { round: string; detail: string }[] = [];
  const window = async (roundName: string): Promise<string> => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const created = await call('POST', '/v1/sessions', {});
      const sessionId: string | undefined = created.json?.data?.id;
      if (!sessionId) {
        sessionFailures.push({
          round: roundName,
          detail: `create answered ${created.status}: ${JSON.stringify(created.json)}`,
        });
        continue;
      }
      for (
        let i = 0;
        i < 600 && (await call('GET', `/v1/sessions/${sessionId}`)).json?.data?.status === 'pending';
        i += 1
      )
        await sleep(100);
      const opened = await call('POST', `/v1/sessions/${sessionId}/windows`, {
        url: `${fixtures.url}/forms/contact.html`,
        waitUntil: 'load',
      });
      if (opened.status === 201)
        return `/v1/async/sessions/${sessionId}/windows/${opened.json.data.windowId}/create-form-filler`;
      sessionFailures.push({
        round: roundName,
        detail: `window answered ${opened.status}: ${opened.json?.detail ?? JSON.stringify(opened.json)}`,
      });
    }
    throw new Error(`no session could open a window in round ${roundName}: ${JSON.stringify(sessionFailures)}`);
  };

  const accepted: { round: string; requestId: string }[] = [];
  const uploads: { round: string; id: string; uploadUrl: string; body: string }[] = [];
  const refused: Record<string, number> = {};
  /**
   * One round: async requests one after another, uploads one after another beside them, and the fault struck once
   * half the requests are accepted, so some are running when it comes and the rest are sent into it (a refused
   * request is counted, not lost: it was never accepted).
   */
  const round = async (name: string, prepare: () => Promise<() => Promise<void>>) => {
    process.stderr.write(`chaos: round ${name}\n`);
    const path = await window(name);
    // Whatever the fault needs to find (a process id) is found before the work starts, so it strikes at once.
    const fault = await prepare();
    let faulted: Promise<void> | undefined;
    const requests = (async () => {
      for (let i = 0; i < REQUESTS_PER_ROUND; i += 1) {
        const res = await call('POST', path, { async: { webhookUrl: hook } });
        if (res.status === 201) accepted.push({ round: name, requestId: res.json.requestId });
        else refused[name] = (refused[name] ?? 0) + 1;
        if (i === REQUESTS_PER_ROUND / 2 - 1) faulted = fault();
      }
    })();
    const files = (async () => {
      for (let i = 0; i < UPLOADS_PER_ROUND; i += 1) {
        const res = await call('POST', '/v1/files', { fileName: `${name}-${i}.txt` });
        if (res.status !== 200) {
          refused[name] = (refused[name] ?? 0) + 1;
          continue;
        }
        const body = `${name} upload ${i}`;
        uploads.push({ round: name, id: res.json.data.id, uploadUrl: res.json.data.uploadUrl, body });
        await fetch(res.json.data.uploadUrl, { method: 'PUT', body }).catch(() => undefined);
      }
    })();
    await Promise.all([requests, files]);
    await faulted;
  };

  /** From a fault to the first read of the stores that answers 200 again (a list of files reads both). */
  const recoveryMs: Record<string, number> = {};
  const answeringAgain = async (since: number): Promise<number> => {
    const deadline = Date.now() + 120_000;
    while ((await call('GET', '/v1/files')).status !== 200) {
      if (Date.now() > deadline) throw new Error('the service did not answer again within 120 s');
      await sleep(50);
    }
    return Math.round(performance.now() - since);
  };

  const started = performance.now();
  try {
    await round('browser', async () => {
      // Every Chromium of the service: the session's (which one it is cannot be told from outside) and the warm
      // pool's spare, which the next session would otherwise take.
      const browsers = await browsersOf(child.process.pid!);
      if (browsers.length === 0) throw new Error('no browser process found under the service');
      return async () => {
        for (const pid of browsers) process.kill(pid, 'SIGKILL');
      };
    });
    await round('stores', async () => async () => {
      const killed = performance.now();
      child.process.send('kill-store-thread');
      recoveryMs.stores = await answeringAgain(killed);
    });
    await round('service', async () => async () => {
      const killed = performance.now();
      child.process.kill('SIGKILL');
      await new Promise((resolve) => child.process.once('exit', resolve));
      child = await startChild(dataDir, port, key);
      recoveryMs.service = await answeringAgain(killed);
    });

    // Follow every accepted request to its end, and every upload to readable bytes (an upload whose PUT hit the
    // outage is sent again on the same link, as a client retries).
    const deadline = Date.now() + SETTLE_DEADLINE_MS;
    const final = new Map<string, string>();
    while (Date.now() < deadline) {
      for (const { requestId } of accepted) {
        if (final.has(requestId)) continue;
        const status = (await call('GET', `/v1/requests/${requestId}/status`)).json?.status;
        if (status === 'completed' || status === 'error') final.set(requestId, status);
      }
      if (final.size === accepted.length && accepted.every(({ requestId }) => deliveries.has(requestId))) break;
      await sleep(500);
    }
    const readable = new Set<string>();
    for (const upload of uploads) {
      for (let attempt = 0; attempt < 3 && !readable.has(upload.id); attempt += 1) {
        const file = await call('GET', `/v1/files/${upload.id}`);
        if (
          file.json?.data?.status === 'available' &&
          (await (await fetch(file.json.data.downloadUrl)).text()) === upload.body
        )
          readable.add(upload.id);
        else await fetch(upload.uploadUrl, { method: 'PUT', body: upload.body }).catch(() => undefined);
      }
    }
    const byRound = (name: string) => {
      const mine = accepted.filter((entry) => entry.round === name);
      const files = uploads.filter((entry) => entry.round === name);
      return {
        accepted: mine.length,
        refusedDuringFault: refused[name] ?? 0,
        completed: mine.filter(({ requestId }) => final.get(requestId) === 'completed').length,
        error: mine.filter(({ requestId }) => final.get(requestId) === 'error').length,
        stillPending: mine.filter(({ requestId }) => !final.has(requestId)).length,
        webhookMissing: mine.filter(({ requestId }) => !deliveries.has(requestId)).length,
        webhookDuplicates: mine.reduce(
          (sum, { requestId }) => sum + Math.max(0, (deliveries.get(requestId) ?? 0) - 1),
          0,
        ),
        uploads: files.length,
        uploadsLost: files.filter(({ id }) => !readable.has(id)).length,
      };
    };
    const rounds = { browser: byRound('browser'), stores: byRound('stores'), service: byRound('service') };
    const lost = Object.values(rounds).reduce((sum, r) => sum + r.stillPending + r.webhookMissing + r.uploadsLost, 0);
    return {
      rounds,
      lost,
      recoveryMs,
      sessionFailures,
      target: { lost: 0, met: lost === 0 },
      seconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    child.process.kill('SIGTERM');
    await new Promise((resolve) =>
      child.process.exitCode !== null ? resolve(undefined) : child.process.once('exit', resolve),
    );
    await fixtures.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await rm(dataDir, { recursive: true, force: true });
  }
};
