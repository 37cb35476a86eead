/**
 * Replay of a learnt 10-field form (text, email, tel, number, date, select, radios, checkbox, textarea, a field in
 * a shadow root), end to end through the HTTP API of `npm start`'s process on real Chromium: learn the form once,
 * then for each run reload the page (not timed) and time fill-form from request to parsed response. Every replay
 * must succeed with 0 credits (no model call); the bar is p50 ≤ 500 ms.
 */
import { CONTACT_VALUES } from '../../test/fixtures/pages/forms/contact-values.js';
import { startFixtureServer } from '../../test/fixtures/server.js';
import { apiClient, percentile, round, runningSession, startServiceProcess } from '../support.js';

const WARM_UP = 2;
const MIN_RUNS = 5;

const PARAMETERS = { ...CONTACT_VALUES, message: 'Please call back in the afternoon.' };

export const formFillSuite = async ({
  seconds,
}: {
  seconds: number;
}): Promise<{ p50: number; p95: number; n: number; credits: number; bar: string }> => {
  const [fixtures, service] = await Promise.all([startFixtureServer(), startServiceProcess({ WARM_POOL_SIZE: '1' })]);
  const call = apiClient(service);
  try {
    const sessionId = await runningSession(call);
    const url = `${fixtures.url}/forms/contact.html`;
    const window = await call('POST', `/v1/sessions/${sessionId}/windows`, { url, waitUntil: 'load' });
    if (window.status !== 201) throw new Error(`window create: ${JSON.stringify(window.json)}`);
    const windowPath = `/v1/sessions/${sessionId}/windows/${window.json.data.windowId}`;
    const learnt = await call('POST', `${windowPath}/create-form-filler`, {});
    if (learnt.status !== 201 || learnt.json.meta.status !== 'success')
      throw new Error(`create-form-filler: ${JSON.stringify(learnt.json)}`);
    const { automationId } = JSON.parse(learnt.json.data.modelResponse) as { automationId: string };
    const times: number[] = [];
    let credits = 0;
    const until = performance.now() + seconds * 1000;
    for (let i = 0; i < WARM_UP + MIN_RUNS || performance.now() < until; i += 1) {
      await call('POST', windowPath, { url, waitUntil: 'load' });
      const started = performance.now();
      const res = await call('POST', `${windowPath}/fill-form`, { automationId, parameters: PARAMETERS });
      const elapsed = performance.now() - started;
      if (res.status !== 201 || res.json.meta.status !== 'success')
        throw new Error(`fill-form: ${res.status} ${JSON.stringify(res.json.errors ?? res.json)}`);
      credits += res.json.meta.usage.credits as number;
      if (i >= WARM_UP) times.push(elapsed);
    }
    await call('DELETE', `/v1/sessions/${sessionId}`);
    const p50 = round(percentile(times, 50));
    return {
      p50,
      p95: round(percentile(times, 95)),
      n: times.length,
      credits,
      bar: p50 <= 500 && credits === 0 ? 'met (p50 ≤ 500 ms, 0 credits)' : 'missed (p50 ≤ 500 ms, 0 credits)',
    };
  } finally {
    await service.stop();
    await fixtures.close();
  }
};
