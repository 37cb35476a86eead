/**
 * The real-page corpus (`test/fixtures/real-pages/`: documentation and gitweb pages from Debian packages, with
 * descriptions as callers write them) through the offline resolver, over snapshots captured from real Chromium.
 * Holds the recorded accuracy on the tuned and the held-out sites, and fails on any wrong answer: a wrong
 * click is worse than an honest "none" or "several".
 */
import { describe, expect, it } from 'vitest';
import { HELD_OUT_SITES, realCases } from '../fixtures/real-pages/corpus.js';
import { describeMiss, evaluateCorpus, summarize } from '../fixtures/real-pages/evaluate.js';
import { RECORDED } from '../fixtures/real-pages/recorded.js';

describe('the real-page resolution corpus', () => {
  it('has at least 250 cases over at least 8 sites, two of them held out, every kind represented', () => {
    expect(realCases.length).toBeGreaterThanOrEqual(250);
    expect(new Set(realCases.map((c) => c.site)).size).toBeGreaterThanOrEqual(8);
    expect(HELD_OUT_SITES.size).toBe(2);
    expect(new Set(realCases.map((c) => c.kind))).toEqual(
      new Set(['duplicate', 'docnav', 'section', 'paraphrase', 'purpose', 'form', 'plain', 'absent']),
    );
  });

  it('resolves no case to a wrong element and keeps the recorded accuracy', async () => {
    const outcomes = await evaluateCorpus();
    const { tuned, heldOut } = summarize(outcomes);
    const misses = outcomes.filter((o) => o.verdict !== 'correct');
    console.log(
      `real-page corpus: tuned ${tuned.correct}/${tuned.cases}, held out ${heldOut.correct}/${heldOut.cases}${misses.map((m) => `\n  ${describeMiss(m)}`).join('')}`,
    );
    expect(outcomes.filter((o) => o.verdict === 'wrong').map(describeMiss)).toEqual([]);
    expect(tuned.correct).toBeGreaterThanOrEqual(RECORDED.tuned);
    expect(heldOut.correct).toBeGreaterThanOrEqual(RECORDED.heldOut);
  });
});
