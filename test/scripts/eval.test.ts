/**
 * `npm run eval` against a local Chat Completions fake whose "model" follows fixed rules, so every figure the report
 * prints can be predicted: it answers a question with the page it was given (right for every prose case, whose
 * expected words are on the page), an output schema with `{}` (wrong for every structured case), and every element
 * choice with "none" (right only where the corpus expects none).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryCases } from '../fixtures/query-cases.js';
import { resolveCases } from '../fixtures/resolve-cases.js';
import { startFakeChatCompletions, type FakeChatCompletions } from '../support/fake-chat-completions.js';

const run = promisify(execFile);
let api: FakeChatCompletions;

const ruleModel = (request: Record<string, unknown>) => {
  if (request.tools) return { toolInput: { elementId: 'none', reason: 'this model never finds anything' } };
  if (request.response_format) return { toolInput: {} };
  const user = (request.messages as Array<{ role: string; content: string }>).find((m) => m.role === 'user')!.content;
  return { text: user.slice(0, user.lastIndexOf('\n\nRequest:')) };
};

beforeAll(async () => {
  api = await startFakeChatCompletions();
  api.always(ruleModel);
});
afterAll(() => api?.close());

const evalCli = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/eval.ts', ...args], {
    env: { ...process.env, MODEL_PROVIDER: 'openai', OPENAI_BASE_URL: api.url, MODEL_NAME: 'm' },
    timeout: 300_000,
  });

describe('npm run eval', { timeout: 320_000 }, () => {
  it('prints accuracy, wrong answers, credits and latency per kind of case', async () => {
    const { stdout } = await evalCli([]);
    const line = (kind: string) => stdout.split('\n').find((l) => l.startsWith(`${kind}: `)) ?? '';
    const figures = (kind: string) => {
      const match = /^[\w-]+: (\d+)\/(\d+) right \([\d.]+ %\), (\d+) credits, latency p50 \d+ ms, max \d+ ms$/.exec(
        line(kind),
      );
      expect(match, `${kind} in:\n${stdout}`).not.toBeNull();
      return { right: Number(match![1]), cases: Number(match![2]), credits: Number(match![3]) };
    };
    expect(stdout).toMatch(/^model: openai m$/m);

    const prose = queryCases.filter((c) => !c.outputSchema).length;
    const query = figures('query');
    expect(query).toMatchObject({ right: prose, cases: queryCases.length });
    // Each question costs at least a credit; a structured one is asked twice (the schema retry).
    expect(query.credits).toBeGreaterThanOrEqual(queryCases.length + (queryCases.length - prose));
    expect(stdout).toContain(
      '  wrong: query/plans.html "The Pro plan: its name and monthly price in euros.": status partial',
    );

    const nones = resolveCases.filter((c) => c.expected === null).length;
    const alone = figures('resolve-model');
    expect(alone).toMatchObject({ right: nones, cases: resolveCases.length });
    expect(alone.credits).toBeGreaterThanOrEqual(resolveCases.length);
    expect(stdout).toContain('  wrong: login.html "the email field": expected email, got none');

    // Offline first: the model is asked (and charged) only for what the offline resolver leaves unsettled.
    const cascade = figures('resolve');
    expect(cascade.cases).toBe(resolveCases.length);
    expect(cascade.right).toBeGreaterThan(nones);
    expect(cascade.credits).toBeLessThan(alone.credits);
  });

  it('refuses an unknown kind in one line, before starting anything', async () => {
    const failure = await evalCli(['--only', 'resolve,guess']).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr.trim()).toBe('--only: unknown kind guess (kinds: resolve, resolve-model, query)');
  });
});
