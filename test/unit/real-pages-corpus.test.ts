/**
 * The real-page corpus (`test/fixtures/real-pages/`: documentation and app pages from Debian packages, with
 * descriptions as callers write them) through the offline resolver, over snapshots captured from real Chromium.
 * Holds the recorded accuracy on the tuned, held-out and blind sites, and fails on any wrong answer: a wrong
 * click is worse than an honest "none" or "several" (on the blind sites, no more wrong answers than the recorded
 * ceiling, which only goes down to 0). The blind group's misses are never printed (only its
 * figures, and a wrong answer when the test fails on one), so that a run does not turn them into tuning cases;
 * the second blind group's are not printed even then: only its totals, which are all a failure reports. The third,
 * fourth, fifth, sixth, seventh, eighth, ninth, tenth, eleventh, twelfth, thirteenth, fourteenth, fifteenth, sixteenth, seventeenth, eighteenth, nineteenth, twentieth, twenty-first, twenty-second, twenty-third, twenty-fourth, twenty-fifth, twenty-sixth, twenty-seventh, twenty-eighth, twenty-ninth, thirtieth, thirty-first, thirty-second, thirty-third, thirty-fourth, thirty-fifth, thirty-sixth, thirty-seventh and thirty-eighth blind groups are each left out of the run until
 * their first figure is recorded (`RECORDED.blind3`, `RECORDED.blind4`, `RECORDED.blind5`, `RECORDED.blind6`,
 * `RECORDED.blind7`, `RECORDED.blind8`, `RECORDED.blind9`, `RECORDED.blind10`, `RECORDED.blind11`, `RECORDED.blind12`, `RECORDED.blind13`, `RECORDED.blind14`, `RECORDED.blind15`, `RECORDED.blind16`, `RECORDED.blind17`, `RECORDED.blind18`, `RECORDED.blind19`, `RECORDED.blind20`, `RECORDED.blind21`, `RECORDED.blind22`, `RECORDED.blind23`, `RECORDED.blind24`, `RECORDED.blind25`, `RECORDED.blind26`, `RECORDED.blind27`, `RECORDED.blind28`, `RECORDED.blind29`, `RECORDED.blind30`, `RECORDED.blind31`, `RECORDED.blind32`, `RECORDED.blind33`, `RECORDED.blind34`, `RECORDED.blind35`, `RECORDED.blind36`, `RECORDED.blind37`, `RECORDED.blind38`, which are not set yet): until then
 * nothing about how their cases resolve is computed here, not even totals.
 */
import { describe, expect, it } from 'vitest';
import {
  BLIND_SITES,
  BLIND2_SITES,
  BLIND3_SITES,
  BLIND4_SITES,
  BLIND5_SITES,
  BLIND6_SITES,
  BLIND7_SITES,
  BLIND8_SITES,
  BLIND9_SITES,
  BLIND10_SITES,
  BLIND11_SITES,
  BLIND12_SITES,
  BLIND13_SITES,
  BLIND14_SITES,
  BLIND15_SITES,
  BLIND16_SITES,
  BLIND17_SITES,
  BLIND18_SITES,
  BLIND19_SITES,
  BLIND20_SITES,
  BLIND21_SITES,
  BLIND22_SITES,
  BLIND23_SITES,
  BLIND24_SITES,
  BLIND25_SITES,
  BLIND26_SITES,
  BLIND27_SITES,
  BLIND28_SITES,
  BLIND29_SITES,
  BLIND30_SITES,
  BLIND31_SITES,
  BLIND32_SITES,
  BLIND33_SITES,
  BLIND34_SITES,
  BLIND35_SITES,
  BLIND36_SITES,
  BLIND37_SITES,
  BLIND38_SITES,
  type CaseGroup,
  groupOf,
  HELD_OUT_SITES,
  isBlindGroup,
  realCases,
} from '../fixtures/real-pages/corpus.js';
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

  /** A later blind group: enough cases, sites no other group has, every kind and action represented. */
  const expectOwnBlindGroup = (
    group:
      | 'blind2'
      | 'blind3'
      | 'blind4'
      | 'blind5'
      | 'blind6'
      | 'blind7'
      | 'blind8'
      | 'blind9'
      | 'blind10'
      | 'blind11'
      | 'blind12'
      | 'blind13'
      | 'blind14'
      | 'blind15'
      | 'blind16'
      | 'blind17'
      | 'blind18'
      | 'blind19'
      | 'blind20'
      | 'blind21'
      | 'blind22'
      | 'blind23'
      | 'blind24'
      | 'blind25'
      | 'blind26'
      | 'blind27'
      | 'blind28'
      | 'blind29'
      | 'blind30'
      | 'blind31'
      | 'blind32'
      | 'blind33'
      | 'blind34'
      | 'blind35'
      | 'blind36'
      | 'blind37'
      | 'blind38',
    sites: Set<string>,
    atLeast: number,
  ) => {
    const cases = realCases.filter((c) => groupOf(c) === group);
    expect(cases.length).toBeGreaterThanOrEqual(atLeast);
    expect(sites.size).toBeGreaterThanOrEqual(4);
    const others = new Set(realCases.filter((c) => groupOf(c) !== group).map((c) => c.site));
    expect([...sites].filter((site) => others.has(site))).toEqual([]);
    expect(new Set(cases.map((c) => c.kind)).size).toBe(9);
    expect(new Set(cases.map((c) => c.action))).toEqual(new Set(['click', 'type', 'hover']));
  };

  it('has a second blind group of at least 150 cases over four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind2', BLIND2_SITES, 150);
  });

  it('has a third blind group of at least 180 cases over four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind3', BLIND3_SITES, 180);
  });

  it('has a fourth blind group of at least 300 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind4', BLIND4_SITES, 300);
  });

  it('has a fifth blind group of at least 260 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind5', BLIND5_SITES, 260);
  });

  it('has a sixth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind6', BLIND6_SITES, 250);
  });

  it('has a seventh blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind7', BLIND7_SITES, 250);
  });

  it('has an eighth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind8', BLIND8_SITES, 250);
  });

  it('has a ninth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind9', BLIND9_SITES, 250);
  });

  it('has a tenth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind10', BLIND10_SITES, 250);
  });

  it('has an eleventh blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind11', BLIND11_SITES, 250);
  });

  it('has a twelfth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind12', BLIND12_SITES, 250);
  });

  it('has a thirteenth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind13', BLIND13_SITES, 250);
  });

  it('has a fourteenth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind14', BLIND14_SITES, 250);
  });

  it('has a fifteenth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind15', BLIND15_SITES, 250);
  });

  it('has a sixteenth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind16', BLIND16_SITES, 250);
  });

  it('has a seventeenth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind17', BLIND17_SITES, 250);
  });

  it('has an eighteenth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind18', BLIND18_SITES, 250);
  });

  it('has a nineteenth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind19', BLIND19_SITES, 250);
  });

  it('has a twentieth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind20', BLIND20_SITES, 250);
  });

  it('has a twenty-first blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind21', BLIND21_SITES, 250);
  });

  it('has a twenty-second blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind22', BLIND22_SITES, 250);
  });

  it('has a twenty-third blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind23', BLIND23_SITES, 250);
  });

  it('has a twenty-fourth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind24', BLIND24_SITES, 250);
  });

  it('has a twenty-fifth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind25', BLIND25_SITES, 250);
  });

  it('has a twenty-sixth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind26', BLIND26_SITES, 250);
  });

  it('has a twenty-seventh blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind27', BLIND27_SITES, 250);
  });

  it('has a twenty-eighth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind28', BLIND28_SITES, 250);
  });

  it('has a twenty-ninth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind29', BLIND29_SITES, 250);
  });

  it('has a thirtieth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind30', BLIND30_SITES, 250);
  });

  it('has a thirty-first blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind31', BLIND31_SITES, 250);
  });

  it('has a thirty-second blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind32', BLIND32_SITES, 250);
  });

  it('has a thirty-third blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind33', BLIND33_SITES, 250);
  });

  it('has a thirty-fourth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind34', BLIND34_SITES, 250);
  });

  it('has a thirty-fifth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind35', BLIND35_SITES, 250);
  });

  it('has a thirty-sixth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind36', BLIND36_SITES, 250);
  });

  it('has a thirty-seventh blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind37', BLIND37_SITES, 250);
  });

  it('has a thirty-eighth blind group of at least 250 cases over at least four sites not in any other group, every kind represented', () => {
    expectOwnBlindGroup('blind38', BLIND38_SITES, 250);
  });

  // Resolves the whole corpus (about twenty thousand cases): seconds alone, longer beside the rest of a full run.
  it('resolves no case to a wrong element and keeps the recorded accuracy', async () => {
    // The third, fourth, fifth, sixth, seventh, eighth, ninth, tenth, eleventh, twelfth, thirteenth, fourteenth, fifteenth, sixteenth, seventeenth, eighteenth, nineteenth, twentieth, twenty-first, twenty-second, twenty-third, twenty-fourth, twenty-fifth, twenty-sixth, twenty-seventh, twenty-eighth, twenty-ninth, thirtieth, thirty-first, thirty-second, thirty-third, thirty-fourth, thirty-fifth, thirty-sixth, thirty-seventh and thirty-eighth blind groups are resolved only once
    // their first figure is to be recorded: until then they are left out.
    const unrecorded = new Set<CaseGroup>(
      (
        [
          'blind3',
          'blind4',
          'blind5',
          'blind6',
          'blind7',
          'blind8',
          'blind9',
          'blind10',
          'blind11',
          'blind12',
          'blind13',
          'blind14',
          'blind15',
          'blind16',
          'blind17',
          'blind18',
          'blind19',
          'blind20',
          'blind21',
          'blind22',
          'blind23',
          'blind24',
          'blind25',
          'blind26',
          'blind27',
          'blind28',
          'blind29',
          'blind30',
          'blind31',
          'blind32',
          'blind33',
          'blind34',
          'blind35',
          'blind36',
          'blind36',
          'blind37',
          'blind38',
        ] as const
      ).filter((g) => RECORDED[g] === undefined),
    );
    const outcomes = await evaluateCorpus(realCases.filter((c) => !unrecorded.has(groupOf(c))));
    const summary = summarize(outcomes);
    const { tuned, heldOut, blind, blind2 } = summary;
    const misses = outcomes.filter((o) => o.verdict !== 'correct' && !isBlindGroup(o.case));
    const laterLines = (
      [
        'blind3',
        'blind4',
        'blind5',
        'blind6',
        'blind7',
        'blind8',
        'blind9',
        'blind10',
        'blind11',
        'blind12',
        'blind13',
        'blind14',
        'blind15',
        'blind16',
        'blind17',
        'blind18',
        'blind19',
        'blind20',
        'blind21',
        'blind22',
        'blind23',
        'blind24',
        'blind25',
        'blind26',
        'blind27',
        'blind28',
        'blind29',
        'blind30',
        'blind31',
        'blind32',
        'blind33',
        'blind34',
        'blind35',
        'blind36',
        'blind37',
        'blind38',
      ] as const
    )
      .filter((group) => !unrecorded.has(group))
      .map((group) => {
        const t = summary[group];
        return `, ${group} ${t.correct}/${t.cases} (${t.wrong} wrong, ${t.abstained} abstained)`;
      })
      .join('');
    console.log(
      `real-page corpus: tuned ${tuned.correct}/${tuned.cases}, held out ${heldOut.correct}/${heldOut.cases}, blind ${blind.correct}/${blind.cases} (${blind.abstained} abstained), blind2 ${blind2.correct}/${blind2.cases} (${blind2.wrong} wrong, ${blind2.abstained} abstained)${laterLines}${misses.map((m) => `\n  ${describeMiss(m)}`).join('')}`,
    );
    const wrong = outcomes.filter((o) => o.verdict === 'wrong');
    expect(wrong.filter((o) => !isBlindGroup(o.case)).map(describeMiss)).toEqual([]);
    // Totals only, as for blind2: which blind3, blind4, blind5, blind6, blind7, blind8, blind9, blind10, blind11, blind12, blind13, blind14, blind15, blind16, blind17, blind18, blind19, blind20, blind21, blind22, blind23, blind24, blind25, blind26, blind27, blind28, blind29, blind30, blind31, blind32, blind33, blind34, blind35, blind36, blind37 or blind38
    // cases miss is never printed.
    for (const [group, recorded, ceiling] of [
      ['blind3', RECORDED.blind3, RECORDED.blind3Wrong],
      ['blind4', RECORDED.blind4, RECORDED.blind4Wrong],
      ['blind5', RECORDED.blind5, RECORDED.blind5Wrong],
      ['blind6', RECORDED.blind6, RECORDED.blind6Wrong],
      ['blind7', RECORDED.blind7, RECORDED.blind7Wrong],
      ['blind8', RECORDED.blind8, RECORDED.blind8Wrong],
      ['blind9', RECORDED.blind9, RECORDED.blind9Wrong],
      ['blind10', RECORDED.blind10, RECORDED.blind10Wrong],
      ['blind11', RECORDED.blind11, RECORDED.blind11Wrong],
      ['blind12', RECORDED.blind12, RECORDED.blind12Wrong],
      ['blind13', RECORDED.blind13, RECORDED.blind13Wrong],
      ['blind14', RECORDED.blind14, RECORDED.blind14Wrong],
      ['blind15', RECORDED.blind15, RECORDED.blind15Wrong],
      ['blind16', RECORDED.blind16, RECORDED.blind16Wrong],
      ['blind17', RECORDED.blind17, RECORDED.blind17Wrong],
      ['blind18', RECORDED.blind18, RECORDED.blind18Wrong],
      ['blind19', RECORDED.blind19, RECORDED.blind19Wrong],
      ['blind20', RECORDED.blind20, RECORDED.blind20Wrong],
      ['blind21', RECORDED.blind21, RECORDED.blind21Wrong],
      ['blind22', RECORDED.blind22, RECORDED.blind22Wrong],
      ['blind23', RECORDED.blind23, RECORDED.blind23Wrong],
      ['blind24', RECORDED.blind24, RECORDED.blind24Wrong],
      ['blind25', RECORDED.blind25, RECORDED.blind25Wrong],
      ['blind26', RECORDED.blind26, RECORDED.blind26Wrong],
      ['blind27', RECORDED.blind27, RECORDED.blind27Wrong],
      ['blind28', RECORDED.blind28, RECORDED.blind28Wrong],
      ['blind29', RECORDED.blind29, RECORDED.blind29Wrong],
      ['blind30', RECORDED.blind30, RECORDED.blind30Wrong],
      ['blind31', RECORDED.blind31, RECORDED.blind31Wrong],
      ['blind32', RECORDED.blind32, RECORDED.blind32Wrong],
      ['blind33', RECORDED.blind33, RECORDED.blind33Wrong],
      ['blind34', RECORDED.blind34, RECORDED.blind34Wrong],
      ['blind35', RECORDED.blind35, RECORDED.blind35Wrong],
      ['blind36', RECORDED.blind36, RECORDED.blind36Wrong],
      ['blind37', RECORDED.blind37, RECORDED.blind37Wrong],
      ['blind38', RECORDED.blind38, RECORDED.blind38Wrong],
    ] as const) {
      if (recorded === undefined) continue;
      expect(summary[group].wrong, `${group} wrong answers above the recorded ceiling`).toBeLessThanOrEqual(
        ceiling ?? 0,
      );
      expect(summary[group].correct, `${group} correct answers below the recorded figure`).toBeGreaterThanOrEqual(
        recorded,
      );
    }
    // Totals only: which blind2 cases miss is never printed, not even when this fails.
    expect(blind2.wrong, 'blind2 wrong answers above the recorded ceiling').toBeLessThanOrEqual(RECORDED.blind2Wrong);
    expect(blind2.correct, 'blind2 correct answers below the recorded figure').toBeGreaterThanOrEqual(RECORDED.blind2);
    const blindWrong = wrong.filter((o) => groupOf(o.case) === 'blind');
    if (blindWrong.length > RECORDED.blindWrong) expect(blindWrong.map(describeMiss)).toEqual([]);
    expect(tuned.correct).toBeGreaterThanOrEqual(RECORDED.tuned);
    expect(heldOut.correct).toBeGreaterThanOrEqual(RECORDED.heldOut);
    expect(blind.correct).toBeGreaterThanOrEqual(RECORDED.blind);
  }, 300_000);
});
