/** Whether an answer is right, and the figures of a kind of case (accuracy, credits, latency). */
import type { QueryCase } from '../../test/fixtures/query-cases.js';

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');

/** The value at a dotted path (`options.0.name`, `options.length`). */
const at = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node === null || node === undefined ? undefined : (node as Record<string, unknown>)[key]),
      value,
    );

const same = (got: unknown, want: unknown): boolean =>
  typeof want === 'number'
    ? Number(got) === want
    : typeof want === 'string'
      ? typeof got === 'string' && normal(got).trim() === normal(want)
      : JSON.stringify(got) === JSON.stringify(want);

/** `undefined` when the answer is right, else what is wrong with it. */
export const judgeQuery = (c: QueryCase, status: string, answer: string): string | undefined => {
  if (status !== 'success') return `status ${status}: ${answer.slice(0, 160)}`;
  if (c.expectJson) {
    let value: unknown;
    try {
      value = JSON.parse(answer);
    } catch {
      return `not JSON: ${answer.slice(0, 160)}`;
    }
    const wrong = Object.entries(c.expectJson).filter(([path, want]) => !same(at(value, path), want));
    return wrong.length
      ? `${wrong.map(([path, want]) => `${path} is ${JSON.stringify(at(value, path))}, not ${JSON.stringify(want)}`).join('; ')}`
      : undefined;
  }
  const missing = (c.expect ?? []).filter(
    (alternatives) => !alternatives.split('|').some((text) => normal(answer).includes(normal(text))),
  );
  return missing.length
    ? `lacks ${missing.map((m) => JSON.stringify(m)).join(', ')}: ${answer.slice(0, 160)}`
    : undefined;
};

export interface CaseResult {
  name: string;
  wrong?: string;
  credits: number;
  ms: number;
}

export interface KindReport {
  kind: string;
  cases: number;
  correct: number;
  accuracy: number;
  credits: number;
  latencyMs: { p50: number; max: number };
  wrong: string[];
}

export const summarize = (kind: string, results: CaseResult[]): KindReport => {
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  const correct = results.filter((r) => !r.wrong).length;
  return {
    kind,
    cases: results.length,
    correct,
    accuracy: results.length ? correct / results.length : 0,
    credits: results.reduce((sum, r) => sum + r.credits, 0),
    latencyMs: { p50: Math.round(times[Math.floor((times.length - 1) / 2)] ?? 0), max: Math.round(times.at(-1) ?? 0) },
    wrong: results.filter((r) => r.wrong).map((r) => `${r.name}: ${r.wrong}`),
  };
};

export const formatReport = (model: string, reports: KindReport[]): string =>
  [
    `model: ${model}`,
    ...reports.flatMap((r) => [
      `${r.kind}: ${r.correct}/${r.cases} right (${(r.accuracy * 100).toFixed(1)} %), ${r.credits} credits, latency p50 ${r.latencyMs.p50} ms, max ${r.latencyMs.max} ms`,
      ...r.wrong.map((w) => `  wrong: ${w}`),
    ]),
  ].join('\n');
