/**
 * scrape-content of a generated ~1 MB documentation page, end to end through the HTTP API of `npm start`'s
 * process on real Chromium: one window, a few warm-up scrapes, then scrapes one after another, timed from request
 * to parsed response.
 */
import { serveBigDocs } from '../../test/fixtures/pages/scrape/big-docs.js';
import { apiClient, percentile, round, runningSession, startServiceProcess } from '../support.js';

const WARM_UP = 3;
const RUNS = 30;

export const scrapeSuite = async (): Promise<{ p50: number; p95: number; n: number }> => {
  const [big, service] = await Promise.all([serveBigDocs(), startServiceProcess({ WARM_POOL_SIZE: '1' })]);
  const call = apiClient(service);
  try {
    const sessionId = await runningSession(call);
    const window = await call('POST', `/v1/sessions/${sessionId}/windows`, { url: big.url, waitUntil: 'load' });
    if (window.status !== 201) throw new Error(`window create: ${JSON.stringify(window.json)}`);
    const path = `/v1/sessions/${sessionId}/windows/${window.json.data.windowId}/scrape-content`;
    const times: number[] = [];
    for (let i = 0; i < WARM_UP + RUNS; i += 1) {
      const started = performance.now();
      const res = await call('POST', path, {});
      const elapsed = performance.now() - started;
      if (res.status !== 201 || res.json.meta.status !== 'success')
        throw new Error(`scrape: ${res.status} ${JSON.stringify(res.json.errors ?? res.json)}`);
      if (i >= WARM_UP) times.push(elapsed);
    }
    await call('DELETE', `/v1/sessions/${sessionId}`);
    return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), n: times.length };
  } finally {
    await service.stop();
    await big.close();
  }
};
