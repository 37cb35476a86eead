/** This service's side of the floor comparison: every operation one HTTP call to `npm start`'s process. */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { apiClient, sleep, type ServiceProcess } from '../../support.js';
import type { FloorSide } from './plan.js';

type Call = ReturnType<typeof apiClient>;

/** Any answer but a 2xx whose operation succeeded (or, for a reading without a model, answered in part) aborts the run. */
const ok = async (what: string, answer: Promise<{ status: number; json: any }>, accept = ['success']) => {
  const { status, json } = await answer;
  const outcome = json?.meta?.status;
  if (status >= 300 || (outcome !== undefined && !accept.includes(outcome)) || json?.errors?.length) {
    throw new Error(`${what}: ${status} ${JSON.stringify(json).slice(0, 600)}`);
  }
  return json;
};

/** A session's status events (they carry why it failed), read from its event stream for a moment. */
const statusEvents = async (service: ServiceProcess, sessionId: string): Promise<string> => {
  const res = await fetch(`${service.url}/v1/sessions/${sessionId}/events?all=true`, {
    headers: { authorization: `Bearer ${service.key}` },
    signal: AbortSignal.timeout(1000),
  });
  let text = '';
  try {
    for await (const chunk of res.body!) text += Buffer.from(chunk).toString();
  } catch {
    // The stream stays open; the timeout ends the read.
  }
  return text
    .split('\n')
    .filter((line) => line.includes('"status"'))
    .join('\n');
};

export const oursSide = (service: ServiceProcess, uploadPath: string): FloorSide<string> => {
  const call: Call = apiClient(service);
  let sessionId = '';
  let fileId = '';
  const window = (windowId: string, suffix = '') => `/v1/sessions/${sessionId}/windows/${windowId}${suffix}`;
  return {
    async ready() {
      const created = await ok('session create', call('POST', '/v1/sessions', {}));
      sessionId = created.data.id;
      for (
        let session = created.data;
        session.status !== 'running';
        session = (await call('GET', `/v1/sessions/${sessionId}`)).json.data
      ) {
        if (session.status === 'error' || session.status === 'ended')
          throw new Error(`session did not start: ${await statusEvents(service, sessionId)}`);
        await sleep(5);
      }
    },
    async prepare() {
      if (!fileId) {
        const created = await ok('file create', call('POST', '/v1/files', { fileName: basename(uploadPath) }));
        const put = await fetch(created.data.uploadUrl, {
          method: 'PUT',
          body: new Uint8Array(await readFile(uploadPath)),
        });
        if (!put.ok) throw new Error(`file upload: ${put.status}`);
        fileId = created.data.id;
      }
      await ok('file push', call('POST', `/v1/files/${fileId}/push`, { sessionIds: [sessionId] }));
    },
    async open(url) {
      return (await ok('window create', call('POST', `/v1/sessions/${sessionId}/windows`, { url, waitUntil: 'load' })))
        .data.windowId;
    },
    async load(windowId, url) {
      await ok('load-url', call('POST', window(windowId), { url, waitUntil: 'load' }));
    },
    async scrape(windowId) {
      await ok('scrape', call('POST', window(windowId, '/scrape-content'), {}));
    },
    async read(windowId, question) {
      // No model is configured: the answer is what the page itself shows, said to be partial.
      await ok('page-query', call('POST', window(windowId, '/page-query'), { prompt: question }), [
        'success',
        'partial',
      ]);
    },
    async screenshot(windowId) {
      await ok('screenshot', call('POST', window(windowId, '/screenshot'), {}));
    },
    async fullPageScreenshot(windowId) {
      await ok(
        'full-page screenshot',
        call('POST', window(windowId, '/screenshot'), { configuration: { screenshot: { scope: 'page' } } }),
      );
    },
    async click(windowId, target) {
      await ok('click', call('POST', window(windowId, '/click'), { elementDescription: target.description }));
    },
    async hover(windowId, target) {
      await ok('hover', call('POST', window(windowId, '/hover'), { elementDescription: target.description }));
    },
    async type(windowId, target, text) {
      await ok('type', call('POST', window(windowId, '/type'), { elementDescription: target.description, text }));
    },
    async scroll(windowId, pixels) {
      await ok('scroll', call('POST', window(windowId, '/scroll'), { scrollBy: { yAxis: `${pixels}px` } }));
    },
    async fileInput(windowId, target) {
      await ok(
        'file-input',
        call('POST', window(windowId, '/file-input'), { fileId, elementDescription: target.description }),
      );
    },
    async terminate() {
      await ok('terminate', call('DELETE', `/v1/sessions/${sessionId}`));
    },
  };
};
