/**
 * Bad model settings as a user meets them at `npm start`: a setting that cannot work stops the service with one line
 * naming the variable; a model server that is not there is one warning line, and then the operations that need it
 * fail with an error naming the server, quickly, never a hang or a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../fixtures/server.js';
import { runningSession, serviceExit, startServiceProcess, type ServiceProcess } from '../support/service-process.js';

describe('npm start with a model setting that cannot work', { timeout: 120_000 }, () => {
  it.each([
    [
      { MODEL_PROVIDER: 'ollama' },
      'invalid configuration: MODEL_PROVIDER: must be one of anthropic, bedrock, openai, none',
    ],
    [
      { MODEL_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' },
      'invalid configuration: MODEL_NAME: required with MODEL_PROVIDER=openai (the model as the server names it, e.g. llama3.2 on Ollama)',
    ],
  ])('%j stops it with exit code 2 and one line', async (env, line) => {
    const { code, stderr } = await serviceExit({ MODEL_NAME: '', ...env });
    expect(code).toBe(2);
    expect(
      stderr
        .split('\n')
        .filter(
          (l) =>
            l &&
            !/AWS SDK|node >=22|upgrade to node|a\.co\/|trace-warnings|^\s*$|^To continue|^versions published|^will require|^More information/.test(
              l,
            ),
        ),
    ).toEqual([line]);
  });
});

describe('npm start with MODEL_PROVIDER=openai and no server at the base URL', { timeout: 120_000 }, () => {
  let svc: ServiceProcess;
  let fixtures: FixtureServer;
  let nowhere: string;
  beforeAll(async () => {
    // Port 1 (tcpmux) has no listener on any machine this runs on; a port freed by a closed listener can be taken by
    // the service's own stores before the probe runs.
    nowhere = 'http://127.0.0.1:1/v1';
    fixtures = await startFixtureServer();
    svc = await startServiceProcess({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: nowhere,
      MODEL_NAME: 'm',
      WARM_POOL_SIZE: '1',
    });
  }, 120_000);
  afterAll(async () => {
    await svc?.stop();
    await fixtures?.close();
  });

  it('starts, warns in one line naming the server, and fails page-query with an error naming it', async () => {
    await expect
      .poll(() => svc.output(), { timeout: 30_000 })
      .toContain(`warning: model provider openai: the server at ${nowhere} could not be reached`);
    expect(
      svc
        .output()
        .split('\n')
        .filter((l) => l.startsWith('warning: model provider')),
    ).toHaveLength(1);
    const sessionId = await runningSession(svc);
    const window = await svc.call('POST', `/v1/sessions/${sessionId}/windows`, {
      url: `${fixtures.url}/query/plans.html`,
    });
    const res = await svc.call('POST', `/v1/sessions/${sessionId}/windows/${window.json.data.windowId}/page-query`, {
      prompt: 'How much is Pro?',
    });
    expect(res.status).toBeLessThan(500);
    expect(res.json.meta.status).toBe('failure');
    expect(res.json.errors).toEqual([
      expect.objectContaining({
        code: 'model_unavailable',
        message: expect.stringContaining(`the model server at ${nowhere} (model "m") could not be reached`),
      }),
    ]);
  });
});
