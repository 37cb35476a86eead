/**
 * Screenshots on real Chromium through the API of `npm start`'s process, as a client sees them (request to
 * response): a viewport screenshot with the defaults (inline JPEG), and a whole-page screenshot of a 10,000 px
 * page with the defaults (two tiles, stored as files, signed URLs). Bars: viewport p50 ≤ 100 ms, full page ≤ 1.5 s.
 *
 *   node --import tsx --input-type=module -e "console.log(JSON.stringify(await (await import('./bench/suites/screenshot.ts')).screenshotSuite()))"
 */
import { startFixtureServer } from '../../test/fixtures/server.js';
import { apiClient, sleep, startServiceProcess, stats } from '../support.js';

const api = apiClient;

/** Times `runs` sequential calls after `warmup` untimed ones; any answer but a successful screenshot aborts the run. */
const timed = async (call: () => Promise<{ status: number; json: any }>, runs: number, warmup = 3) => {
  const times: number[] = [];
  for (let i = 0; i < warmup + runs; i += 1) {
    const started = performance.now();
    const { status, json } = await call();
    const elapsed = performance.now() - started;
    if (status !== 201 || json.meta?.status !== 'success' || !json.meta.screenshots?.length)
      throw new Error(`screenshot: ${status} ${JSON.stringify(json).slice(0, 500)}`);
    if (i >= warmup) times.push(elapsed);
  }
  return times;
};

export const screenshotSuite = async () => {
  const fixtures = await startFixtureServer();
  const service = await startServiceProcess({ WARM_POOL_SIZE: '1' });
  const call = api(service);
  try {
    const { json: session } = await call('POST', '/v1/sessions', {});
    const sessionId = session.data.id as string;
    for (let i = 0; i < 600 && (await call('GET', `/v1/sessions/${sessionId}`)).json.data.status !== 'running'; i += 1)
      await sleep(50);

    const open = async (path: string) => {
      const res = await call('POST', `/v1/sessions/${sessionId}/windows`, {
        url: `${fixtures.url}${path}`,
        waitUntil: 'load',
      });
      if (res.status !== 201) throw new Error(`window create: ${JSON.stringify(res.json)}`);
      return res.json.data.windowId as string;
    };
    const shoot = (windowId: string, screenshot?: Record<string, unknown>) => () =>
      call(
        'POST',
        `/v1/sessions/${sessionId}/windows/${windowId}/screenshot`,
        screenshot ? { configuration: { screenshot } } : {},
      );

    const viewport = await timed(shoot(await open('/visual/grid.html?h=3000')), 30);
    const fullPage10k = await timed(shoot(await open('/visual/grid.html?h=10000'), { scope: 'page' }), 10, 2);
    await call('DELETE', `/v1/sessions/${sessionId}`);
    return { viewport: stats(viewport), fullPage10k: stats(fullPage10k) };
  } finally {
    await service.stop();
    await fixtures.close();
  }
};
