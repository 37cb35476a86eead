/**
 * Files through the API of `npm start`'s process: a 5 MB file uploaded (create, PUT to the pre-signed URL, read
 * back as available), pushed into a running session, and put into a page's file input. Bar: p50 of the whole flow
 * at most 1 s.
 */
import { randomBytes } from 'node:crypto';
import { startFixtureServer } from '../../test/fixtures/server.js';
import { startServiceProcess, stats, type ServiceProcess } from '../support.js';

const FILE_BYTES = 5 * 1024 * 1024;
const RUNS = 7;
const BAR_MS = 1000;

const api = (service: ServiceProcess) => async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${service.key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};

const waitRunning = async (call: ReturnType<typeof api>, id: string) => {
  for (let i = 0; i < 600; i += 1) {
    if ((await call('GET', `/v1/sessions/${id}`)).data.status === 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`session ${id} did not start`);
};

export const filesSuite = async () => {
  const fixtures = await startFixtureServer();
  const service = await startServiceProcess({ WARM_POOL_SIZE: '1' });
  const call = api(service);
  try {
    const session = await call('POST', '/v1/sessions', {});
    const sessionId: string = session.data.id;
    await waitRunning(call, sessionId);
    const window = await call('POST', `/v1/sessions/${sessionId}/windows`, {
      url: `${fixtures.url}/files/one-input.html`,
    });
    const windowId: string = window.data.windowId;
    const bytes = new Uint8Array(randomBytes(FILE_BYTES));

    const timings = {
      uploadMs: [] as number[],
      pushMs: [] as number[],
      fileInputMs: [] as number[],
      totalMs: [] as number[],
    };
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const created = await call('POST', '/v1/files', { fileName: `bench-${run}.bin` });
      const put = await fetch(created.data.uploadUrl, {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      });
      if (!put.ok) throw new Error(`upload PUT: ${put.status}`);
      const got = await call('GET', `/v1/files/${created.data.id}`);
      if (got.data.status !== 'available' || got.data.fileBytes !== FILE_BYTES)
        throw new Error(`upload not available: ${JSON.stringify(got.data)}`);
      const uploaded = performance.now();
      await call('POST', `/v1/files/${created.data.id}/push`, { sessionIds: [sessionId] });
      const pushed = performance.now();
      const input = await call('POST', `/v1/sessions/${sessionId}/windows/${windowId}/file-input`, {
        fileId: created.data.id,
      });
      if (input.meta.status !== 'success') throw new Error(`file-input: ${JSON.stringify(input)}`);
      const done = performance.now();
      timings.uploadMs.push(uploaded - started);
      timings.pushMs.push(pushed - uploaded);
      timings.fileInputMs.push(done - pushed);
      timings.totalMs.push(done - started);
    }
    await call('DELETE', `/v1/sessions/${sessionId}`);

    const total = stats(timings.totalMs);
    return {
      fileBytes: FILE_BYTES,
      uploadPushFileInputMs: total,
      stages: {
        uploadMs: stats(timings.uploadMs),
        pushMs: stats(timings.pushMs),
        fileInputMs: stats(timings.fileInputMs),
      },
      bar: { p50AtMostMs: BAR_MS, met: total.p50 <= BAR_MS },
    };
  } finally {
    await service.stop();
    await fixtures.close();
  }
};
