/**
 * Two services side by side, for tests of plain-language operations: one without a language model (offline
 * resolver, extractive answers) and one with Claude through a local fake of the Messages API, each with a running
 * session, plus the fixture server. Registers its own hooks; the fake's recorded calls are reset before each test.
 *
 *   const ctx = offlineAndClaude();
 *   ctx.offline, ctx.online, ctx.sessions.get(ctx.online), ctx.fixtures.url, ctx.api.calls
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { startFakeMessagesApi, type FakeMessagesApi } from './fake-messages-api.js';
import { createRunningSession } from './session-client.js';
import { startTestService, type TestService } from './service.js';

export interface ModelServices {
  offline: TestService;
  online: TestService;
  fixtures: FixtureServer;
  api: FakeMessagesApi;
  /** The running session of each service. */
  sessions: Map<TestService, string>;
}

export const offlineAndClaude = (): ModelServices => {
  const ctx = { sessions: new Map<TestService, string>() } as ModelServices;
  beforeAll(async () => {
    ctx.api = await startFakeMessagesApi();
    [ctx.offline, ctx.online, ctx.fixtures] = await Promise.all([
      startTestService({ warmPoolSize: 1 }),
      startTestService({
        warmPoolSize: 1,
        modelProvider: 'anthropic',
        anthropicApiKey: 'test',
        anthropicBaseUrl: ctx.api.url,
      }),
      startFixtureServer(),
    ]);
    for (const svc of [ctx.offline, ctx.online]) ctx.sessions.set(svc, (await createRunningSession(svc)).id);
  }, 60_000);
  afterAll(async () => {
    await ctx.offline?.stop();
    await ctx.online?.stop();
    await ctx.fixtures?.close();
    await ctx.api?.close();
  });
  beforeEach(() => ctx.api.reset());
  return ctx;
};
