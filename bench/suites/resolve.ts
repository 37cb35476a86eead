/**
 * Element resolution without a model, through the API of `npm start`'s process: click latency (snapshot →
 * resolve → real click) on generated pages of 16,000 and 80,000 elements, the serialized size of a dense
 * 1,500-element page's snapshot, and the accuracy on the resolution corpus (over CDP, as a client would connect).
 *   Bars: click16k p50 ≤ 300 ms, click80k p50 ≤ 1.5 s, snapshotTokens1500 ≤ 8,000.
 */
import puppeteer, { type Page } from 'puppeteer-core';
import { snapshot } from '../../functions/adapters/browser/actions/snapshot.js';
import { elementExpression } from '../../functions/adapters/browser/actions/snapshot/script.js';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { estimateTokens, serializeSnapshot } from '../../functions/core/resolve/serialize.js';
import { resolveCases } from '../../test/fixtures/resolve-cases.js';
import { startFixtureServer } from '../../test/fixtures/server.js';
import { apiClient, round, sleep, startServiceProcess, stats } from '../support.js';

const api = apiClient;


/** Descriptions clicked in turn on the generated catalogue: a unique button, a region, a table row. */
const DESCRIPTIONS = ['the Checkout button', 'the first Refund button', 'Section 3 link in the navigation', 'Info 5 link in the footer'];

const clickTimes = async (call: ReturnType<typeof api>, sessionId: string, windowId: string, runs: number): Promise<number[]> => {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const { json } = await call('POST', `/v1/sessions/${sessionId}/windows/${windowId}/click`, { elementDescription: DESCRIPTIONS[i % DESCRIPTIONS.length] });
    times.push(performance.now() - started);
    if (json.meta?.status !== 'success') throw new Error(`click "${DESCRIPTIONS[i % DESCRIPTIONS.length]}": ${JSON.stringify(json.errors ?? json)}`);
  }
  return times;
};

const corpusAccuracy = async (page: Page, baseUrl: string): Promise<number> => {
  let correct = 0;
  let current = '';
  for (const c of resolveCases) {
    if (c.page !== current) await page.goto(`${baseUrl}/resolve/${(current = c.page)}`, { waitUntil: 'load' });
    const snap = await snapshot(page, AbortSignal.timeout(10_000));
    const answer = await offlineResolver.resolve(snap, c.description, { intent: c.intent });
    const got = 'match' in answer ? await page.evaluate(`(${elementExpression(snap.key, answer.match.id)})?.getAttribute('data-testid')`) : null;
    if (got === c.expected) correct += 1;
  }
  return round(correct / resolveCases.length, 3);
};

export const resolveSuite = async () => {
  const fixtures = await startFixtureServer();
  const service = await startServiceProcess({ WARM_POOL_SIZE: '1' });
  const call = api(service);
  try {
    const { json: session } = await call('POST', '/v1/sessions', {});
    for (let i = 0; i < 600 && (await call('GET', `/v1/sessions/${session.data.id}`)).json.data.status !== 'running'; i += 1) await sleep(50);
    const sessionId: string = session.data.id;
    const results: Record<string, unknown> = {};
    for (const [name, nodes, runs] of [['click16k', 16_000, 20], ['click80k', 80_000, 10]] as const) {
      const window = await call('POST', `/v1/sessions/${sessionId}/windows`, { url: `${fixtures.url}/resolve/generated.html?nodes=${nodes}`, waitUntil: 'load', waitUntilTimeoutSeconds: 120 });
      // The first operation on a fresh page pays its first style and layout pass: measured apart, not in the runs.
      const [first] = await clickTimes(call, sessionId, window.json.data.windowId, 1);
      results[name] = { ...stats(await clickTimes(call, sessionId, window.json.data.windowId, runs)), firstMs: round(first) };
      await call('DELETE', `/v1/sessions/${sessionId}/windows/${window.json.data.windowId}`);
    }
    const browser = await puppeteer.connect({ browserWSEndpoint: session.data.cdpWsUrl, headers: { Authorization: `Bearer ${service.key}` } });
    try {
      const page = await browser.newPage();
      await page.goto(`${fixtures.url}/resolve/generated.html?nodes=1500`, { waitUntil: 'load' });
      results.snapshotTokens1500 = estimateTokens(serializeSnapshot(await snapshot(page, AbortSignal.timeout(10_000))));
      results.corpusAccuracy = await corpusAccuracy(page, fixtures.url);
    } finally {
      await browser.disconnect();
    }
    await call('DELETE', `/v1/sessions/${sessionId}`);
    return results as { click16k: ReturnType<typeof stats>; click80k: ReturnType<typeof stats>; snapshotTokens1500: number; corpusAccuracy: number };
  } finally {
    await service.stop();
    await fixtures.close();
  }
};
