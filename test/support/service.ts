/**
 * The whole local service in-process, on a free port, over a fresh data dir, with a known API key:
 *
 *   const svc = await startTestService();     // beforeAll
 *   await svc.app.inject({ method: 'GET', path: '/v1/sessions', headers: svc.auth });
 *   await svc.stop();                          // afterAll
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey, generateApiKey } from '../../functions/core/orgs/api-keys.js';
import { ensureOrg } from '../../functions/core/orgs/orgs.js';
import { loadConfig, type Config } from '../../functions/config/config.js';
import {
  startLocalService,
  type LocalService,
  type LocalServiceOptions,
} from '../../functions/composition/local/service.js';
import { createLogger } from '../../functions/config/logger.js';

export interface TestService extends LocalService {
  key: string;
  auth: { authorization: string };
  dataDir: string;
  /** Create another org with its own key (for org-scoping tests). */
  newOrg(name: string): Promise<{ orgId: string; key: string; auth: { authorization: string } }>;
}

export const startTestService = async (
  overrides: Partial<Config> & { dataDir?: string } = {},
  /** Stand-ins for async requests (operations, webhook transport). */
  options: Pick<
    LocalServiceOptions,
    'asyncOperations' | 'webhookTransport' | 'queue' | 'onFatal' | 'siteDir' | 'log'
  > = {},
): Promise<TestService> => {
  const dataDir = overrides.dataDir ?? (await mkdtemp(join(tmpdir(), 'sessionhost-test-')));
  const key = overrides.apiKey ?? generateApiKey();
  // No warm browsers unless a suite asks: API-only suites then never start Chromium.
  // CHROMIUM_PATH picks the browser of a whole test run (CI runs the browser suites on each one installed).
  const chromiumPath = process.env.CHROMIUM_PATH || undefined;
  // No rate limit unless a suite asks: sweeps send hundreds of requests with one key on purpose.
  const config = loadConfig(
    {},
    {
      stage: 'test',
      port: 0,
      dataDir,
      apiKey: key,
      authCacheSeconds: 0,
      logLevel: 'silent',
      warmPoolSize: 0,
      rateLimitPerSecond: 0,
      chromiumPath,
      ...overrides,
    },
  );
  // TEST_LOG_LEVEL=warn shows what the service logs (e.g. a slow stop) while tests run.
  const service = await startLocalService(config, {
    ...options,
    log: options.log ?? createLogger((process.env.TEST_LOG_LEVEL as 'warn' | undefined) ?? 'silent'),
  });
  const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
  return {
    ...service,
    key,
    auth: bearer(key),
    dataDir,
    newOrg: async (name) => {
      const { org } = await ensureOrg(service.deps.records, service.deps.clock, name);
      const created = await createApiKey(service.deps.records, service.deps.clock, org.id);
      return { orgId: org.id, key: created.key, auth: bearer(created.key) };
    },
    stop: async () => {
      await service.stop();
      if (!overrides.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
};
