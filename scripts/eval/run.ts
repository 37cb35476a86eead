/**
 * The evaluation: the service started in this process with the configured model (its own composition, resolver and
 * page-query), the fixture pages served locally, and each corpus case run through the service's code paths:
 *   resolve        the resolver as operations use it (offline first, the model only for what that cannot settle)
 *   resolve-model  the model alone on every resolution case (what tells one model from another)
 *   query          page-query over HTTP, prose and `outputSchema` answers
 * Credits are those the service charges; latency is per case, wall clock.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { elementExpression } from '../../functions/adapters/browser/actions/snapshot/script.js';
import { evaluateInWorld } from '../../functions/adapters/browser/actions/world.js';
import { generateApiKey } from '../../functions/core/orgs/api-keys.js';
import { ModelResolver } from '../../functions/core/resolve/model-resolver.js';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import type { ElementResolver } from '../../functions/core/resolve/resolver.js';
import type { WindowDriver } from '../../functions/ports/window-driver.js';
import type { Config } from '../../functions/config/config.js';
import { startLocalService, type LocalService } from '../../functions/composition/local/service.js';
import { createLogger } from '../../functions/config/logger.js';
import { queryCases } from '../../test/fixtures/query-cases.js';
import { resolveCases } from '../../test/fixtures/resolve-cases.js';
import { startFixtureServer } from '../../test/fixtures/server.js';
import { judgeQuery, summarize, type CaseResult, type KindReport } from './score.js';

export const KINDS = ['resolve', 'resolve-model', 'query'] as const;
export type Kind = (typeof KINDS)[number];

export interface EvalOptions {
  config: Readonly<Config>;
  only?: Kind[];
  /** Progress, one line per case. */
  log?: (line: string) => void;
}

type Api = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: Record<string, any> }>;

const apiOf =
  (service: LocalService, key: string): Api =>
  async (method, path, body) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, any> };
  };

const runningSession = async (api: Api): Promise<string> => {
  const created = await api('POST', '/v1/sessions', {});
  if (created.status >= 300) throw new Error(`creating a session failed: ${JSON.stringify(created.json)}`);
  const id: string = created.json.data.id;
  for (let i = 0; i < 1200; i += 1) {
    const status = (await api('GET', `/v1/sessions/${id}`)).json.data.status;
    if (status === 'running') return id;
    if (status === 'error' || status === 'ended') throw new Error(`the session ended as ${status} before it ran`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the session did not start within 2 minutes');
};

const openWindow = async (api: Api, sessionId: string, url: string): Promise<string> => {
  const res = await api('POST', `/v1/sessions/${sessionId}/windows`, { url });
  if (res.status >= 300) throw new Error(`opening ${url} failed: ${JSON.stringify(res.json)}`);
  return res.json.data.windowId;
};

const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

const runQueries = async (
  api: Api,
  sessionId: string,
  origin: string,
  log: (line: string) => void,
): Promise<CaseResult[]> => {
  const windows = new Map<string, string>();
  const results: CaseResult[] = [];
  for (const c of queryCases) {
    if (!windows.has(c.page)) windows.set(c.page, await openWindow(api, sessionId, `${origin}/${c.page}`));
    const body = {
      prompt: c.prompt,
      ...(c.outputSchema ? { configuration: { outputSchema: JSON.stringify(c.outputSchema) } } : {}),
    };
    const { value: res, ms } = await timed(() =>
      api('POST', `/v1/sessions/${sessionId}/windows/${windows.get(c.page)}/page-query`, body),
    );
    const answer = String(res.json.data?.modelResponse ?? res.json.detail ?? '');
    const status = String(res.json.meta?.status ?? res.status);
    const problems = [
      ...(res.json.errors ?? []),
      ...(res.json.meta?.status === 'success' ? [] : (res.json.warnings ?? [])),
    ].map((issue: { message?: string }) => issue.message);
    const wrong = judgeQuery(
      c,
      status,
      status === 'success' ? answer : [answer, ...problems].filter(Boolean).join(' / '),
    );
    results.push({ name: `${c.page} "${c.prompt}"`, wrong, credits: Number(res.json.meta?.usage?.credits ?? 0), ms });
    log(`query ${wrong ? 'wrong' : 'right'} ${Math.round(ms)} ms: ${c.prompt}`);
  }
  return results;
};

const runResolutions = async (
  kind: Kind,
  resolver: ElementResolver,
  browser: { page: Page; driver: WindowDriver },
  origin: string,
  log: (line: string) => void,
): Promise<CaseResult[]> => {
  const results: CaseResult[] = [];
  let current = '';
  for (const c of resolveCases) {
    if (c.page !== current) await browser.page.goto(`${origin}/resolve/${(current = c.page)}`, { waitUntil: 'load' });
    const snapshot = await browser.driver.snapshot(AbortSignal.timeout(30_000));
    const { value: resolution, ms } = await timed(() =>
      resolver.resolve(snapshot, c.description, { intent: c.intent }),
    );
    let got: string | null;
    // The snapshot's element registry lives in the service's own isolated world, not the page's.
    if ('match' in resolution)
      got =
        (await evaluateInWorld<string | null>(
          browser.page,
          `(${elementExpression(snapshot.key, resolution.match.id)})?.getAttribute('data-testid')`,
          AbortSignal.timeout(20_000),
        )) ?? `${resolution.match.role} "${resolution.match.name}"`;
    else got = 'ambiguous' in resolution ? `several (${resolution.candidates.length})` : null;
    const wrong = got === c.expected ? undefined : `expected ${c.expected ?? 'none'}, got ${got ?? 'none'}`;
    results.push({ name: `${c.page} "${c.description}"`, wrong, credits: resolution.credits, ms });
    log(`${kind} ${wrong ? 'wrong' : 'right'} ${Math.round(ms)} ms: ${c.description}`);
  }
  return results;
};

/** Runs the chosen kinds (all by default) and answers one report per kind. */
export const runEval = async (options: EvalOptions): Promise<KindReport[]> => {
  const log = options.log ?? (() => undefined);
  const only = options.only?.length ? options.only : [...KINDS];
  const key = generateApiKey();
  const dataDir = await mkdtemp(join(tmpdir(), 'sessionhost-eval-'));
  const config = Object.freeze({ ...options.config, port: 0, dataDir, apiKey: key, warmPoolSize: 1 });
  const [service, fixtures] = await Promise.all([
    startLocalService(config, { log: createLogger('warn') }),
    startFixtureServer(),
  ]);
  try {
    const model = service.deps.model;
    if (!model) throw new Error('no language model is configured: set MODEL_PROVIDER (see README, "Choosing a model")');
    const api = apiOf(service, key);
    const sessionId = await runningSession(api);
    const reports: KindReport[] = [];
    if (only.includes('resolve') || only.includes('resolve-model')) {
      const windowId = await openWindow(api, sessionId, 'about:blank');
      const opened = (await service.deps.fleet.open(sessionId)) as unknown as {
        page(id: string): Promise<Page>;
        driver(id: string): Promise<WindowDriver>;
      };
      const browser = { page: await opened.page(windowId), driver: await opened.driver(windowId) };
      const prices = {
        creditsPer1kInputTokens: config.creditsPer1kInputTokens,
        creditsPer1kOutputTokens: config.creditsPer1kOutputTokens,
      };
      if (only.includes('resolve'))
        reports.push(
          summarize(
            'resolve',
            await runResolutions('resolve', service.deps.resolver ?? offlineResolver, browser, fixtures.url, log),
          ),
        );
      if (only.includes('resolve-model'))
        reports.push(
          summarize(
            'resolve-model',
            await runResolutions('resolve-model', new ModelResolver(model, prices), browser, fixtures.url, log),
          ),
        );
    }
    if (only.includes('query')) reports.push(summarize('query', await runQueries(api, sessionId, fixtures.url, log)));
    await api('DELETE', `/v1/sessions/${sessionId}`);
    return reports;
  } finally {
    await service.stop();
    await fixtures.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};
