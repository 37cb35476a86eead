/**
 * The real-page corpus (`test/fixtures/real-pages/`: documentation and app pages from Debian packages, with
 * descriptions as callers write them) through the offline resolver, over snapshots captured from real Chromium.
 * Holds the recorded accuracy on the tuned, held-out and blind sites, and fails on any wrong answer: a wrong
 * click is worse than an honest "none" or "several" (on the blind sites, no more wrong answers than the recorded
 * ceiling, which only goes down to 0). The blind group's misses are never printed (only its
 * figures, and a wrong answer when the test fails on one), so that a run does not turn them into tuning cases.
 */
import { describe, expect, it } from 'vitest';
import { BLIND_SITES, groupOf, HELD_OUT_SITES, realCases } from '../fixtures/real-pages/corpus.js';
import { describeMiss, evaluateCorpus, summarize } from '../fixtures/real-pages/evaluate.js';
import { RECORDED } from '../fixtures/real-pages/recorded.js';

describe('the real-page resolution corpus', () => {
  it('has at least 250 cases over at least 8 sites, two of them held out, every kind represented', () => {
    expect(realCases.length).toBeGreaterThanOrEqual(250);
    expect(new Set(realCases.map((c) => c.site)).size).toBeGreaterThanOrEqual(8);
    expect(HELD_OUT_SITES.size).toBe(2);
    expect(new Set(realCases.map((c) => c.kind))).toEqual(
      new Set(['duplicate', 'docnav', 'section', 'paraphrase', 'purpose', 'form', 'plain', 'positional', 'absent']),
    );
  });

  it('has a blind group of at least 120 cases over four sites of their own, every kind represented', () => {
    const blind = realCases.filter((c) => groupOf(c) === 'blind');
    expect(blind.length).toBeGreaterThanOrEqual(120);
    expect(BLIND_SITES.size).toBe(4);
    expect([...BLIND_SITES].filter((site) => HELD_OUT_SITES.has(site))).toEqual([]);
    expect(new Set(blind.map((c) => c.kind)).size).toBe(9);
    expect(new Set(blind.map((c) => c.action))).toEqual(new Set(['click', 'type', 'hover']));
  });

  it('resolves no case to a wrong element and keeps the recorded accuracy', async () => {
    const outcomes = await evaluateCorpus();
    const { tuned, heldOut, blind } = summarize(outcomes);
    const misses = outcomes.filter((o) => o.verdict !== 'correct' && groupOf(o.case) !== 'blind');
    console.log(
      `real-page corpus: tuned ${tuned.correct}/${tuned.cases}, held out ${heldOut.correct}/${heldOut.cases}, blind ${blind.correct}/${blind.cases} (${blind.abstained} abstained)${misses.map((m) => `\n  ${describeMiss(m)}`).join('')}`,
    );
    const wrong = outcomes.filter((o) => o.verdict === 'wrong');
    expect(wrong.filter((o) => groupOf(o.case) !== 'blind').map(describeMiss)).toEqual([]);
    const blindWrong = wrong.filter((o) => groupOf(o.case) === 'blind');
    if (blindWrong.length > RECORDED.blindWrong) expect(blindWrong.map(describeMiss)).toEqual([]);
    expect(tuned.correct).toBeGreaterThanOrEqual(RECORDED.tuned);
    expect(heldOut.correct).toBeGreaterThanOrEqual(RECORDED.heldOut);
    expect(blind.correct).toBeGreaterThanOrEqual(RECORDED.blind);
  });
});
